import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import {
  APPLE_TOUCH_ICON_SIZE,
  parseAppIconFile,
  webAppManifest,
  type IconPurpose,
} from '@shared/app-manifest';
import type { Brand } from '@shared/brand';

/*
 * The installable app (issue 33, decision 059): the web app manifest and its icons, made from
 * the brand file in force, so that another dry cleaner's BRAND_FILE gets its own. The icons are
 * drawn with sharp from the brand's logo once, when first asked for, and kept in memory.
 */

/** The logo's file: in the build's client folder, or public/ (development, API-only tests). */
async function readLogo(brand: Brand, buildDir: string): Promise<Buffer> {
  const relative = brand.logo.replace(/^\/+/, '');
  for (const root of [path.join(buildDir, 'client'), path.resolve('public')]) {
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep)) continue;
    const bytes = await readFile(file).catch(() => null);
    if (bytes) return bytes;
  }
  throw new Error(`The brand's logo ${brand.logo} is in neither the build nor public/.`);
}

/**
 * One PNG icon. Regular: the logo over the whole square, its own transparency kept. Maskable:
 * the logo inside the middle 70 % (Android's safe zone is the middle 80 %) on the brand's
 * colour. Apple's: the regular one flattened on the brand's colour (iOS draws black otherwise).
 */
export async function renderAppIcon(
  logo: Buffer,
  size: number,
  purpose: IconPurpose | 'apple',
  background: string,
): Promise<Buffer> {
  // SVG drawn at a density that gives at least the icon's size, then resized down: sharp.
  const density = Math.max(72, Math.ceil((72 * size) / 64) * 2);
  const inner = purpose === 'maskable' ? Math.round(size * 0.7) : size;
  const drawn = await sharp(logo, { density })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  if (purpose === 'any') return drawn;
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: drawn, left: offset, top: offset }])
    .flatten({ background })
    .png()
    .toBuffer();
}

export function appManifestRoutes(
  app: FastifyInstance,
  options: { brand: Brand; buildDir: string },
) {
  const { brand, buildDir } = options;
  const manifest = JSON.stringify(webAppManifest(brand));
  const manifestEtag = `"${createHash('sha256').update(manifest).digest('base64url').slice(0, 22)}"`;
  let logo: Promise<Buffer> | null = null;
  const icons = new Map<string, Promise<Buffer>>();
  const icon = (key: string, size: number, purpose: IconPurpose | 'apple') => {
    let bytes = icons.get(key);
    if (!bytes) {
      logo ??= readLogo(brand, buildDir);
      bytes = logo.then((svg) => renderAppIcon(svg, size, purpose, brand.colours.primary));
      // A failure is not kept: the next request tries again.
      bytes.catch(() => icons.delete(key));
      icons.set(key, bytes);
    }
    return bytes;
  };

  app.get('/manifest.webmanifest', (request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    reply.header('ETag', manifestEtag);
    if (request.headers['if-none-match'] === manifestEtag) return reply.code(304).send();
    return reply.type('application/manifest+json; charset=utf-8').send(manifest);
  });

  app.get<{ Params: { file: string } }>('/icons/:file', async (request, reply) => {
    const wanted = parseAppIconFile(request.params.file);
    if (!wanted) return reply.callNotFound();
    const bytes = await icon(request.params.file, wanted.size, wanted.purpose);
    reply.header('Cache-Control', 'public, max-age=86400');
    return reply.type('image/png').send(bytes);
  });

  app.get('/apple-touch-icon.png', async (_request, reply) => {
    const bytes = await icon('apple', APPLE_TOUCH_ICON_SIZE, 'apple');
    reply.header('Cache-Control', 'public, max-age=86400');
    return reply.type('image/png').send(bytes);
  });
}
