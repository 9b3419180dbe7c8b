import { and, eq } from 'drizzle-orm';
import type { Brand } from '@shared/brand';
import { renderEmail } from '../../adapters/mail/layout';
import type { AppServices } from '../../services';
import { orderEvents, orders } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { givePromoUseBack } from '../promos/redeem-promo-code';
import { releaseSlots } from '../slots/reserve-slots';
import { checkCancellation } from '../accounts/cancellation-policy';
import { orderNumber } from '@shared/order-number';

export function tooLateMessage(brand: Brand): string {
  return `Orders can be cancelled up to 2 hours before collection, so this one can no longer be cancelled online. Please call us on ${brand.phone} and we will help.`;
}

/**
 * A customer cancels their own order (terms of spec 9: more than 2 hours before collection).
 * The status change is conditional on the status read, so two cancels cannot both release the
 * slot places (and its promo code's use); the event and the confirmation e-mail commit with it.
 */
export async function cancelOrder(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'now'> & {
    /** The booking feature's slot release; replaceable so its failure can be tested. */
    releaseSlots?: typeof releaseSlots;
  },
  input: { customerId: string; orderId: string },
): Promise<{ orderNo: string }> {
  const now = deps.now();
  const { brand } = deps.config;
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.customerId, input.customerId)))
      .limit(1)
      .for('update');
    // Another customer's order looks exactly like a missing one.
    if (!order) throw new NotFoundError('We could not find that order.');
    const check = checkCancellation(order, now);
    if (!check.allowed) {
      throw new ConflictError(
        check.reason === 'too-late'
          ? tooLateMessage(brand)
          : `This order is ${order.status} and can no longer be cancelled online. Please call us on ${brand.phone}.`,
        'order-not-cancellable',
      );
    }
    const changed = await tx
      .update(orders)
      .set({ status: 'cancelled', statusChangedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning({ id: orders.id });
    if (changed.length === 0)
      throw new ConflictError('This order has just changed. Please reload.', 'order-changed');
    await (deps.releaseSlots ?? releaseSlots)(tx, {
      pickupStartsAt: order.pickupStartsAt,
      deliveryStartsAt: order.deliveryStartsAt,
    });
    // Its promo code's use comes back (decision 037).
    await givePromoUseBack(tx, order);
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: 'cancelled',
      actor: 'customer',
      at: now,
    });
    const number = orderNumber(brand, order.orderNo);
    const { html, text } = renderEmail(brand, {
      heading: `Order ${number} is cancelled`,
      paragraphs: [
        `Hello ${order.customerName},`,
        `As you asked, we have cancelled order ${number}. We will not come to collect it and nothing will be charged.`,
        `If this was a mistake, simply book again on our website or call us on ${brand.phone}.`,
      ],
      details: [
        { label: 'Order number', value: number },
        { label: 'Address', value: order.fullAddress },
      ],
    });
    await deps.mail.enqueue(
      {
        to: order.customerEmail,
        subject: `Your order ${number} is cancelled`,
        html,
        text,
        template: 'order-cancelled',
      },
      tx,
    );
    return { orderNo: number };
  });
}
