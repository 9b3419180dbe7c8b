import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, readCookie, sessionCookie, tokenFromCredentials } from './cookies';

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax, Secure only when asked', () => {
    const expires = new Date('2026-04-01T00:00:00Z');
    expect(sessionCookie('abc', { secure: false, expires })).toBe(
      'cl_session=abc; Path=/; HttpOnly; SameSite=Lax; Expires=Wed, 01 Apr 2026 00:00:00 GMT',
    );
    expect(sessionCookie('abc', { secure: true, expires })).toMatch(/; Secure$/);
    expect(clearedSessionCookie({ secure: true })).toMatch(
      /^cl_session=; .*Expires=Thu, 01 Jan 1970/,
    );
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
