import { eq } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { canMove } from '@shared/order-pipeline';
import type { OrderStatus } from '@shared/order-status';
import { orderEvents, orders } from '../../db/schema';
import { ConflictError } from '../../errors';
import { recordAudit, type Actor } from '../audit/record-audit';
import { statusEmail } from '../mail/order-emails';
import { notifyCustomer } from '../messages/notify-customer';
import { givePromoUseBack } from '../promos/redeem-promo-code';
import { creditReferrer } from '../promos/referrals';
import { releaseSlots } from '../slots/reserve-slots';
import { findOrder, type OrderRow } from './find-order';
import type { Transaction } from '../../db/client';
import type { AppServices } from '../../services';

/**
 * Moves an order along the pipeline. Only the moves of shared/order-pipeline are allowed,
 * from the status the staff member saw (`from`), so two people cannot both move it. The
 * event, the audit entry and the customer's e-mail commit with the change; a cancellation
 * gives its slot places and its promo code's use back.
 */
export async function moveOrder(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: { actor: Actor; orderId: string; to: OrderStatus; from?: string },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderId, true);
    const { order: _moved, ...result } = await applyMove(tx, {
      site: deps,
      actor: input.actor,
      order,
      to: input.to,
      from: input.from,
      now,
    });
    return result;
  });
}

/**
 * The move itself, inside the caller's transaction on an order it has locked (the driver's
 * stop actions record their event and move the order in one transaction).
 */
export async function applyMove(
  tx: Transaction,
  input: {
    site: Pick<AppServices, 'mail' | 'config' | 'links'>;
    actor: Actor;
    order: OrderRow;
    to: OrderStatus;
    from?: string;
    now: Date;
  },
) {
  const { actor, order, now, site } = input;
  const { brand } = site.config;
  const number = orderNumber(brand, order.orderNo);
  if (input.from && input.from !== order.status) {
    throw new ConflictError(
      `Order ${number} is now ${order.status}. Please reload.`,
      'order-changed',
    );
  }
  // A counter ticket is handed over at the counter, never out for delivery (decision 050).
  if (order.channel === 'counter' && input.to === 'out for delivery') {
    throw new ConflictError(
      `Ticket ${number} is collected at the counter: it does not go out for delivery.`,
      'status-move-refused',
    );
  }
  if (!canMove(order.status, input.to)) {
    throw new ConflictError(
      `Order ${number} cannot go from ${order.status} to ${input.to}.`,
      'status-move-refused',
    );
  }
  const [moved] = await tx
    .update(orders)
    .set({ status: input.to, statusChangedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  if (input.to === 'cancelled') {
    await releaseSlots(tx, {
      pickupStartsAt: order.pickupStartsAt,
      deliveryStartsAt: order.deliveryStartsAt,
    });
    // Its promo code's use comes back (decision 037).
    await givePromoUseBack(tx, order);
  }
  // A friend's referral is credited once the order is delivered and paid (issue 31).
  if (input.to === 'delivered') {
    await creditReferrer(tx, { orderId: order.id, now, brand });
  }
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: input.to,
    actor: `staff:${actor.name}`,
    at: now,
  });
  await recordAudit(tx, {
    actor,
    now,
    action: 'order.move',
    entity: 'order',
    entityId: order.id,
    before: { status: order.status },
    after: { status: input.to },
  });
  // Out for delivery and delivered are texted too, when the customer chose texts; with e-mail
  // turned off the text replaces the status e-mail (issue 17, decision 031).
  const told =
    input.to === 'out for delivery' || input.to === 'delivered'
      ? await notifyCustomer(
          tx,
          {
            order: moved!,
            now,
            event: input.to === 'delivered' ? 'delivered' : 'out-for-delivery',
          },
          site,
        )
      : null;
  const email = told?.email === false ? null : statusEmail(brand, site, moved!, input.to, now);
  if (email) await site.mail.enqueue(email, tx);
  return { order_no: number, status: input.to, emailed: email !== null, order: moved! };
}
