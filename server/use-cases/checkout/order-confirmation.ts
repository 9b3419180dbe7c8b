import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { NotFoundError } from '../../errors';

/**
 * GET /order/{id}: the columns of the confirmation (orderConfirmationView presents them) and
 * nothing personal, since anyone holding the link may read it.
 */
export async function getOrderConfirmation(db: DbOrTx, orderId: string) {
  const [order] = await db
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
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw new NotFoundError('We could not find that order.');
  return order;
}
