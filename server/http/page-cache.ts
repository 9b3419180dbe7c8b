import { createHash } from 'node:crypto';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { promisify } from 'node:util';

/**
 * Shared pages (docs/decisions/011, 042): a page whose route says it is the same for every
 * visitor (`handle.sharedPage`) is rendered once per content change, for nobody in particular
 * (no cookie, no Authorization), and kept per instance as bytes: the HTML without CSP nonces,
 * the hashes of its inline scripts for its Content-Security-Policy, a strong ETag, and its gzip
 * and brotli forms made once. Every visitor of that page gets those bytes, signed in or not,
 * whatever cookies they carry; what is personal on it is filled in by the browser.
 *
 * An entry is used while the content version it was rendered at is current, while slot usage
 * has not changed since (the booking form lists the collection windows still offered, also for
 * visitors without JavaScript), and for at most `maxAgeMs`, which bounds what changes with time
 * alone (windows passing their lead time, the footer's year). Every instance hears of content
 * changes (decision 016), so every instance renders again after one, and instances that render
 * the same content send the same bytes under the same ETag.
 */

export type PageRequestFacts = {
  method: string;
  /** The path and query as requested. */
  url: string;
  headers: { authorization?: string };
};

/** A shared page as kept: sent as it is, or compressed once per encoding. */
export type SharedPage = {
  readonly etag: string;
  /** Headers of the render to send on (Content-Type …). */
  readonly headers: readonly (readonly [string, string])[];
  /** The Content-Security-Policy that allows exactly its inline scripts (null: none sent). */
  readonly contentSecurityPolicy: string | null;
  readonly html: Buffer;
  /** The page compressed for `encoding`, made on first use and kept. */
  compressed(encoding: 'br' | 'gzip'): Promise<Buffer>;
};

/** What rendering a shared page for nobody gave: kept when it is a whole 200 page. */
export type SharedRender = { response: Response; html: string; nonce: string };

export type SharedPageOutcome =
  | { kind: 'hit'; page: SharedPage }
  /** Rendered now and kept. */
  | { kind: 'miss'; page: SharedPage }
  /** Rendered now, not a page to keep (a 404, a redirect, a cut render): sent as it came. */
  | { kind: 'not-kept'; render: SharedRender };

export type SharedPageCache = {
  /** The cache key of a request for a shared page, or null when it must be rendered for its visitor. */
  keyOf(request: PageRequestFacts): string | null;
  /** The kept page for `key`, rendering it (once, however many ask at once) when missing or out of date. */
  get(key: string, render: () => Promise<SharedRender>): Promise<SharedPageOutcome>;
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function createSharedPageCache(options: {
  /** Whether the route of a path declares its page shared (`handle.sharedPage`). */
  isSharedPath: (pathname: string) => boolean;
  /** The content version now; entries rendered at an older one are not used. */
  contentVersion: () => Promise<number>;
  /** A number raised on every change of slot usage; entries rendered before one are not used. */
  slotUsage?: () => number;
  /** The Content-Security-Policy for a page with these inline-script hashes (null: none). */
  policyForHashes: (hashes: readonly string[]) => string | null;
  maxAgeMs?: number;
  maxEntries?: number;
  now?: () => number;
}): SharedPageCache {
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const entries = new Map<
    string,
    { version: number; usage: number; storedAt: number; page: SharedPage }
  >();
  const rendering = new Map<string, Promise<SharedPageOutcome>>();

  const fresh = (key: string, version: number, usage: number) => {
    const entry = entries.get(key);
    return entry &&
      entry.version >= version &&
      entry.usage === usage &&
      now() - entry.storedAt < maxAgeMs
      ? entry
      : undefined;
  };

  async function renderAndKeep(
    key: string,
    version: number,
    usage: number,
    render: () => Promise<SharedRender>,
  ): Promise<SharedPageOutcome> {
    const rendered = await render();
    const page = keepable(rendered) ? sharedPage(rendered, options.policyForHashes) : null;
    if (!page) return { kind: 'not-kept', render: rendered };
    if (entries.size >= maxEntries && !entries.has(key)) {
      entries.delete(entries.keys().next().value!);
    }
    entries.set(key, { version, usage, storedAt: now(), page });
    return { kind: 'miss', page };
  }

  return {
    keyOf(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      // A query may make the page personal (?again=, ?ref=): rendered for its visitor.
      if (request.url.includes('?') || request.headers.authorization !== undefined) return null;
      // A client navigation's data (/account.data) is its visitor's, whatever route its path
      // would match once `.data` is read as part of a page's path (/:id matches /account.data).
      if (request.url.endsWith('.data')) return null;
      return options.isSharedPath(request.url) ? request.url : null;
    },
    async get(key, render) {
      const usage = options.slotUsage?.() ?? 0;
      let version: number;
      try {
        version = await options.contentVersion();
      } catch {
        // The database is down: the page's own render says so.
        return { kind: 'not-kept', render: await render() };
      }
      const entry = fresh(key, version, usage);
      if (entry) return { kind: 'hit', page: entry.page };
      // One render per page however many visitors ask while it runs.
      let pending = rendering.get(key);
      if (!pending) {
        pending = renderAndKeep(key, version, usage, render).finally(() => rendering.delete(key));
        rendering.set(key, pending);
        return pending;
      }
      const outcome = await pending;
      // Another visitor's render: kept pages are shared; a page not kept is rendered again.
      return outcome.kind === 'not-kept'
        ? { kind: 'not-kept', render: await render() }
        : { kind: 'hit', page: outcome.page };
    },
  };
}

/** Only a whole 200 page that sets no cookie is kept. */
function keepable({ response, html }: SharedRender): boolean {
  return (
    response.status === 200 &&
    response.headers.get('set-cookie') === null &&
    html.trimEnd().endsWith('</html>')
  );
}

/** Headers of the render that are not sent on: the cache and CSP of a shared page are its own. */
const NOT_SENT_ON = new Set(['set-cookie', 'cache-control', 'content-security-policy', 'etag']);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The page as every visitor gets it: the render's nonce removed, and in its place the SHA-256
 * of each inline script, for the Content-Security-Policy (CSP level 2 hash sources). A script
 * that the page itself brings to life later with the same text (the starter of
 * app/utils/script-priority.ts) is allowed by the same hash.
 */
export function withoutNonce(
  html: string,
  nonce: string,
): { html: string; scriptHashes: string[] } {
  const bare = nonce ? html.replaceAll(` nonce="${nonce}"`, '') : html;
  const hashes = new Set<string>();
  for (const [, attributes, text] of bare.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`);
  }
  return { html: bare, scriptHashes: [...hashes] };
}

function sharedPage(
  rendered: SharedRender,
  policyForHashes: (hashes: readonly string[]) => string | null,
): SharedPage {
  const { html, scriptHashes } = withoutNonce(rendered.html, rendered.nonce);
  const bytes = Buffer.from(html, 'utf8');
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  const headers: [string, string][] = [];
  for (const [name, value] of rendered.response.headers) {
    if (!NOT_SENT_ON.has(name)) headers.push([name, value]);
  }
  const compressed = new Map<'br' | 'gzip', Promise<Buffer>>();
  return {
    etag,
    headers,
    contentSecurityPolicy: policyForHashes(scriptHashes),
    html: bytes,
    compressed(encoding) {
      let body = compressed.get(encoding);
      if (!body) {
        body =
          encoding === 'br'
            ? brotli(bytes, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: 9,
                  [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              })
            : gzipAsync(bytes, { level: 9 });
        compressed.set(encoding, body);
      }
      return body;
    },
  };
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
