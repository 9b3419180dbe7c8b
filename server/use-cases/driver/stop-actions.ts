import { and, eq, gte, lt } from 'drizzle-orm';
import {
  isLaterLondonDate,
  notBeforeItsDay,
  startNotBeforeItsDay,
  startsOnLaterLondonDay,
} from '@shared/driver-day';
import { londonDayRange, londonToday } from '@shared/london-time';
import { orderNumber, type OrderNumbering } from '@shared/order-number';
import type { Transaction } from '../../db/client';
import { orders, photos, stopEvents } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';
import type { Actor } from '../audit/record-audit';
import { recordAudit } from '../audit/record-audit';
import { notHomeEmail } from '../mail/driver-emails';
import { notifyNextDelivery } from '../tracking/driver-on-the-way';
import { notifyCustomer } from '../messages/notify-customer';
import { findOrder, type OrderRow } from '../orders/find-order';
import { applyMove } from '../orders/move-order';
import type { AppServices } from '../../services';
import { stopVersion } from './stop-version';
import {
  eventsOf,
  listDriverStops,
  stateOf,
  stopOf,
  windowOf,
  type Leg,
  type StopEventRow,
} from './driver-stops';

/*
 * The driver's actions at a stop (issue 16, docs/decisions/026): collect, not home, deliver.
 * Each comes with an idempotency key the phone made when the driver opened the action; the
 * same key again (a retry after a timeout) returns the first result and writes nothing.
 * The order is locked first, so actions on one order run one after another; the unique key of
 * stop_events is the last word. The event, the order's move (through the pipeline's own
 * step), its e-mail and audit entry commit together.
 */

type Deps = Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>;

export type StopActionInput = (
  | {
      action: 'collect';
      bags: number;
      sealNumbers: string[];
      note: string;
      photoId?: string | null;
    }
  | { action: 'not-home'; leg: Leg }
  | { action: 'deliver'; leftWith: string; note: string; photoId?: string | null }
) & {
  /** The stop's version the phone showed (issue 33); none: the action is not checked for it. */
  stopVersion?: string;
};

const outcomeOf = { collect: 'collected', 'not-home': 'not-home', deliver: 'delivered' } as const;

export const stopMessages = {
  keyReused: 'This request was already used for another action. Please reload and try again.',
  photoNotOrders: 'That photo does not belong to this order. Please take it again.',
  stopChanged: (number: string) =>
    `The office changed ${number} while this action waited on your phone: nothing was recorded. Check the stop and record it again.`,
} as const;

function legOf(input: StopActionInput): Leg {
  if (input.action === 'collect') return 'collection';
  if (input.action === 'deliver') return 'delivery';
  return input.leg;
}

async function checkPhoto(tx: Transaction, orderId: string, photoId: string | null | undefined) {
  if (!photoId) return null;
  const [photo] = await tx
    .select({ orderId: photos.orderId })
    .from(photos)
    .where(eq(photos.id, photoId))
    .limit(1);
  if (!photo || photo.orderId !== orderId) {
    throw new ValidationError(stopMessages.photoNotOrders, {
      photo_id: [stopMessages.photoNotOrders],
    });
  }
  return photoId;
}

/** Why this action cannot be taken at the stop now (409), or null. */
function refusal(
  brand: OrderNumbering,
  order: OrderRow,
  leg: Leg,
  input: StopActionInput,
  events: StopEventRow[],
  now: Date,
) {
  const number = `Order ${orderNumber(brand, order.orderNo)}`;
  const state = stateOf(order, leg, events);
  if (state.kind === 'collected') {
    return `${number} was already collected (${state.event.bags} bag${state.event.bags === 1 ? '' : 's'}).`;
  }
  if (state.kind === 'delivered') return `${number} was already delivered.`;
  // Issue 31: a stop is acted on from its London day, never a day early.
  const startsAt = windowOf(order, leg).startsAt;
  if (order.status !== 'cancelled' && startsOnLaterLondonDay(startsAt, now)) {
    return notBeforeItsDay(orderNumber(brand, order.orderNo), startsAt);
  }
  if (state.kind === 'not-home' && input.action === 'not-home') {
    return `${number} is already marked not home; the customer has been asked to choose a new time.`;
  }
  if (order.status === 'cancelled') return `${number} was cancelled.`;
  if (leg === 'collection' && !['pending', 'pending payment'].includes(order.status)) {
    return `${number} is ${order.status}: it is not waiting to be collected.`;
  }
  if (input.action === 'deliver' && order.status !== 'out for delivery') {
    return order.status === 'ready'
      ? `${number} is not out for delivery yet. Start deliveries first.`
      : `${number} is ${order.status}: it cannot be delivered.`;
  }
  if (
    input.action === 'not-home' &&
    leg === 'delivery' &&
    !['ready', 'out for delivery'].includes(order.status)
  ) {
    return `${number} is ${order.status}: it is not waiting to be delivered.`;
  }
  return null;
}

export type StopActionResult = {
  event: StopEventRow;
  order: OrderRow;
  replayed: boolean;
};

/** Records one action at a stop (see above). */
export async function recordStopAction(
  deps: Deps,
  input: StopActionInput & { actor: Actor; orderId: string; idempotencyKey: string },
): Promise<StopActionResult> {
  const now = deps.now();
  const leg = legOf(input);
  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderId, true);
    const [earlier] = await tx
      .select()
      .from(stopEvents)
      .where(eq(stopEvents.idempotencyKey, input.idempotencyKey))
      .limit(1);
    if (earlier) {
      if (
        earlier.orderId !== order.id ||
        earlier.leg !== leg ||
        earlier.outcome !== outcomeOf[input.action]
      ) {
        throw new ConflictError(stopMessages.keyReused, 'idempotency-key-reused');
      }
      return { event: earlier, order, replayed: true };
    }
    // Issue 33: never written over what the office changed since the phone loaded the stop.
    if (input.stopVersion && input.stopVersion !== stopVersion(order, leg)) {
      const number = `Order ${orderNumber(deps.config.brand, order.orderNo)}`;
      throw new ConflictError(stopMessages.stopChanged(number), 'stop-changed');
    }
    const events = await eventsOf(tx, [order.id]);
    const refused = refusal(deps.config.brand, order, leg, input, events, now);
    if (refused) throw new ConflictError(refused);
    const photoId =
      input.action === 'not-home' ? null : await checkPhoto(tx, order.id, input.photoId);
    const [event] = await tx
      .insert(stopEvents)
      .values({
        orderId: order.id,
        leg,
        outcome: outcomeOf[input.action],
        windowStartsAt: windowOf(order, leg).startsAt,
        bags: input.action === 'collect' ? input.bags : null,
        sealNumbers: input.action === 'collect' ? input.sealNumbers : [],
        note: input.action === 'not-home' ? '' : input.note,
        leftWith: input.action === 'deliver' ? input.leftWith : '',
        photoId,
        staffId: input.actor.id,
        idempotencyKey: input.idempotencyKey,
        at: now,
      })
      .onConflictDoNothing({ target: stopEvents.idempotencyKey })
      .returning();
    // Only another order's action can hold the key here (this order is locked).
    if (!event) throw new ConflictError(stopMessages.keyReused, 'idempotency-key-reused');
    let current = order;
    const move = (to: 'collected' | 'delivered' | 'ready') =>
      applyMove(tx, { site: deps, actor: input.actor, order, to, now });
    if (input.action === 'collect') current = (await move('collected')).order;
    if (input.action === 'deliver') current = (await move('delivered')).order;
    if (input.action === 'not-home') {
      // A delivery nobody was home for goes back to the shop until the new window.
      if (order.status === 'out for delivery') current = (await move('ready')).order;
      await recordAudit(tx, {
        actor: input.actor,
        now,
        action: `stop.not-home.${leg}`,
        entity: 'order',
        entityId: order.id,
        after: { window: windowOf(order, leg).startsAt.toISOString() },
      });
      await deps.mail.enqueue(
        notHomeEmail(deps.config.brand, deps, { order, leg, eventId: event.id, at: now }),
        tx,
      );
      await notifyCustomer(
        tx,
        { order: current, now, event: 'not-home', leg, eventId: event.id, at: now },
        deps,
      );
    }
    if (leg === 'delivery') {
      // This stop is done: the next one of the route hears the driver is on the way.
      await notifyNextDelivery(tx, { date: londonToday(order.deliveryStartsAt), now }, deps);
    }
    return { event, order: current, replayed: false };
  });
}

/**
 * Start deliveries: the day's ready deliveries go out for delivery (the tracking page then
 * tells each customer their stop number). Those missed earlier in the same window stay back.
 * A retry moves nothing more.
 */
export async function startDeliveries(
  deps: Deps,
  input: { actor: Actor; date: string },
): Promise<{ started: string[] }> {
  const now = deps.now();
  // Issue 31: never a day early (nothing is moved, nobody is told).
  if (isLaterLondonDate(input.date, now)) throw new ConflictError(startNotBeforeItsDay(input.date));
  const { from, to } = londonDayRange(input.date);
  return deps.db.transaction(async (tx) => {
    const ready = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'ready'),
          gte(orders.deliveryStartsAt, from),
          lt(orders.deliveryStartsAt, to),
        ),
      )
      .orderBy(orders.orderNo)
      .for('update');
    const events = await eventsOf(
      tx,
      ready.map((o) => o.id),
    );
    const started: string[] = [];
    for (const order of ready) {
      if (stateOf(order, 'delivery', events).kind !== 'to-do') continue;
      const moved = await applyMove(tx, {
        site: deps,
        actor: input.actor,
        order,
        to: 'out for delivery',
        now,
      });
      started.push(moved.order_no);
    }
    // The first stop of the route hears the driver is on the way (issue 17).
    if (started.length > 0) await notifyNextDelivery(tx, { date: input.date, now }, deps);
    return { started };
  });
}

/**
 * An action and the stop as it stands after it, with its place in that day's route (what the
 * phone's reply shows): the action's result, replayed or new.
 */
export async function actAtStop(
  deps: Deps,
  input: StopActionInput & { actor: Actor; orderId: string; idempotencyKey: string },
) {
  const result = await recordStopAction(deps, input);
  const leg = result.event.leg;
  const date = londonToday(result.event.windowStartsAt);
  const stops = await listDriverStops(deps, { date });
  let index = stops.findIndex((s) => s.order.id === result.order.id && s.leg === leg);
  let stop = stops[index];
  if (!stop) {
    // The order left that day's list (a delivery sent back to the shop): show it alone.
    stop = await stopOf(deps.db, await findOrder(deps.db, result.order.id), leg);
    index = stops.length;
  }
  return { ...result, stop, index };
}
