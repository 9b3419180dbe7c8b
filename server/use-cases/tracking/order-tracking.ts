import { isUuid } from '@shared/text';
import { and, desc, eq, sql } from 'drizzle-orm';
import { londonToday } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';
import {
  auditLog,
  branches,
  counterTickets,
  orderEvents,
  orderGarments,
  orders,
  photos,
  stopEvents,
} from '../../db/schema';
import { NotFoundError } from '../../errors';
import { trackingChangePath } from '@shared/tracking';
import { checkCancellation, checkReschedule } from '../accounts/cancellation-policy';
import { photoUrl } from '../photos/photo-url';
import type { AppServices } from '../../services';
import {
  buildTracking,
  stopNumber,
  type TrackingFacts,
  type TrackingView,
} from './tracking-timeline';
import { deliveriesStillOut } from './deliveries-out';
import { buildCounterTracking } from './counter-timeline';

type Windows = Pick<
  typeof orders.$inferSelect,
  'pickupStartsAt' | 'pickupEndsAt' | 'deliveryStartsAt' | 'deliveryEndsAt'
>;

const instantOf = (record: Record<string, unknown>, key: string): Date | null => {
  const value = record[key];
  if (typeof value !== 'string') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
};

/**
 * The window moves of an order, from the audit entries every move writes (orders/
 * reschedule-order.ts `confirmMove`, after slots/move-window.ts; decision 035): each leg whose
 * start differs before and after is a move to its new window. An entry from before the end
 * was recorded takes the order's end when the order is still in that window, else none.
 */
export function movesFromAudit(
  entries: { before: unknown; after: unknown; at: Date }[],
  order: Windows,
): NonNullable<TrackingFacts['moves']> {
  const moves: NonNullable<TrackingFacts['moves']> = [];
  for (const entry of entries) {
    if (!entry.before || !entry.after) continue;
    if (typeof entry.before !== 'object' || typeof entry.after !== 'object') continue;
    const before = entry.before as Record<string, unknown>;
    const after = entry.after as Record<string, unknown>;
    for (const leg of ['collection', 'delivery'] as const) {
      const prefix = leg === 'collection' ? 'pickup' : 'delivery';
      const from = instantOf(before, `${prefix}StartsAt`);
      const startsAt = instantOf(after, `${prefix}StartsAt`);
      if (!from || !startsAt || from.getTime() === startsAt.getTime()) continue;
      const current = leg === 'collection' ? order.pickupStartsAt : order.deliveryStartsAt;
      const currentEnd = leg === 'collection' ? order.pickupEndsAt : order.deliveryEndsAt;
      const endsAt =
        instantOf(after, `${prefix}EndsAt`) ??
        (current.getTime() === startsAt.getTime() ? currentEnd : null);
      moves.push({ leg, startsAt, endsAt, at: entry.at });
    }
  }
  return moves;
}

/**
 * The tracking page of an order by its tracking token (issue 16, decision 029): no login, so
 * the reply holds nothing personal beyond what the link's holder knows (tracking-timeline.ts).
 * An unknown or malformed token is a 404, as for a page that does not exist.
 */
export async function orderTracking(
  deps: Pick<AppServices, 'db' | 'config' | 'links' | 'now'>,
  input: { token: string },
): Promise<TrackingView> {
  const now = deps.now();
  if (!isUuid(input.token)) throw new NotFoundError();
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(eq(orders.trackingToken, input.token))
    .limit(1);
  if (!order) throw new NotFoundError();

  const [events, stops, [garments], audit] = await Promise.all([
    deps.db
      .select({ toStatus: orderEvents.toStatus, at: orderEvents.at })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id)),
    deps.db
      .select({
        leg: stopEvents.leg,
        outcome: stopEvents.outcome,
        bags: stopEvents.bags,
        leftWith: stopEvents.leftWith,
        at: stopEvents.at,
        photoId: stopEvents.photoId,
        id: stopEvents.id,
        windowStartsAt: stopEvents.windowStartsAt,
      })
      .from(stopEvents)
      .where(eq(stopEvents.orderId, order.id)),
    deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orderGarments)
      .where(eq(orderGarments.orderId, order.id)),
    // Window moves are audited with both windows before and after (decision 035); only their
    // times leave this function.
    deps.db
      .select({ before: auditLog.before, after: auditLog.after, at: auditLog.at })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.id))),
  ]);

  // A delivery photo uploaded on its own (not through the driver's delivered stop).
  const [latestDeliveryPhoto] =
    order.status === 'delivered'
      ? await deps.db
          .select({ id: photos.id })
          .from(photos)
          .where(and(eq(photos.orderId, order.id), eq(photos.kind, 'delivery')))
          .orderBy(desc(photos.createdAt))
          .limit(1)
      : [];

  // What every order's page starts from.
  const known = {
    orderNumber: orderNumber(deps.config.brand, order.orderNo),
    customerName: order.customerName,
    postcode: order.postcode,
    status: order.status,
    registered: order.customerId !== null,
    createdAt: order.createdAt,
    pickup: { startsAt: order.pickupStartsAt, endsAt: order.pickupEndsAt },
    delivery: { startsAt: order.deliveryStartsAt, endsAt: order.deliveryEndsAt },
    events,
  };
  // A counter ticket (issue 32): handed in and collected at its branch, no van.
  const [counter] = await deps.db
    .select({ ticket: counterTickets, branchName: branches.name })
    .from(counterTickets)
    .innerJoin(branches, eq(branches.id, counterTickets.branchId))
    .where(eq(counterTickets.orderId, order.id));
  if (counter) {
    return buildCounterTracking(
      {
        ...known,
        stops: [],
        intakeReportedAt: order.intakeReportedAt,
        garmentCount: garments?.count ?? 0,
        stop: null,
        rescheduleUrl: null,
      },
      {
        branchName: counter.branchName,
        promisedReadyAt: counter.ticket.promisedReadyAt,
        readyAt: counter.ticket.readyAt,
        collectedAt: counter.ticket.collectedAt,
      },
    );
  }

  let stop: { number: number; of: number } | null = null;
  if (order.status === 'out for delivery') {
    // The day's deliveries still out, to count the stops ahead (only ids, slots and postcodes
    // leave this function).
    const out = (await deliveriesStillOut(deps.db, londonToday(order.deliveryStartsAt))).map(
      (o) => ({ id: o.id, startsAt: o.deliveryStartsAt, postcode: o.postcode }),
    );
    stop = stopNumber(order.id, out);
  }

  // Nobody home, and the visit still in the window it was missed in: the customer chooses a
  // new one. The tracking link is safe to forward (issue 31): it never carries a signed change
  // link or the order id, only the way to ask for the e-mailed link (tracking/change-link.ts).
  const missed = stops
    .filter((s) => s.outcome === 'not-home')
    .filter((s) => {
      const window = s.leg === 'collection' ? order.pickupStartsAt : order.deliveryStartsAt;
      return s.windowStartsAt.getTime() === window.getTime();
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  const rescheduleUrl = missed ? trackingChangePath(order.trackingToken, missed.leg) : null;

  // Before the collection (and no missed visit to settle), the customer may change its
  // window: the way to the e-mailed change link (issues 17 and 31, decision 031).
  const changeCollectionUrl =
    !missed && checkCancellation(order, now).allowed
      ? trackingChangePath(order.trackingToken, 'collection')
      : null;
  // And the delivery's, up to 2 hours before it (issue 18, decision 035).
  const changeDeliveryUrl =
    !missed && checkReschedule(order, 'delivery', now).allowed
      ? trackingChangePath(order.trackingToken, 'delivery')
      : null;

  return buildTracking(
    {
      ...known,
      moves: movesFromAudit(audit, order),
      stops: await Promise.all(
        stops.map(async ({ photoId, id: _id, windowStartsAt: _window, ...s }) => ({
          ...s,
          photoUrl: s.outcome === 'delivered' && photoId ? await photoUrl(deps, photoId) : null,
        })),
      ),
      intakeReportedAt: order.intakeReportedAt,
      garmentCount: garments?.count ?? 0,
      stop,
      deliveryPhotoUrl: latestDeliveryPhoto ? await photoUrl(deps, latestDeliveryPhoto.id) : null,
      rescheduleUrl,
      changeCollectionUrl,
      changeDeliveryUrl,
    },
    now,
  );
}
