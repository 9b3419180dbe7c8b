/**
 * The service worker's build (decision 059): run by React Router's `buildEnd` hook
 * (react-router.config.ts), so every `react-router build` (npm run build, npm start's own
 * build, the browser tests' builds, the Dockerfile) leaves build/client/sw.js beside the app.
 * vite-plugin-pwa does not support React Router's framework mode, so: Vite bundles
 * app/service-worker/sw.ts into one classic script, then Workbox's injectManifest writes the
 * precache list of what is in build/client into it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { injectManifest } from 'workbox-build';

/** What the worker precaches: the app shell (hashed scripts and styles), fonts and images. */
export const PRECACHED = [
  'assets/**/*.{js,css,woff2}',
  'images/**/*.{svg,png,jpg,jpeg,webp}',
  'favicon.svg',
];

/** Bundles of the back office and the counter, which a customer's phone never needs. */
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
      globPatterns: PRECACHED,
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
