/// <reference lib="webworker" />
/**
 * The service worker (issue 33, decision 059), bundled after `react-router build` by
 * scripts/build-service-worker.ts into build/client/sw.js, with Workbox's precache list of the
 * app shell (scripts/app-shell.ts: the public pages' scripts and styles, fonts) injected.
 *
 * - Pages and /api go to the network first, always: a price, a slot or an order is never
 *   answered from a copy as if it were live.
 * - A signed-in customer's order pages (offline-copies.ts) are kept as they are fetched, and
 *   answered from the copy only when the network fails, marked "as of 14:05, offline".
 * - The copies are thrown away before anyone signs in or out on the device.
 * - A form sent offline is answered with a page that says nothing was sent.
 * - Push notifications: push.ts.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  COPY_TIME_HEADER,
  OFFLINE_COPIES_MAX,
  OFFLINE_COPIES_MAX_AGE_SECONDS,
  changesWhoIsSignedIn,
  isReadableOffline,
  offlineLabel,
  offlinePageHtml,
  pagePathOf,
  withOfflineBanner,
} from './offline-copies';
import { RUNTIME_CACHES, runtimeCacheOf, type RuntimeCache } from './cache-rules';
import { openNotificationUrl, readPushPayload, showPushNotification } from './push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

/** The kept order pages (offline-copies.ts). */
const COPIES = 'offline-copies-v1';

const strategies = Object.fromEntries(
  Object.entries(RUNTIME_CACHES).map(([kind, cache]) => [
    kind,
    new CacheFirst({
      cacheName: cache.name,
      plugins: [
        new ExpirationPlugin({
          maxEntries: cache.maxEntries,
          maxAgeSeconds: cache.maxAgeSeconds,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  ]),
) as Record<RuntimeCache, CacheFirst>;

/** Only the app shell (decision 064): scripts/app-shell.ts says what, and its budget. */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Images, fonts and the chunks outside the shell: from a cache once seen (cache-rules.ts).
// The API and the pages never: a price or a slot is always the network's answer.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    runtimeCacheOf(url.pathname, request.destination) !== null,
  ({ url, request, event }) => {
    const kind = runtimeCacheOf(url.pathname, request.destination)!;
    return strategies[kind].handle({ request, event });
  },
);

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  // Navigation preload: a page's request starts while the worker wakes, so going through the
  // worker costs a visit no waiting for it.
  event.waitUntil(
    Promise.all([
      self.clients.claim(),
      self.registration.navigationPreload?.enable(),
      // The uploads' cache before decision 064 (now in images-v1).
      caches.delete('uploaded-images-v1'),
    ]),
  );
});

/** The page's own response: the preloaded one for a navigation, else fetched now. */
async function fromNetwork(event: FetchEvent): Promise<Response> {
  const preloaded = (await event.preloadResponse.catch(() => undefined)) as Response | undefined;
  return preloaded ?? fetch(event.request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') {
    event.respondWith(sendOrSayOffline(request, url));
    return;
  }
  // The API, and everything that is not a page: the browser's own way (network).
  if (url.pathname.startsWith('/api/')) return;
  if (isReadableOffline(url.pathname)) {
    event.respondWith(networkThenCopy(event, request, url));
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(fromNetwork(event).catch(() => offlineResponse('page')));
  }
});

function offlineResponse(kind: 'page' | 'form'): Response {
  return new Response(offlinePageHtml(kind), {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

async function clearOfflineCopies(): Promise<void> {
  await caches.delete(COPIES);
}

/** A form or API write: sent as it is; offline, said so, never a pretended success. */
async function sendOrSayOffline(request: Request, url: URL): Promise<Response> {
  const body = request.headers.get('content-type')?.includes('urlencoded')
    ? await request
        .clone()
        .text()
        .catch(() => '')
    : '';
  if (changesWhoIsSignedIn(request.method, url.pathname, body)) await clearOfflineCopies();
  try {
    return await fetch(request);
  } catch (error) {
    if (request.mode === 'navigate') return offlineResponse('form');
    throw error;
  }
}

/** Network first; the response kept with its time; the copy only when the network fails. */
async function networkThenCopy(event: FetchEvent, request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(COPIES);
  let response: Response;
  try {
    response = await fromNetwork(event);
  } catch {
    const copy = await cache.match(url.href, { ignoreVary: true });
    if (!copy) return request.mode === 'navigate' ? offlineResponse('page') : Response.error();
    return answerFromCopy(event, request, url, copy);
  }
  if (response.status === 200 && response.type === 'basic' && !response.redirected) {
    event.waitUntil(keep(cache, url, response.clone()));
  } else if (response.type === 'opaqueredirect' || response.status === 401) {
    // Sent to sign in: whoever's copies these were is not signed in here any more.
    event.waitUntil(clearOfflineCopies());
  }
  return response;
}

async function keep(cache: Cache, url: URL, response: Response): Promise<void> {
  const headers = new Headers(response.headers);
  headers.set(COPY_TIME_HEADER, new Date().toISOString());
  const body = await response.arrayBuffer();
  await cache.put(url.href, new Response(body, { status: 200, headers }));
  // Seen recently: the oldest and the expired go.
  const keys = await cache.keys();
  const now = Date.now();
  const stale: Request[] = [];
  for (const key of keys) {
    const kept = await cache.match(key);
    const at = Date.parse(kept?.headers.get(COPY_TIME_HEADER) ?? '');
    if (!(now - at < OFFLINE_COPIES_MAX_AGE_SECONDS * 1000)) stale.push(key);
  }
  const fresh = keys.filter((key) => !stale.includes(key));
  const over = fresh.slice(0, Math.max(0, fresh.length - OFFLINE_COPIES_MAX));
  await Promise.all([...stale, ...over].map((key) => cache.delete(key)));
}

async function answerFromCopy(
  event: FetchEvent,
  request: Request,
  url: URL,
  copy: Response,
): Promise<Response> {
  const at = new Date(copy.headers.get(COPY_TIME_HEADER) ?? Date.now());
  const label = offlineLabel(at, new Date());
  const page = pagePathOf(url.pathname);
  const type = copy.headers.get('content-type') ?? '';
  if (request.mode === 'navigate' && type.includes('text/html')) {
    const headers = new Headers(copy.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    headers.delete('etag');
    return new Response(withOfflineBanner(await copy.text(), label, page), {
      status: 200,
      headers,
    });
  }
  // A client navigation's data (or a document): the page shows the banner on this message.
  const client = event.clientId ? await self.clients.get(event.clientId) : null;
  client?.postMessage({ type: 'offline-copy', path: page, label });
  return copy;
}

self.addEventListener('push', (event) => {
  const payload = readPushPayload(
    event.data ? event.data.text() : null,
    self.location.origin,
    'Your order',
  );
  event.waitUntil(showPushNotification(self.registration, payload));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotificationUrl(event.notification, self.clients, self.location.origin));
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'clear-offline-copies') event.waitUntil(clearOfflineCopies());
});
