/**
 * What the service worker caches at run time (decision 064), beside its precache of the app
 * shell (scripts/app-shell.ts). Pure: the worker passes a request's path and destination, the
 * unit tests their own.
 *
 * - Images (the site's, the app's icons, uploaded photos) and fonts: from the cache once seen
 *   (CacheFirst), with a limit and an expiry.
 * - Scripts and styles outside the shell (`/assets/`, named by their content, so never stale):
 *   the same, when a page first loads them.
 * - Nothing else. The API (prices, slots, orders) and every page go to the network: a price or
 *   a slot is never answered from a copy as if it were live (a customer's order pages are kept
 *   for reading offline by offline-copies.ts, marked "as of 14:05, offline").
 */

export type RuntimeCache = 'images' | 'fonts' | 'assets';

/** Each runtime cache's name and limits (Workbox's ExpirationPlugin). */
export const RUNTIME_CACHES: Record<
  RuntimeCache,
  { name: string; maxEntries: number; maxAgeSeconds: number }
> = {
  images: { name: 'images-v1', maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 },
  fonts: { name: 'fonts-v1', maxEntries: 12, maxAgeSeconds: 365 * 24 * 3600 },
  assets: { name: 'assets-v1', maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600 },
};

/** The API's paths (a pattern, not a URL: the worker calls nothing there). */
const API = /^\/api\//;
const IMAGE_PLACES = /^\/(?:images|icons|uploads)\/|^\/(?:favicon\.svg|apple-touch-icon\.png)$/;
const IMAGE_FILE = /\.(?:svg|png|jpe?g|webp|avif|gif|ico)$/i;

/**
 * The runtime cache of a same-origin GET, or null for the network's own way. `destination` is
 * the request's (`image`, `font`, `script`, `style`, `document`, `''` for fetch()).
 */
export function runtimeCacheOf(pathname: string, destination: string): RuntimeCache | null {
  // Live answers only: the API is never cached, whatever it returns.
  if (API.test(pathname)) return null;
  if (destination === 'document' || destination === 'iframe') return null;
  if (/\.woff2?$/i.test(pathname)) return 'fonts';
  if (IMAGE_PLACES.test(pathname) && (destination === 'image' || IMAGE_FILE.test(pathname))) {
    return 'images';
  }
  if (pathname.startsWith('/assets/') && /\.(?:js|css)$/.test(pathname)) return 'assets';
  return null;
}
