import { and, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { londonDayRange } from '@shared/london-time';
import { routeOrder } from '@shared/route-order';
import type { DbOrTx } from '../../db/client';
import type { CarePreferences } from '@shared/care-preferences';
import { orderItems, orders, stopEvents } from '../../db/schema';
import type { OrderRow } from '../orders/find-order';
import type { AppServices } from '../../services';
import { careOfCustomers } from '../accounts/care-preferences';
import { readShopSettings } from '../admin/shop-settings';

/*
 * The driver's day (issue 16, docs/decisions/026): the collections and deliveries of one
 * London day in route order (shared/route-order.ts), each with where it stands. A stop's
 * standing is read from its stop events for the window the order has now, so a stop moved
 * after "not home" is to do again on its new day.
 */

export type Leg = 'collection' | 'delivery';
export type StopEventRow = typeof stopEvents.$inferSelect;

/** Where a stop stands: to do, or the event that settled it (collected, not home, delivered). */
export type StopState =
  | { kind: 'to-do' }
  | { kind: 'collected'; event: StopEventRow }
  | { kind: 'not-home'; event: StopEventRow }
  | { kind: 'delivered'; event: StopEventRow };

export type DriverStop = {
  leg: Leg;
  order: OrderRow;
  startsAt: Date;
  endsAt: Date;
  postcode: string;
  state: StopState;
  /** Delivery: pieces listed on the order; bags counted at collection (null when unknown). */
  itemCount: number;
  bags: number | null;
  /** Issue 18: the customer's garment care preferences (none chosen: null). */
  care?: CarePreferences | null;
};

/** The statuses a delivery stop shows in: on its way to the customer or there. */
export const DELIVERY_STATUSES = ['ready', 'out for delivery', 'delivered'] as const;

export function windowOf(order: OrderRow, leg: Leg): { startsAt: Date; endsAt: Date } {
  return leg === 'collection'
    ? { startsAt: order.pickupStartsAt, endsAt: order.pickupEndsAt }
    : { startsAt: order.deliveryStartsAt, endsAt: order.deliveryEndsAt };
}

/**
 * A leg's standing from its events (newest first): a collection or delivery settles it for
 * good; "not home" holds while the order keeps the window it was recorded for.
 */
export function stateOf(order: OrderRow, leg: Leg, events: readonly StopEventRow[]): StopState {
  const window = windowOf(order, leg).startsAt.getTime();
  const mine = events.filter((e) => e.orderId === order.id && e.leg === leg);
  const done = mine.find((e) => e.outcome !== 'not-home');
  if (done) return { kind: done.outcome as 'collected' | 'delivered', event: done };
  const missed = mine.find((e) => e.windowStartsAt.getTime() === window);
  return missed ? { kind: 'not-home', event: missed } : { kind: 'to-do' };
}

/** The stop events of some orders, newest first. */
export async function eventsOf(db: DbOrTx, orderIds: string[]): Promise<StopEventRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(stopEvents)
    .where(inArray(stopEvents.orderId, orderIds))
    .orderBy(desc(stopEvents.at), desc(stopEvents.id));
}

/** The day's stops (`date`: a London YYYY-MM-DD) in route order. */
export async function listDriverStops(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { date: string },
): Promise<DriverStop[]> {
  const { from, to } = londonDayRange(input.date);
  // Issue 31: the owner may leave collections whose card was never saved off the list.
  const { driverHidesCardNotSaved } = await readShopSettings(deps);
  const collections = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        // Counter tickets (decision 049) are handed over at the branch, never driven.
        eq(orders.channel, 'online'),
        gte(orders.pickupStartsAt, from),
        lt(orders.pickupStartsAt, to),
        ne(orders.status, 'cancelled'),
        driverHidesCardNotSaved ? ne(orders.status, 'pending payment') : undefined,
      ),
    );
  const deliveries = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.channel, 'online'),
        gte(orders.deliveryStartsAt, from),
        lt(orders.deliveryStartsAt, to),
        inArray(orders.status, [...DELIVERY_STATUSES]),
      ),
    );
  const ids = [...new Set([...collections, ...deliveries].map((o) => o.id))];
  const events = await eventsOf(deps.db, ids);
  const counts =
    ids.length === 0
      ? []
      : await deps.db
          .select({
            orderId: orderItems.orderId,
            count: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
          })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .groupBy(orderItems.orderId);
  const countOf = new Map(counts.map((c) => [c.orderId, Number(c.count)]));
  const care = await careOfCustomers(
    deps.db,
    [...collections, ...deliveries].map((o) => o.customerId),
  );
  const stop = (order: OrderRow, leg: Leg): DriverStop => {
    const collected = events.find(
      (e) => e.orderId === order.id && e.leg === 'collection' && e.outcome === 'collected',
    );
    return {
      leg,
      order,
      ...windowOf(order, leg),
      postcode: order.postcode,
      state: stateOf(order, leg, events),
      itemCount: countOf.get(order.id) ?? 0,
      bags: collected?.bags ?? null,
      care: care.get(order.customerId ?? '') ?? null,
    };
  };
  return routeOrder([
    ...collections.map((o) => stop(o, 'collection')),
    ...deliveries.map((o) => stop(o, 'delivery')),
  ]);
}

/** One stop of an order now (for an action's reply). */
export async function stopOf(db: DbOrTx, order: OrderRow, leg: Leg): Promise<DriverStop> {
  const events = await eventsOf(db, [order.id]);
  const collected = events.find((e) => e.leg === 'collection' && e.outcome === 'collected');
  const [count] = await db
    .select({ count: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  return {
    leg,
    order,
    ...windowOf(order, leg),
    postcode: order.postcode,
    state: stateOf(order, leg, events),
    itemCount: Number(count?.count ?? 0),
    bags: collected?.bags ?? null,
    care: (await careOfCustomers(db, [order.customerId])).get(order.customerId ?? '') ?? null,
  };
}
