/**
 * Links between the payment page and its result pages. The signed token of the e-mailed link
 * (`t`) travels with them, so "try again" works for someone who is not logged in.
 */
export function withPaymentToken(path: string, token: string | null | undefined): string {
  if (!token) return path;
  return `${path}${path.includes('?') ? '&' : '?'}t=${encodeURIComponent(token)}`;
}

export function paymentPageHref(orderId: string, token: string | null | undefined): string {
  return withPaymentToken(`/order/payment/${encodeURIComponent(orderId)}`, token);
}

/** Payment states after which the booking's payment step is done (a card or PayPal on file). */
export const PAYMENT_STEP_DONE = new Set(['card_saved', 'paypal_verified', 'invoiced', 'paid']);
