import { ForbiddenError } from '../errors';
import type { AppServices } from '../services';
import { SESSION_COOKIE, STAFF_COOKIE, readCookie } from './cookies';

export const CSRF_MESSAGE = 'This request did not come from our website and was refused.';

/** Session cookies are Secure when the site is served over HTTPS (its PUBLIC_URL). */
export function isSecure(services: AppServices): boolean {
  return services.config.secureCookies;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** What the cross-site request forgery check reads of a request. */
export type CsrfFacts = {
  method: string;
  origin?: string;
  referer?: string;
  cookie?: string;
  authorization?: string;
  /** The origin the request was addressed to (scheme and Host). */
  ownOrigin: string;
};

/**
 * Cross-site request forgery guard for /api and page actions. A browser request that changes
 * state must come from our own origin (the Origin header, or the Referer when Origin is
 * missing). Requests carrying our session cookie without either are refused too. Requests
 * authenticated with a Bearer header (the app) are exempt: a browser never adds that header
 * by itself. Throws ForbiddenError.
 */
export function checkCsrf(services: AppServices, request: CsrfFacts): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (/^Bearer\s+\S/i.test(request.authorization ?? '')) return;
  const claimed = originOf(request.origin) ?? originOf(request.referer);
  if (claimed) {
    if (claimed === request.ownOrigin || claimed === originOf(services.config.publicUrl)) return;
    throw new ForbiddenError(CSRF_MESSAGE, 'cross-site-request');
  }
  if (readCookie(request.cookie, SESSION_COOKIE) || readCookie(request.cookie, STAFF_COOKIE)) {
    throw new ForbiddenError(CSRF_MESSAGE, 'cross-site-request');
  }
}
