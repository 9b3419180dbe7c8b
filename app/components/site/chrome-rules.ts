import type { ScriptsHandle } from '@shared/page-handle';
import type { SharedPageHandle } from '@shared/shared-page';

/**
 * Which shared elements a path shows (spec section 2, 'Shared elements'). Pure, so the rules
 * are unit-tested and the same on the server and in the browser.
 */
export type Chrome = {
  navigation: boolean;
  footer: boolean;
  /** The element the spec leaves unnamed: the promo pop-up. */
  promo: boolean;
  /** Call, chat and app download: one bar at the bottom of the window (contact-bar.tsx). */
  floatingButtons: boolean;
  orderNowButton: boolean;
  appBanner: boolean;
};

/** What the page itself says about its content (a route's `handle`, or the error boundary). */
export type PageTraits = {
  /** The page shows the booking form (home, area and service landing pages). */
  bookingForm?: boolean;
  /** The page is the 404 page, under whatever path. */
  notFound?: boolean;
};

/** A route module's `handle` export read by the layout (and, for its scripts, the server). */
export type PageHandle = SharedPageHandle &
  ScriptsHandle & {
    bookingForm?: boolean;
    notFound?: boolean;
    /**
     * The page's scripts start loading once it has painted (app/utils/script-priority.ts,
     * docs/decisions/033): for pages that work before hydration and whose first paint matters
     * most (the booking-form pages people arrive on, and the price list).
     */
    scriptsAfterFirstPaint?: boolean;
  };

export function chromeFor(pathname: string, page: PageTraits = {}): Chrome {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin' || path.startsWith('/admin/')) {
    return {
      navigation: false,
      footer: false,
      promo: false,
      floatingButtons: false,
      orderNowButton: false,
      appBanner: false,
    };
  }
  const checkout = path === '/customer';
  const account = path === '/account' || path.startsWith('/account/');
  const orderOrPayment = path.includes('/order/') || path.includes('/payment/');
  return {
    navigation: !checkout,
    footer: !checkout && !account,
    promo:
      !checkout && path !== '/login' && path !== '/signup' && !orderOrPayment && !page.notFound,
    floatingButtons: !checkout,
    // Order Now leads to the booking form: not where the page already shows it (spec: hidden
    // on home), nor while an order is being paid for or confirmed.
    orderNowButton: path !== '/' && !page.bookingForm && !checkout && !orderOrPayment,
    appBanner: !checkout,
  };
}
