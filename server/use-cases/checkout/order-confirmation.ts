import { eq } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { orders } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { describeOffer } from '@shared/promo';
import { discountLabel, orderPromoRule } from '../promos/order-promo';

/**
 * GET /order/{id}: the columns of the confirmation (orderConfirmationView presents them) and
 * nothing personal, since anyone holding the link may read it.
 */
export async function getOrderConfirmation(
  deps: Pick<AppServices, 'db'>,
  input: { orderId: string },
) {
  const { orderId } = input;
  const [order] = await deps.db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      createdAt: orders.createdAt,
      pickupStartsAt: orders.pickupStartsAt,
      pickupEndsAt: orders.pickupEndsAt,
      deliveryStartsAt: orders.deliveryStartsAt,
      deliveryEndsAt: orders.deliveryEndsAt,
      amountDuePence: orders.amountDuePence,
      paymentState: orders.paymentState,
      estimate: orders.estimate,
      estimatePence: orders.estimatePence,
      priceCapPence: orders.priceCapPence,
      trackingToken: orders.trackingToken,
      promoCodeId: orders.promoCodeId,
      referredBy: orders.referredBy,
      appOfferPercent: orders.appOfferPercent,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw new NotFoundError('We could not find that order.');
  // Issue 18: the code the order was placed with and what it takes off (at invoicing).
  const rule = await orderPromoRule(deps.db, order);
  const label = rule ? await discountLabel(deps.db, order) : null;
  return { ...order, promo: rule && label ? { label, offer: describeOffer(rule) } : null };
}
