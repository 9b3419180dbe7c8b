import type { OrderStatus } from '@shared/order-status';

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
