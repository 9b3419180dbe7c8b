import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { NotFoundError, UnauthorizedError } from '../errors';
import type { AppServices } from '../services';
import { findCheckoutToken } from './checkout-token';
import { getCurrentCustomer, type RequestCredentials } from './current-customer';
import { PAYMENT_LINK_TTL_MS } from './signed-links';

/**
 * Who may pay for an order, save a card on it or start a PayPal payment: its own customer
 * (their session), the browser of the checkout that made it (its checkout token), or whoever
 * holds the signed link of our e-mails. The order's id alone is not enough: with it a
 * stranger could save their card on someone else's order.
 */
export type OrderCredentials = RequestCredentials & {
  /** X-Checkout-Token: the token of the guest or sign-up step of the checkout. */
  checkoutToken?: string | null;
  /** X-Payment-Token, or `t` in the e-mailed link: the signed payment link. */
  paymentToken?: string | null;
};

export const orderAccessMessages = {
  refused:
    'This payment link is not valid or has expired. Please use the link in your latest e-mail, or log in to pay.',
  notFound: 'We could not find that order.',
} as const;

/** The signed token of the payment page link for an order. */
export function paymentToken(services: Pick<AppServices, 'links'>, orderId: string, now: Date) {
  return services.links.sign('payment', orderId, new Date(now.getTime() + PAYMENT_LINK_TTL_MS));
}

/** The payment page of an order with its signed token: what e-mails and the app link to. */
export function paymentPagePath(
  services: Pick<AppServices, 'links'>,
  orderId: string,
  now: Date,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ ...extra, t: paymentToken(services, orderId, now) });
  return `/order/payment/${orderId}?${query}`;
}

/**
 * Throws 404 for an unknown order and 401 unless the request proves it may act on the
 * order's payments (see above).
 */
export async function requireOrderPaymentAccess(
  services: AppServices,
  orderId: string,
  credentials: OrderCredentials,
): Promise<void> {
  const now = services.now();
  const [order] = await services.db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw new NotFoundError(orderAccessMessages.notFound);
  const signed = credentials.paymentToken?.slice(0, 200);
  if (signed && services.links.verify('payment', orderId, signed, now)) return;
  if (order.customerId) {
    const checkout = credentials.checkoutToken?.slice(0, 200);
    if (checkout) {
      const owner = await findCheckoutToken(services.db, checkout, now);
      if (owner?.customerId === order.customerId) return;
    }
    const customer = await getCurrentCustomer(services, credentials);
    if (customer?.id === order.customerId) return;
  }
  throw new UnauthorizedError(orderAccessMessages.refused, 'link-invalid');
}
