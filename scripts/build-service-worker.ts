/**
 * The service worker's build (decision 059): run by React Router's `buildEnd` hook
 * (react-router.config.ts), so every `react-router build` (npm run build, npm start's own
 * build, the browser tests' builds, the Dockerfile) leaves build/client/sw.js beside the app.
 * vite-plugin-pwa does not support React Router's framework mode, so: Vite bundles
 * app/service-worker/sw.ts into one classic script, then Workbox's injectManifest writes the
 * precache list of what is in build/client into it.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { injectManifest } from 'workbox-build';
import { appShellFiles, parseClientManifest } from './app-shell';

/**
 * What the worker precaches (decision 064): the app shell read from React Router's client
 * manifest (scripts/app-shell.ts) and the fonts. Images and the other chunks are cached at run
 * time (app/service-worker/cache-rules.ts), so a first visit fetches no more than its budget.
 */
export async function precachedFiles(client: string): Promise<string[]> {
  const assets = await readdir(path.join(client, 'assets'));
  const manifestFile = assets.find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!manifestFile) throw new Error(`service worker: no client manifest in ${client}/assets`);
  const manifest = parseClientManifest(
    await readFile(path.join(client, 'assets', manifestFile), 'utf8'),
  );
  const fonts = assets.filter((name) => name.endsWith('.woff2')).map((name) => `assets/${name}`);
  return [...appShellFiles(manifest), ...fonts];
}

/** Never precached, whatever a route imports: the back office's and counter's bundles. */
const NOT_PRECACHED = ['assets/**/admin*', 'assets/**/counter*', 'assets/**/*.map'];

export async function buildServiceWorker(buildDirectory: string): Promise<{ count: number; size: number }> {
  const client = path.join(buildDirectory, 'client');
  const temp = await mkdtemp(path.join(os.tmpdir(), 'cleanline-sw-'));
  try {
    const { build } = await import('vite');
    await build({
      configFile: false,
      logLevel: 'warn',
      mode: 'production',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: temp,
        emptyOutDir: false,
        minify: true,
        copyPublicDir: false,
        lib: {
          entry: path.resolve('app/service-worker/sw.ts'),
          formats: ['iife'],
          name: 'serviceWorker',
          fileName: () => 'sw.js',
        },
      },
    });
    const result = await injectManifest({
      swSrc: path.join(temp, 'sw.js'),
      swDest: path.join(client, 'sw.js'),
      globDirectory: client,
      globPatterns: await precachedFiles(client),
      globIgnores: NOT_PRECACHED,
      // Vite names assets by their content: the name is the revision.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    });
    for (const warning of result.warnings) console.warn(`service worker: ${warning}`);
    return { count: result.count, size: result.size };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
