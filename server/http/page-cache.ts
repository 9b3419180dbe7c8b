import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { appStoreFor } from '@shared/app-store';
import { SHARED_PAGE_HEADER } from '@shared/shared-page';

/**
 * Server-rendered HTML of shared pages, kept per instance and served again until the content
 * changes (docs/decisions/011). A page opts in with the `X-Shared-Page` header (its route's
 * `headers`), which never leaves the server. Only requests that cannot be personal use it: GET,
 * no cookie, no Authorization, no query string. Each reply gets its own CSP nonce: the stored
 * HTML holds a placeholder where the nonce of the render was.
 *
 * An entry is used while the content version it was rendered at is current (the same one-row
 * query the content cache makes, docs/decisions/009) and for at most `maxAgeMs`, which bounds
 * what changes without the content version (the footer's year).
 */
export function sharedPageCache(options: {
  /** The content version now; entries rendered at an older one are not used. */
  contentVersion: () => Promise<number>;
  maxAgeMs?: number;
  maxEntries?: number;
  now?: () => number;
}): RequestHandler {
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const placeholder = `cspnonce${randomBytes(12).toString('hex')}`;
  const entries = new Map<
    string,
    { version: number; storedAt: number; contentType: string; html: string }
  >();

  return async (req, res, next) => {
    const nonce = res.locals.cspNonce as string | undefined;
    const personal =
      req.method !== 'GET' ||
      req.headers.cookie !== undefined ||
      req.headers.authorization !== undefined ||
      req.originalUrl.includes('?');
    if (personal || !nonce) return next();
    let version: number;
    try {
      version = await options.contentVersion();
    } catch {
      return next(); // the database is down: the page's own render reports it
    }
    // The app banner links to the visitor's app store: one entry per kind of device.
    const key = `${req.path}\n${appStoreFor(req.get('user-agent') ?? '')}`;
    const entry = entries.get(key);
    if (entry && entry.version >= version && now() - entry.storedAt < maxAgeMs) {
      res.setHeader('X-Page-Cache', 'hit');
      res.type(entry.contentType).send(entry.html.replaceAll(placeholder, nonce));
      return;
    }
    keepIfShared(res, (html, contentType) => {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, {
        version,
        storedAt: now(),
        contentType,
        html: html.replaceAll(nonce, placeholder),
      });
    });
    next();
  };
}

/**
 * Watches what the page writes; when the page marked itself shared, answered 200 and set no
 * cookie, hands the whole HTML to `keep` once it ends. The marker header is removed before
 * the headers go out.
 */
function keepIfShared(res: Response, keep: (html: string, contentType: string) => void) {
  const chunks: Buffer[] = [];
  let shared: boolean | undefined;
  const decide = () => {
    if (shared !== undefined) return shared;
    shared =
      res.getHeader(SHARED_PAGE_HEADER) === '1' &&
      res.statusCode === 200 &&
      res.getHeader('set-cookie') === undefined;
    res.removeHeader(SHARED_PAGE_HEADER);
    if (shared) res.setHeader('X-Page-Cache', 'miss');
    return shared;
  };
  const collect = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string') {
      chunks.push(
        Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
      );
    } else if (chunk instanceof Uint8Array) {
      chunks.push(Buffer.from(chunk));
    }
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    if (decide()) collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response['write'];
  res.end = function (this: Response, ...args: unknown[]) {
    if (decide()) {
      if (typeof args[0] !== 'function') collect(args[0], args[1]);
      const html = Buffer.concat(chunks).toString('utf8');
      // Only a whole page: not one whose render was cut short.
      if (html.trimEnd().endsWith('</html>')) {
        keep(html, String(res.getHeader('content-type') ?? 'text/html'));
      }
    }
    return (end as (...a: unknown[]) => Response).apply(this, args);
  } as Response['end'];
}
