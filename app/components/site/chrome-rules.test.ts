import { describe, expect, it } from 'vitest';
import { chromeFor } from './chrome-rules';

describe('shared elements per path (spec 2)', () => {
  it('hides the navigation on /customer only', () => {
    expect(chromeFor('/customer').navigation).toBe(false);
    for (const path of ['/', '/pricing', '/account', '/login', '/order/complete/x']) {
      expect(chromeFor(path).navigation, path).toBe(true);
    }
  });
  it('hides the footer on /customer and /account', () => {
    expect(chromeFor('/customer').footer).toBe(false);
    expect(chromeFor('/account').footer).toBe(false);
    expect(chromeFor('/account/').footer).toBe(false);
    expect(chromeFor('/pricing').footer).toBe(true);
  });
  it('hides the promo pop-up on /customer, /login, /signup and order or payment paths', () => {
    for (const path of [
      '/customer',
      '/login',
      '/signup',
      '/order/complete/1',
      '/order/payment/1',
      '/payment/complete/1',
      '/payment/cancel/1',
      '/order/cancel/1',
    ]) {
      expect(chromeFor(path).promo, path).toBe(false);
    }
    for (const path of ['/', '/pricing', '/areas', '/maida-vale', '/account']) {
      expect(chromeFor(path).promo, path).toBe(true);
    }
  });
  it('hides Order Now on home', () => {
    expect(chromeFor('/').orderNowButton).toBe(false);
    expect(chromeFor('/pricing').orderNowButton).toBe(true);
    expect(chromeFor('/').floatingButtons).toBe(true);
  });
  it('shows Order Now only where the page has no booking form and no order is under way', () => {
    expect(chromeFor('/maida-vale', { bookingForm: true }).orderNowButton).toBe(false);
    expect(chromeFor('/dry-cleaning', { bookingForm: true }).orderNowButton).toBe(false);
    expect(chromeFor('/', { bookingForm: true }).orderNowButton).toBe(false);
    for (const path of [
      '/order/payment/1',
      '/order/complete/1',
      '/order/cancel/1',
      '/payment/complete/1',
      '/payment/cancel/1',
      '/customer',
    ]) {
      expect(chromeFor(path).orderNowButton, path).toBe(false);
    }
    for (const path of ['/pricing', '/faqs', '/blog/x', '/areas', '/account', '/login']) {
      expect(chromeFor(path).orderNowButton, path).toBe(true);
    }
    // Call, chat and app stay on the payment and confirmation pages.
    expect(chromeFor('/order/payment/1').floatingButtons).toBe(true);
    expect(chromeFor('/order/complete/1').floatingButtons).toBe(true);
  });
  it('a 404 under any path keeps the site chrome but not the promo', () => {
    const chrome = chromeFor('/pricing/zzz', { notFound: true });
    expect(chrome.navigation && chrome.footer && chrome.floatingButtons).toBe(true);
    expect(chrome.promo).toBe(false);
  });
  it('shows none of the public chrome in the back office', () => {
    expect(Object.values(chromeFor('/admin/orders')).some(Boolean)).toBe(false);
  });
});
