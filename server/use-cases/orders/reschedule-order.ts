import { and, eq } from 'drizzle-orm';
import type { Brand } from '@shared/brand';
import { londonWindow } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';
import type { SlotChoice } from '@shared/slots';
import type { DbOrTx, Transaction } from '../../db/client';
import { orders } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { checkReschedule } from '../accounts/cancellation-policy';
import { recordAudit } from '../audit/record-audit';
import { newWindowEmail } from '../mail/driver-emails';
import {
  legWindow,
  moveWindow,
  windowsToMoveTo,
  type Leg,
  type MoveRefusal,
} from '../slots/move-window';
import type { OrderRow } from './find-order';

/*
 * A customer moves the collection or the delivery of their own order to another window (issue
 * 18, decision 035): up to 2 hours before the window starts and while that leg has not
 * happened (the terms' rule, accounts/cancellation-policy.ts `checkReschedule`). The move is
 * slots/move-window.ts, the same core as after a missed stop: the new place is taken by the
 * database's conditional upsert and the old one freed in one transaction, so a window is never
 * overbooked and a refusal leaves the order as it was. Audited; confirmed by e-mail.
 */

export const rescheduleOrderMessages: Record<MoveRefusal, string> & { notFound: string } = {
  full: 'That slot is now full. Please choose another one.',
  unavailable: 'That window is not available. Please choose another one.',
  'no-delivery':
    'There is no delivery window left after that collection. Please choose another one or call us.',
  notFound: 'We could not find that order.',
};

/** Why a leg can no longer be changed online, with the number to call. */
export function cannotChangeMessage(brand: Brand, leg: Leg, reason: 'status' | 'too-late'): string {
  return reason === 'too-late'
    ? `A ${leg} can be changed online up to 2 hours before it starts, so this one can no longer be changed. Please call us on ${brand.phone}.`
    : `This order's ${leg} can no longer be changed online. Please call us on ${brand.phone}.`;
}

/** The order when it is this customer's (another's looks exactly like a missing one). */
async function ownOrder(db: DbOrTx, customerId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.customerId, customerId)))
    .limit(1);
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new NotFoundError(rescheduleOrderMessages.notFound);
  return order;
}

/** Throws the 409 of the terms' rule unless the leg may still be moved at `now`. */
export function assertCanReschedule(brand: Brand, order: OrderRow, leg: Leg, now: Date) {
  const check = checkReschedule(order, leg, now);
  if (!check.allowed)
    throw new ConflictError(
      cannotChangeMessage(brand, leg, check.reason),
      'order-not-reschedulable',
    );
}

/** What the reschedule page shows the order's owner: the leg now, and the windows on offer. */
export async function rescheduleChoices(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: { customerId: string; orderId: string; leg: Leg },
) {
  const now = deps.now();
  const order = await ownOrder(deps.db, input.customerId, input.orderId);
  assertCanReschedule(deps.config.brand, order, input.leg, now);
  const window = legWindow(order, input.leg);
  return {
    orderNo: orderNumber(deps.config.brand, order.orderNo),
    leg: input.leg,
    current: londonWindow(window.startsAt, window.endsAt),
    windows: await windowsToMoveTo(deps.db, { order, leg: input.leg, now }),
  };
}

/** An order's two windows, as a move's audit entry records them. */
function windowsOf(order: OrderRow) {
  return {
    pickupStartsAt: order.pickupStartsAt,
    pickupEndsAt: order.pickupEndsAt,
    deliveryStartsAt: order.deliveryStartsAt,
    deliveryEndsAt: order.deliveryEndsAt,
  };
}

/**
 * After a move, in its transaction: the audit entry (who: the customer, or nobody for a
 * signed link) and the e-mail that confirms the new time (its tracking link shows it too).
 */
export async function confirmMove(
  tx: Transaction,
  deps: Pick<AppServices, 'links' | 'config' | 'mail'>,
  input: {
    order: OrderRow;
    moved: OrderRow;
    leg: Leg;
    deliveryMoved: boolean;
    action: string;
    now: Date;
  },
) {
  const { order, moved, leg } = input;
  await recordAudit(tx, {
    actor: null,
    now: input.now,
    action: input.action,
    entity: 'order',
    entityId: order.id,
    // Both windows whole, before and after: the tracking page's "Collection moved to …" is
    // read from this entry (tracking/order-tracking.ts, decision 035).
    before: windowsOf(order),
    after: windowsOf(moved),
  });
  await deps.mail.enqueue(
    newWindowEmail(deps.config.brand, deps, {
      order: moved,
      leg,
      deliveryMoved: input.deliveryMoved,
    }),
    tx,
  );
  const window = legWindow(moved, leg);
  return {
    orderNo: orderNumber(deps.config.brand, order.orderNo),
    leg,
    window: londonWindow(window.startsAt, window.endsAt),
    collection: londonWindow(moved.pickupStartsAt, moved.pickupEndsAt),
    delivery: londonWindow(moved.deliveryStartsAt, moved.deliveryEndsAt),
    deliveryMoved: input.deliveryMoved,
  };
}

/**
 * Moves the collection or the delivery of the customer's order to the window `date` `start`
 * (London). 404 for an order that is not theirs; 409 when too late, already happened, not
 * offered, full, or leaving no delivery after the turnaround. One transaction.
 */
export async function rescheduleOrder(
  deps: Pick<AppServices, 'db' | 'links' | 'config' | 'mail' | 'now'>,
  input: { customerId: string; orderId: string; leg: Leg } & SlotChoice,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const order = await ownOrder(tx, input.customerId, input.orderId, true);
    assertCanReschedule(deps.config.brand, order, input.leg, now);
    const { moved, deliveryMoved } = await moveWindow(tx, {
      order,
      leg: input.leg,
      choice: { date: input.date, start: input.start },
      now,
      messages: rescheduleOrderMessages,
    });
    return confirmMove(tx, deps, {
      order,
      moved,
      leg: input.leg,
      deliveryMoved,
      action: `order.${input.leg}-changed`,
      now,
    });
  });
}
