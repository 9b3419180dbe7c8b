import type { AppServices } from '../services';
import { tokenFromCredentials } from './cookies';
import { findSession } from './sessions';

export type CurrentCustomer = {
  id: string;
  name: string;
  email: string;
  phone: string;
  sessionId: string;
  /** How the request proved it: the app's Bearer header or the website's cookie (CSRF applies). */
  via: 'bearer' | 'cookie';
};

export type RequestCredentials = {
  /** The Cookie header (the website's HttpOnly session cookie). */
  cookie?: string | null;
  /** The Authorization header (`Bearer <token>`, the mobile app). */
  authorization?: string | null;
};

/**
 * The customer whose live session the request carries, or null. Sessions are database rows
 * keyed by the SHA-256 of the token; expired, revoked and erased ones count as none.
 */
export async function getCurrentCustomer(
  services: AppServices,
  credentials: RequestCredentials,
): Promise<CurrentCustomer | null> {
  const found = tokenFromCredentials(credentials);
  if (!found || found.token.length > 200) return null;
  const session = await sessionOnce(services, found.token);
  if (!session) return null;
  return {
    id: session.customerId,
    name: session.name,
    email: session.email,
    phone: session.phone,
    sessionId: session.sessionId,
    via: found.via,
  };
}

type SessionRow = Awaited<ReturnType<typeof findSession>>;
// A page's loaders (the root's and the route's) run at once and each asks who is signed in:
// lookups of one token while one is in flight share its answer. Nothing is kept after it
// settles, so a sign-out elsewhere counts from the next request.
const inFlight = new WeakMap<AppServices, Map<string, Promise<SessionRow>>>();

function sessionOnce(services: AppServices, token: string): Promise<SessionRow> {
  let pending = inFlight.get(services);
  if (!pending) inFlight.set(services, (pending = new Map()));
  let lookup = pending.get(token);
  if (!lookup) {
    lookup = findSession(services.db, token, services.now()).finally(() => pending.delete(token));
    pending.set(token, lookup);
  }
  return lookup;
}
