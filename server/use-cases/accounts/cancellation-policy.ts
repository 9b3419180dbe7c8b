import { orderStatuses, type OrderStatus } from '@shared/order-status';

/** Terms (spec 9): an order may be cancelled or amended up to 2 hours before collection. */
export const CANCELLATION_NOTICE_MS = 2 * 60 * 60 * 1000;

const CANCELLABLE: readonly OrderStatus[] = ['pending', 'pending payment'];

export type CancellationCheck =
  { allowed: true } | { allowed: false; reason: 'status' | 'too-late' };

/** Whether a customer may cancel this order themselves at `now`. Pure. */
export function checkCancellation(
  order: { status: OrderStatus; pickupStartsAt: Date },
  now: Date,
): CancellationCheck {
  if (!CANCELLABLE.includes(order.status)) return { allowed: false, reason: 'status' };
  if (order.pickupStartsAt.getTime() - now.getTime() <= CANCELLATION_NOTICE_MS) {
    return { allowed: false, reason: 'too-late' };
  }
  return { allowed: true };
}

/** A leg of an order: its collection or its delivery. */
export type OrderLeg = 'collection' | 'delivery';

/** The first status in which the leg has happened (or is under way). */
const LEG_DONE_FROM: Record<OrderLeg, OrderStatus> = {
  collection: 'collected',
  delivery: 'out for delivery',
};

/** Whether the leg is still to come in this status (never for a cancelled order). */
function legToCome(status: OrderStatus, leg: OrderLeg): boolean {
  return (
    status !== 'cancelled' &&
    orderStatuses.indexOf(status) < orderStatuses.indexOf(LEG_DONE_FROM[leg])
  );
}

/**
 * Whether a customer may move this leg of their order to another window at `now` (terms of
 * spec 9, the same notice as a cancellation): while the leg has not happened, and more than
 * 2 hours before its window starts. Pure.
 */
export function checkReschedule(
  order: {
    status: OrderStatus;
    pickupStartsAt: Date;
    deliveryStartsAt: Date;
    channel?: 'online' | 'counter';
  },
  leg: OrderLeg,
  now: Date,
): CancellationCheck {
  // A counter ticket has no collection or delivery of the vans to move (decision 050).
  if (order.channel === 'counter') return { allowed: false, reason: 'status' };
  if (!legToCome(order.status, leg)) return { allowed: false, reason: 'status' };
  const startsAt = leg === 'collection' ? order.pickupStartsAt : order.deliveryStartsAt;
  if (startsAt.getTime() - now.getTime() <= CANCELLATION_NOTICE_MS) {
    return { allowed: false, reason: 'too-late' };
  }
  return { allowed: true };
}
