import type { Request, RequestHandler, Response } from 'express';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AppServices } from '../services';
import { clearedSessionCookie, SESSION_COOKIE, STAFF_COOKIE, readCookie } from './cookies';
import { getCurrentCustomer, type CurrentCustomer } from './current-customer';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by requireCustomer. */
    customer?: CurrentCustomer;
  }
}

export const CSRF_MESSAGE = 'This request did not come from our website and was refused.';

function credentialsOf(req: Request) {
  return { cookie: req.headers.cookie ?? null, authorization: req.headers.authorization ?? null };
}

/**
 * 401 'Please log in to continue.' without a live session; otherwise res.locals.customer.
 * A stale cookie is cleared so the browser stops sending it.
 */
export function requireCustomer(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    const customer = await getCurrentCustomer(services, credentialsOf(req));
    if (!customer) {
      if (readCookie(req.headers.cookie, SESSION_COOKIE)) {
        res.append('Set-Cookie', clearedSessionCookie({ secure: isSecure(services) }));
      }
      throw new UnauthorizedError();
    }
    res.locals.customer = customer;
    next();
  };
}

/** The customer set by requireCustomer (for handlers mounted behind it). */
export function customerOf(res: Response): CurrentCustomer {
  const customer = res.locals.customer;
  if (!customer) throw new UnauthorizedError();
  return customer;
}

export function isSecure(services: AppServices): boolean {
  return services.config.mode === 'production';
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

/**
 * Cross-site request forgery guard for /api. A browser request that changes state must come
 * from our own origin (the Origin header, or the Referer when Origin is missing). Requests
 * carrying our session cookie without either are refused too. Requests authenticated with a
 * Bearer header (the app) are exempt: a browser never adds that header by itself.
 */
export function csrfProtection(services: AppServices): RequestHandler {
  const publicOrigin = originOf(services.config.publicUrl);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (/^Bearer\s+\S/i.test(req.headers.authorization ?? '')) return next();
    const claimed = originOf(req.headers.origin) ?? originOf(req.headers.referer);
    const ownOrigin = `${req.protocol}://${req.get('host') ?? ''}`;
    if (claimed) {
      if (claimed === ownOrigin || claimed === publicOrigin) return next();
      throw new ForbiddenError(CSRF_MESSAGE);
    }
    if (
      readCookie(req.headers.cookie, SESSION_COOKIE) ||
      readCookie(req.headers.cookie, STAFF_COOKIE)
    ) {
      throw new ForbiddenError(CSRF_MESSAGE);
    }
    next();
  };
}

/** The caller's IP as Express sees it (X-Forwarded-For only from trusted proxies). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * The same guard for page requests (React Router actions), answering a plain 403 page instead
 * of the API's JSON error.
 */
export function pageCsrfProtection(services: AppServices): RequestHandler {
  const guard = csrfProtection(services);
  return (req, res, next) => {
    try {
      guard(req, res, next);
    } catch {
      res.status(403).type('text/plain').send(CSRF_MESSAGE);
    }
  };
}
