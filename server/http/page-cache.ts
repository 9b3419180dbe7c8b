import { randomBytes } from 'node:crypto';
import { appStoreFor } from '@shared/app-store';
import { SHARED_PAGE_HEADER } from '@shared/shared-page';

/**
 * Server-rendered HTML of shared pages, kept per instance and served again until the content
 * changes (docs/decisions/011). A page opts in with the `X-Shared-Page` header (its route's
 * `headers`), which never leaves the server. Only requests that cannot be personal use it: GET,
 * no cookie, no Authorization, no query string. Each reply gets its own CSP nonce: the stored
 * HTML holds a placeholder where the nonce of the render was.
 *
 * An entry is used while the content version it was rendered at is current, while slot usage
 * has not changed since (the booking form lists the collection windows still offered, also for
 * visitors without JavaScript), and for at most `maxAgeMs`, which bounds what changes without
 * either (the footer's year).
 */
export type PageRequestFacts = {
  method: string;
  url: string;
  headers: { cookie?: string; authorization?: string; 'user-agent'?: string };
};

export type CacheDecision =
  /** The request may be personal: render it, keep nothing. */
  | { kind: 'personal' }
  | { kind: 'hit'; html: string; contentType: string }
  /** Render it; hand the rendered page to `keep` (it keeps only a whole, shared 200). */
  | {
      kind: 'miss';
      keep(response: { status: number; headers: Headers }, html: string): boolean;
    };

export type SharedPageCache = {
  /** The header a page sets to opt in; never sent on. */
  readonly markerHeader: string;
  /** True when `response` is a page to keep, to be read whole and handed to `keep`. */
  isShared(response: { status: number; headers: Headers }): boolean;
  decide(request: PageRequestFacts, nonce: string): Promise<CacheDecision>;
};

export function createSharedPageCache(options: {
  /** The content version now; entries rendered at an older one are not used. */
  contentVersion: () => Promise<number>;
  /** A number raised on every change of slot usage; entries rendered before one are not used. */
  slotUsage?: () => number;
  maxAgeMs?: number;
  maxEntries?: number;
  now?: () => number;
}): SharedPageCache {
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const placeholder = `cspnonce${randomBytes(12).toString('hex')}`;
  const marker = SHARED_PAGE_HEADER.toLowerCase();
  const entries = new Map<
    string,
    { version: number; usage: number; storedAt: number; contentType: string; html: string }
  >();
  const isShared = (response: { status: number; headers: Headers }) =>
    response.status === 200 &&
    response.headers.get(marker) === '1' &&
    response.headers.get('set-cookie') === null;

  return {
    markerHeader: marker,
    isShared,
    async decide(request, nonce) {
      const personal =
        request.method !== 'GET' ||
        request.headers.cookie !== undefined ||
        request.headers.authorization !== undefined ||
        request.url.includes('?');
      if (personal || !nonce) return { kind: 'personal' };
      let version: number;
      try {
        version = await options.contentVersion();
      } catch {
        return { kind: 'personal' }; // the database is down: the page's own render reports it
      }
      // The app banner links to the visitor's app store: one entry per kind of device.
      const key = `${request.url}\n${appStoreFor(request.headers['user-agent'] ?? '')}`;
      const usage = options.slotUsage?.() ?? 0;
      const entry = entries.get(key);
      if (
        entry &&
        entry.version >= version &&
        entry.usage === usage &&
        now() - entry.storedAt < maxAgeMs
      ) {
        return {
          kind: 'hit',
          html: entry.html.replaceAll(placeholder, nonce),
          contentType: entry.contentType,
        };
      }
      return {
        kind: 'miss',
        keep(response, html) {
          // Only a whole page: not one whose render was cut short.
          if (!isShared(response) || !html.trimEnd().endsWith('</html>')) return false;
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(key, {
            version,
            usage,
            storedAt: now(),
            contentType: response.headers.get('content-type') ?? 'text/html',
            html: html.replaceAll(nonce, placeholder),
          });
          return true;
        },
      };
    },
  };
}
