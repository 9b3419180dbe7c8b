/** The website's session cookie. HttpOnly so page scripts never see the token. */
export const SESSION_COOKIE = 'cl_session';

/**
 * Beside the session: the signed-in customer's first name, readable by the page's own script
 * and nothing else of theirs. Shared pages are the same bytes for everybody (decision 042), so
 * the header fills in the name in the browser from this. Not a credential: the session is.
 */
export const WHO_COOKIE = 'cl_who';

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

/**
 * Set-Cookie values for a new session: the session (HttpOnly; Secure when the site is on
 * HTTPS; Lax blocks cross-site POSTs) and the first name the header shows (WHO_COOKIE).
 */
export function sessionCookies(
  token: string,
  options: { secure: boolean; expires: Date; name: string },
): string[] {
  const tail = [
    'Path=/',
    'SameSite=Lax',
    `Expires=${options.expires.toUTCString()}`,
    ...(options.secure ? ['Secure'] : []),
  ];
  const firstName = options.name.trim().split(/\s+/)[0]!.slice(0, 40);
  return [
    [`${SESSION_COOKIE}=${encodeURIComponent(token)}`, 'HttpOnly', ...tail].join('; '),
    [`${WHO_COOKIE}=${encodeURIComponent(firstName || 'you')}`, ...tail].join('; '),
  ];
}

/** Set-Cookie values that remove the session and the name beside it. */
export function clearedSessionCookies(options: { secure: boolean }): string[] {
  const tail = [
    'Path=/',
    'SameSite=Lax',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ...(options.secure ? ['Secure'] : []),
  ];
  return [
    [`${SESSION_COOKIE}=`, 'HttpOnly', ...tail].join('; '),
    [`${WHO_COOKIE}=`, ...tail].join('; '),
  ];
}

/** Headers of a page's response that set these cookies (one Set-Cookie each). */
export function setCookieHeaders(cookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
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
