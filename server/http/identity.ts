import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearedSessionCookies, readCookie, SESSION_COOKIE } from '../auth/cookies';
import { checkCsrf, isSecure } from '../auth/middleware';
import { getCurrentCustomer, type CurrentCustomer } from '../auth/current-customer';
import { requireStaffRole, type CurrentStaff, type StaffRole } from '../auth/staff';
import { UnauthorizedError } from '../errors';
import type { AppServices } from '../services';

/*
 * Who a request is, for the HTTP layer: the customer's session (Bearer or cookie), a staff
 * session, and the cross-site request forgery check of writes.
 */

export function credentialsOf(request: FastifyRequest) {
  return {
    cookie: request.headers.cookie ?? null,
    authorization: request.headers.authorization ?? null,
  };
}

/** The caller's IP (X-Forwarded-For only from the configured trusted proxies). */
export function clientIp(request: FastifyRequest): string {
  return request.ip || request.socket.remoteAddress || 'unknown';
}

/**
 * The logged-in customer, or 401 'Please log in to continue.'. A stale session cookie is
 * cleared so the browser stops sending it.
 */
export async function requireCustomer(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CurrentCustomer> {
  const customer = await getCurrentCustomer(services, credentialsOf(request));
  if (customer) return customer;
  if (readCookie(request.headers.cookie, SESSION_COOKIE)) {
    reply.header('Set-Cookie', clearedSessionCookies({ secure: isSecure(services) }));
  }
  throw new UnauthorizedError();
}

export function requireStaff(
  services: AppServices,
  request: FastifyRequest,
  roles?: readonly StaffRole[],
): Promise<CurrentStaff> {
  return requireStaffRole(services, credentialsOf(request), roles);
}

/** Refuses a state-changing request from another site (throws ForbiddenError). */
export function requireSameOrigin(services: AppServices, request: FastifyRequest): void {
  checkCsrf(services, {
    method: request.method,
    origin: request.headers.origin,
    referer: request.headers.referer,
    cookie: request.headers.cookie,
    authorization: request.headers.authorization,
    ownOrigin: `${request.protocol}://${request.host}`,
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the customer guard of a route. */
    customer: CurrentCustomer | null;
    /** Set by the staff guard of a route. */
    staff: CurrentStaff | null;
  }
}

/** A route's preHandler: a logged-in customer, before the request is read (401 first). */
export function customerGuard(services: AppServices) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.customer = await requireCustomer(services, request, reply);
  };
}

/** A route's preHandler: a staff session with one of `roles` (401/403 first). */
export function staffGuard(services: AppServices, roles?: readonly StaffRole[]) {
  return async (request: FastifyRequest) => {
    request.staff = await requireStaff(services, request, roles);
  };
}

/** The customer the guard found. */
export function customerOf(request: FastifyRequest): CurrentCustomer {
  if (!request.customer) throw new UnauthorizedError();
  return request.customer;
}

/** The staff member the guard found. */
export function staffOf(request: FastifyRequest): CurrentStaff {
  if (!request.staff) throw new UnauthorizedError('Please sign in to the back office.');
  return request.staff;
}
