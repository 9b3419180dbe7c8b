import { describe, expect, it } from 'vitest';
import { clearedSessionCookies, readCookie, sessionCookies, tokenFromCredentials } from './cookies';

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax, Secure only when asked; the first name beside it is readable by the page', () => {
    const expires = new Date('2026-04-01T00:00:00Z');
    const [session, who] = sessionCookies('abc', { secure: false, expires, name: 'Ada Lovelace' });
    expect(session).toBe(
      'cl_session=abc; HttpOnly; Path=/; SameSite=Lax; Expires=Wed, 01 Apr 2026 00:00:00 GMT',
    );
    expect(who).toBe('cl_who=Ada; Path=/; SameSite=Lax; Expires=Wed, 01 Apr 2026 00:00:00 GMT');
    expect(who).not.toContain('HttpOnly');
    expect(
      sessionCookies('abc', { secure: true, expires, name: 'Zoë' }).every((c) =>
        c.endsWith('; Secure'),
      ),
    ).toBe(true);
    expect(sessionCookies('abc', { secure: true, expires, name: 'Zoë' })[1]).toContain(
      'cl_who=Zo%C3%AB;',
    );
    const cleared = clearedSessionCookies({ secure: true });
    expect(cleared[0]).toMatch(/^cl_session=; .*Expires=Thu, 01 Jan 1970/);
    expect(cleared[1]).toMatch(/^cl_who=; .*Expires=Thu, 01 Jan 1970/);
  });
  it('reads one cookie among others', () => {
    expect(readCookie('a=1; cl_session=tok%2Den; b=2', 'cl_session')).toBe('tok-en');
    expect(readCookie('a=1', 'cl_session')).toBeNull();
    expect(readCookie('cl_session=%E0%A4%A', 'cl_session')).toBeNull();
  });
  it('prefers the Bearer header (the app) over the cookie (the website)', () => {
    expect(tokenFromCredentials({ authorization: 'Bearer t1', cookie: 'cl_session=t2' })).toEqual({
      token: 't1',
      via: 'bearer',
    });
    expect(tokenFromCredentials({ cookie: 'cl_session=t2' })).toEqual({
      token: 't2',
      via: 'cookie',
    });
    expect(tokenFromCredentials({ authorization: 'Basic xyz' })).toBeNull();
  });
});
