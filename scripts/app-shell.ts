/**
 * What the service worker precaches (decision 064): the app shell, read from React Router's
 * client manifest of the build (`build/client/assets/manifest-*.js`), never a glob over every
 * asset. The shell is the client entry, the root route and the public pages that ship scripts
 * (decision 041's table), and the tracking page a notification opens: each route's module,
 * the chunks it imports and its stylesheets, and the manifest file itself. Everything else
 * (the account's and checkout's chunks, images, uploads) is cached at run time when a page
 * first uses it (app/service-worker/cache-rules.ts). Pure: the build script reads the file.
 */

/** React Router's client manifest, the parts read here. */
export type ClientManifest = {
  url: string;
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] } | undefined>;
};

/** The routes whose code is precached: the public pages with scripts, and tracking. */
export const SHELL_ROUTES = [
  'root',
  'routes/home',
  'routes/pricing',
  'routes/services',
  'routes/how-it-works',
  'routes/areas',
  'routes/corporates',
  'routes/branches',
  'routes/blogs',
  'routes/landing',
  'routes/track',
] as const;

/**
 * The budget a test holds the precache to (tests/service-worker-precache.integration.test.ts):
 * a first visit's worker fetches at most this, most of it the page's own scripts already in
 * the browser's cache. Gzipped as served; kB = 1024 bytes.
 */
export const PRECACHE_BUDGET = { files: 48, gzippedKb: 180 } as const;

/** The global the manifest file assigns. */
const MANIFEST_PREFIX = 'window.__reactRouterManifest=';

/** The manifest object from the text of `assets/manifest-*.js`. */
export function parseClientManifest(text: string): ClientManifest {
  const start = text.indexOf(MANIFEST_PREFIX);
  if (start < 0) throw new Error('not a React Router client manifest');
  const json = text
    .slice(start + MANIFEST_PREFIX.length)
    .trim()
    .replace(/;$/, '');
  return JSON.parse(json) as ClientManifest;
}

/**
 * The files of the shell, relative to build/client (as Workbox's globs name them), sorted. A
 * route id missing from the manifest is an error: a renamed route must not silently leave the
 * shell.
 */
export function appShellFiles(
  manifest: ClientManifest,
  routeIds: readonly string[] = SHELL_ROUTES,
): string[] {
  const files = new Set<string>([manifest.url]);
  const addAll = (part: { module: string; imports?: string[]; css?: string[] }) => {
    files.add(part.module);
    for (const file of part.imports ?? []) files.add(file);
    for (const file of part.css ?? []) files.add(file);
  };
  addAll(manifest.entry);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`app shell: no route ${id} in the client manifest`);
    addAll(route);
  }
  return [...files].map((file) => file.replace(/^\//, '')).sort();
}
