import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // BUILD_DIR lets several builds coexist (parallel test runs on one machine).
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // React Router v8's behaviour, adopted on v7 (docs: upgrading/future; decision 012).
  future: {
    // Loaders get a RouterContextProvider as `context` (server/http/load-context.ts).
    v8_middleware: true,
    // clientLoader/clientAction in their own chunks (we have none yet; no change).
    v8_splitRouteModules: true,
    // Vite's Environment API for the client and server builds.
    v8_viteEnvironmentApi: true,
    // Loaders see the raw request (`/page.data` on client navigations): read the page's
    // path from the `url` argument, never from `request.url`.
    v8_passThroughRequests: true,
    // Data requests of a path with a trailing slash go to `/path/_.data` (root: `/_.data`).
    v8_trailingSlashAwareDataRequests: true,
  },
  // The service worker, over the finished client build (decision 059).
  async buildEnd({ reactRouterConfig }) {
    const { buildServiceWorker } = await import('./scripts/build-service-worker.ts');
    const { count, size } = await buildServiceWorker(reactRouterConfig.buildDirectory);
    console.log(`service worker: sw.js precaches ${count} files (${Math.round(size / 1024)} kB)`);
  },
} satisfies Config;
