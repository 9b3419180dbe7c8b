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
  const session = await findSession(services.db, found.token, services.now());
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
