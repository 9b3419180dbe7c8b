import { describe, expect, it } from 'vitest';
import {
  changesWhoIsSignedIn,
  isReadableOffline,
  offlineLabel,
  offlinePageHtml,
  pagePathOf,
  withOfflineBanner,
} from './offline-copies';

/* What the service worker keeps for offline reading, and how it marks it (issue 33). */

describe('what is kept for reading offline', () => {
  it('keeps the orders, an order, its documents and its tracking page (pages and their data)', () => {
    for (const path of [
      '/account/orders',
      '/account/orders.data',
      '/account/orders/5f2d4a1c',
      '/account/orders/5f2d4a1c.data',
      '/account/orders/5f2d4a1c/documents/INV-000123',
      '/track/tok123',
      '/track/tok123.data',
    ]) {
      expect(isReadableOffline(path), path).toBe(true);
    }
  });

  it("never keeps a price, a slot, the booking, the checkout, the account's other pages or the API", () => {
    for (const path of [
      '/',
      '/_root.data',
      '/pricing',
      '/pricing/suits.data',
      '/customer',
      '/account',
      '/account/profile',
      '/track/tok123/change',
      '/api/pickup',
      '/api/orders/5f2d4a1c',
    ]) {
      expect(isReadableOffline(path), path).toBe(false);
    }
  });

  it("reads a client navigation's data request as its page", () => {
    expect(pagePathOf('/track/abc.data')).toBe('/track/abc');
    expect(pagePathOf('/_root.data')).toBe('/');
    expect(pagePathOf('/account/orders')).toBe('/account/orders');
  });
});

describe('signing in or out throws the copies away first', () => {
  it("on the account page's Logout, the API's logout and login, sign-up and deletion", () => {
    expect(changesWhoIsSignedIn('POST', '/account', 'intent=logout')).toBe(true);
    expect(changesWhoIsSignedIn('POST', '/account.data', 'intent=logout')).toBe(true);
    expect(changesWhoIsSignedIn('POST', '/api/logout', '')).toBe(true);
    expect(changesWhoIsSignedIn('POST', '/api/login', '')).toBe(true);
    expect(changesWhoIsSignedIn('POST', '/login.data', 'email=a')).toBe(true);
    expect(changesWhoIsSignedIn('POST', '/signup', '')).toBe(true);
    expect(changesWhoIsSignedIn('POST', '/account/delete', '')).toBe(true);
  });

  it("not on the account page's other forms, nor on reading", () => {
    expect(changesWhoIsSignedIn('POST', '/account', 'intent=profile')).toBe(false);
    expect(changesWhoIsSignedIn('GET', '/login', '')).toBe(false);
    expect(changesWhoIsSignedIn('POST', '/customer', 'intent=logout')).toBe(false);
  });
});

describe('the offline marking', () => {
  // 14:05 in London on a summer day is 13:05 UTC.
  const at = new Date('2026-07-14T13:05:00Z');

  it('says "as of 14:05, offline" in London time, and names the day of an older copy', () => {
    expect(offlineLabel(at, new Date('2026-07-14T18:00:00Z'))).toBe('as of 14:05, offline');
    expect(offlineLabel(at, new Date('2026-07-16T09:00:00Z'))).toBe(
      'as of Tue 14 Jul, 14:05, offline',
    );
    // Winter: London is UTC.
    expect(offlineLabel(new Date('2026-12-01T14:05:00Z'), new Date('2026-12-01T15:00:00Z'))).toBe(
      'as of 14:05, offline',
    );
  });

  it('puts the banner first in <body>, as an element React does not take for its own', () => {
    const html =
      '<!DOCTYPE html><html><head></head><body class="x"><div id="app">Orders</div></body></html>';
    const marked = withOfflineBanner(html, 'as of 14:05, offline', '/account/orders');
    expect(marked).toMatch(
      /<body class="x"><offline-copy id="offline-copy-banner" role="status" data-path="\/account\/orders" data-label="as of 14:05, offline"[^>]*>As of 14:05, offline: .*<\/offline-copy><div id="app">Orders<\/div>/,
    );
    expect(withOfflineBanner(html, '<b>', '"/x')).not.toContain('<b>');
  });

  it('a form sent offline is answered with a page that says nothing was sent', () => {
    expect(offlinePageHtml('form')).toContain('You are offline: nothing was sent');
    expect(offlinePageHtml('page')).toContain('prices and collection slots are always shown live');
  });
});
