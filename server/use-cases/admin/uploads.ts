import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { uploads } from '../../db/schema';
import { BadRequestError, ValidationError } from '../../errors';
import { detectImageType } from './image-type';

const NOT_AN_IMAGE = 'Only PNG, JPEG, WebP or GIF images can be uploaded.';

/**
 * Stores an image uploaded in the back office, checked by its bytes (not its name or claimed
 * type), under a new fingerprinted name; returns the path pages use for it.
 */
export async function storeImage(
  deps: Pick<AppServices, 'db'>,
  input: { bytes: Buffer },
): Promise<string> {
  const { bytes } = input;
  if (bytes.length === 0) throw new BadRequestError('Choose an image to upload.', 'file-missing');
  const type = detectImageType(bytes);
  if (!type) throw new ValidationError(NOT_AN_IMAGE, { file: [NOT_AN_IMAGE] }, 'not-an-image');
  const name = `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.${type.ext}`;
  await deps.db.insert(uploads).values({ name, mime: type.mime, bytes, sizeBytes: bytes.length });
  return `/uploads/${name}`;
}

/** An uploaded image by its file name, or null. */
export async function findImage(deps: Pick<AppServices, 'db'>, input: { name: string }) {
  const { name } = input;
  if (!/^[a-z0-9]+-[0-9a-f]{12}\.(png|jpg|gif|webp)$/.test(name)) return null;
  const [image] = await deps.db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  return image ?? null;
}
