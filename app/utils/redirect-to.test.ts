import { describe, expect, it } from 'vitest';
import { loginHref, safeRedirectTo } from './redirect-to';

describe('safeRedirectTo', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeRedirectTo('/account/credit')).toBe('/account/credit');
    expect(safeRedirectTo('/pricing?category=shirts')).toBe('/pricing?category=shirts');
    expect(safeRedirectTo('/a/../account')).toBe('/account');
  });

  it('refuses anything that would leave the site, or loop', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'account',
      '',
      '/login',
      '/signup?x=1',
      undefined,
      42,
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeRedirectTo(bad), String(bad)).toBeNull();
    }
  });

  it('loginHref asks to come back, except from home', () => {
    expect(loginHref('/pricing')).toBe('/login?redirectTo=%2Fpricing');
    expect(loginHref('/')).toBe('/login');
    expect(loginHref('/login')).toBe('/login');
  });
});
