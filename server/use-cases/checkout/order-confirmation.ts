import { eq } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { orders } from '../../db/schema';
import { NotFoundError } from '../../errors';

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
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw new NotFoundError('We could not find that order.');
  return order;
}
