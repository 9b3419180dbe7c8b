/**
 * Where a log-in returns to (issue 31): the page the visitor came from, passed as `redirectTo`.
 * Only a path of this site is followed: it starts with one "/" (not "//" or "/\", which a
 * browser reads as another host), has no control characters, and resolves to this origin.
 * Anything else is ignored, so a crafted link cannot send a fresh session elsewhere.
 */
export function safeRedirectTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = 'http://same.site';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  // Back to the log-in or sign-up page would be a loop.
  if (/^\/(login|signup)(\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The log-in page, asked to return to `path` afterwards (nothing for the home page). */
export function loginHref(path: string): string {
  const back = safeRedirectTo(path);
  return back && back !== '/' ? `/login?redirectTo=${encodeURIComponent(back)}` : '/login';
}
