/** The website's session cookie. HttpOnly so page scripts never see the token. */
export const SESSION_COOKIE = 'cl_session';

/** The back office's cookie (server/auth/staff.ts). */
export const STAFF_COOKIE = 'cl_staff';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Set-Cookie value for a new session. Secure when the site is on HTTPS; Lax blocks cross-site POSTs. */
export function sessionCookie(token: string, options: { secure: boolean; expires: Date }): string {
  return [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Expires=${options.expires.toUTCString()}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(options: { secure: boolean }): string {
  return [
    `${SESSION_COOKIE}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The token of a request: the app's Bearer header first, then the website's cookie. */
export function tokenFromCredentials(credentials: {
  cookie?: string | null;
  authorization?: string | null;
}): { token: string; via: 'bearer' | 'cookie' } | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(credentials.authorization ?? '')?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = readCookie(credentials.cookie, SESSION_COOKIE);
  if (cookie) return { token: cookie, via: 'cookie' };
  return null;
}
