import type { onRequestHookHandler } from 'fastify';
import { hasControlCharacters } from '@shared/text';
import { errorBody } from './error-handler';

/** Where a page request whose address cannot be read is answered (app/routes/bad-request.tsx). */
export const BAD_REQUEST_PAGE = '/bad-request';

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

/** Hosts already found valid: a handful of names, checked once each instead of per request. */
const validHosts = new Set<string>();
const VALID_HOSTS_KEPT = 64;

/** A Host (or X-Forwarded-Host) value a URL can be built from: a name or address, a real port. */
export function isValidHost(value: string): boolean {
  if (validHosts.has(value)) return true;
  if (!checkHost(value)) return false;
  if (validHosts.size < VALID_HOSTS_KEPT) validHosts.add(value);
  return true;
}

function checkHost(value: string): boolean {
  const match = HOST.exec(value);
  if (!match) return false;
  if (match[1] !== undefined && Number(match[1]) > 65535) return false;
  try {
    new URL(`http://${value}/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses a request whose Host header (or, behind trusted proxies, X-Forwarded-Host) is not a
 * host: the page renderer builds the request's URL from it and would fail with a 500.
 */
export function requireValidHost(trustProxy: boolean): onRequestHookHandler {
  return (request, reply, done) => {
    const forwarded = trustProxy ? request.headers['x-forwarded-host'] : undefined;
    const hosts = [request.headers.host, typeof forwarded === 'string' ? forwarded : undefined];
    if (hosts.every((host) => host === undefined || isValidHost(host))) return done();
    const message = 'Bad request: the Host header is not valid.';
    // Under /api in the contract's error shape; elsewhere as text (no page can render).
    if (request.url.startsWith('/api/'))
      reply.code(400).send(errorBody('malformed-request', message));
    else reply.code(400).type('text/plain; charset=utf-8').send(message);
  };
}

/** The path as text, or null when its percent-escapes are malformed or hide control characters. */
export function decodedPath(path: string): string | null {
  // Most paths have no escapes at all: nothing to decode.
  if (!path.includes('%')) return hasControlCharacters(path) ? null : path;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  return hasControlCharacters(decoded) ? null : decoded;
}

/** Where requests whose address cannot be read are answered: JSON under /api, text otherwise. */
export const UNREADABLE_API = '/api/unreadable-address';
export const UNREADABLE_WRITE = '/unreadable-address';

/**
 * The URL a request is routed by (Fastify's rewriteUrl). A page address that cannot be decoded
 * (`/blog/%E0%A4%A`, `/order/payment/%zz`) or that carries control characters goes to the
 * site's own 400 page; the router would otherwise throw while matching it. /api and writes
 * get a plain 400.
 */
export function routableUrl(url: string, method: string): string {
  const path = url.split('?')[0] ?? '';
  if (decodedPath(path) !== null) return url;
  if (path.startsWith('/api/')) return UNREADABLE_API;
  return method === 'GET' || method === 'HEAD' ? BAD_REQUEST_PAGE : UNREADABLE_WRITE;
}
