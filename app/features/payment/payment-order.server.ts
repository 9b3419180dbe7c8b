import { data } from 'react-router';
import type { AppServices } from '@server/services';
import { paymentOrderView, paymentPageOrder } from '~/server/orders.server';

/**
 * The order a payment page (pay, complete, cancel, PayPal's stand-in) is about, as the pages
 * show it; a malformed id or an unknown order is the page's 404.
 */
export async function paymentPageView(services: Pick<AppServices, 'db' | 'config'>, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw data(null, { status: 404 });
  const row = await paymentPageOrder(services, { orderId: id });
  if (!row) throw data(null, { status: 404 });
  return paymentOrderView(services.config.brand, row);
}
