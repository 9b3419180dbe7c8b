import { eq } from 'drizzle-orm';
import { londonDate, orderNumber } from '@shared/london-time';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { NotFoundError } from '../../errors';

/**
 * GET /order/{id}: the confirmation fields of spec section 3 and nothing personal, since
 * anyone holding the link may read it.
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
  return {
    id: order.id,
    order_id: order.id,
    order_no: orderNumber(order.orderNo),
    order_date: londonDate(order.createdAt),
    status: order.status,
    pickup_start_date: order.pickupStartsAt.toISOString(),
    pickup_end_date: order.pickupEndsAt.toISOString(),
    delivery_start_date: order.deliveryStartsAt.toISOString(),
    delivery_end_date: order.deliveryEndsAt.toISOString(),
    amount_due: (order.amountDuePence / 100).toFixed(2),
    payment_state: order.paymentState,
  };
}
