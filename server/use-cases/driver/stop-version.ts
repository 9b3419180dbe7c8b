import { createHash } from 'node:crypto';
import type { OrderRow } from '../orders/find-order';

/*
 * A stop's version (issue 33): a fingerprint of what the driver's phone was shown of a stop
 * and acts on (who, where, when, the notes, the phone number, whether it is cancelled). The
 * phone keeps the day's stops and sends each action with the version it saw; an action whose
 * stop the office has changed since then is refused with `stop-changed` (409) and shown to the
 * driver as a conflict, never written over the change. The driver's own actions move the
 * order's status but not these fields, so a queue of actions on one round never conflicts
 * with itself, and changes nobody shows the driver (a payment, a reminder sent) do not count.
 */

type Shown = Pick<
  OrderRow,
  | 'customerName'
  | 'customerPhone'
  | 'fullAddress'
  | 'doorNumber'
  | 'companyName'
  | 'addressJson'
  | 'postcode'
  | 'customerNotes'
  | 'accessNotes'
  | 'status'
  | 'pickupStartsAt'
  | 'pickupEndsAt'
  | 'deliveryStartsAt'
  | 'deliveryEndsAt'
>;

/** The version of the `leg` stop of an order: 16 hex digits, the same for the same details. */
export function stopVersion(order: Shown, leg: 'collection' | 'delivery'): string {
  const [startsAt, endsAt] =
    leg === 'collection'
      ? [order.pickupStartsAt, order.pickupEndsAt]
      : [order.deliveryStartsAt, order.deliveryEndsAt];
  const shown = [
    leg,
    startsAt.toISOString(),
    endsAt.toISOString(),
    order.customerName,
    order.customerPhone,
    order.fullAddress,
    order.doorNumber,
    order.companyName,
    order.addressJson ?? null,
    order.postcode,
    order.customerNotes,
    order.accessNotes,
    order.status === 'cancelled',
  ];
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex').slice(0, 16);
}
