import { routeOrder } from '@shared/route-order';
import type { DbOrTx } from '../../db/client';
import { deliveriesStillOut } from './deliveries-out';
import { expectedWindow } from './tracking-timeline';
import { notifyCustomer, type NotifyDeps } from '../messages/notify-customer';

/**
 * "Our driver is on the way" (issue 17, decision 031): the next delivery of the day's route,
 * told when deliveries start and again each time the driver finishes a delivery stop (the next
 * one is then first), with the time the tracking page expects (stop 1 of the route). Once per
 * order and delivery window (its dedupe key); never held by quiet hours. A step (decision
 * 020): in the caller's transaction, after the stop's change.
 */
export async function notifyNextDelivery(
  tx: DbOrTx,
  input: { date: string; now: Date },
  deps: NotifyDeps,
): Promise<void> {
  const out = await deliveriesStillOut(tx, input.date);
  const route = routeOrder(
    out.map((o) => ({ id: o.id, startsAt: o.deliveryStartsAt, postcode: o.postcode })),
  );
  const next = out.find((o) => o.id === route[0]?.id);
  if (!next) return;
  const expected = expectedWindow(
    { startsAt: next.deliveryStartsAt, endsAt: next.deliveryEndsAt },
    { number: 1 },
    input.now,
  );
  await notifyCustomer(
    tx,
    { order: next, now: input.now, event: 'driver-on-the-way', expected },
    deps,
  );
}
