/**
 * Which shared elements a path shows (spec section 2, 'Shared elements'). Pure, so the rules
 * are unit-tested and the same on the server and in the browser.
 */
export type Chrome = {
  navigation: boolean;
  footer: boolean;
  /** The element the spec leaves unnamed: the promo pop-up. */
  promo: boolean;
  floatingButtons: boolean;
  orderNowButton: boolean;
  appBanner: boolean;
};

export function chromeFor(pathname: string): Chrome {
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
    promo: !checkout && path !== '/login' && path !== '/signup' && !orderOrPayment,
    floatingButtons: !checkout,
    orderNowButton: path !== '/' && !checkout,
    appBanner: !checkout,
  };
}
