import { and, eq } from 'drizzle-orm';
import { londonWindow } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';
import {
  deliverySlots,
  EXPRESS_SLOT_START,
  pickupSlots,
  usageRange,
  type Slot,
} from '@shared/slots';
import type { DbOrTx } from '../../db/client';
import { orders, stopEvents } from '../../db/schema';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../errors';
import {
  collectionChangeTokenValid,
  rescheduleAccessMessages,
  rescheduleTokenValid,
} from '../../auth/reschedule-access';
import { checkCancellation } from '../accounts/cancellation-policy';
import { findOrder, type OrderRow } from '../orders/find-order';
import { loadSlotRules, loadSlotUsage } from '../slots/slot-rules';
import { releasePlace, takePlace } from '../slots/reserve-slots';
import type { AppServices } from '../../services';
import { recordAudit } from '../audit/record-audit';
import { newWindowEmail } from '../mail/driver-emails';
import { eventsOf, windowOf, type Leg } from './driver-stops';

/*
 * After "not home" (issue 16, docs/decisions/026) the customer chooses a new window through
 * the e-mailed, signed link: the windows offered are the booking's (shared/slots.ts: lead
 * time, opening hours, capacity; a delivery after the turnaround), and choosing one takes its
 * place and frees the old one in one transaction (the conditional upsert of reserve-slots, so
 * never overbooked). The link works while the order keeps the window that was missed.
 */

export const rescheduleMessages = {
  gone: 'Sorry, that window is no longer available. Please choose another one.',
  noDelivery:
    'Sorry, there is no delivery window left after that collection. Please choose another one or call us.',
  tooLate:
    'This collection is too close to change online (or is no longer waiting to be collected). Please call us.',
} as const;

/**
 * Who opens the page: the link of a missed stop (`eventId`), or the evening-before reminder's
 * link for the collection window it named (`windowMs`, issue 17, decision 031).
 */
type Caller = { orderId: string; token: string | null | undefined } & (
  { eventId: number; windowMs?: undefined } | { windowMs: number; eventId?: undefined }
);

/** The reason the page opens: a missed stop, or a collection the customer wants to move. */
export type RescheduleReason = 'missed' | 'change';

/**
 * The order of a reminder's link, while its collection is still in the window the reminder
 * named and far enough ahead to change (the cancellation notice of spec 9); else 401 or 409.
 */
async function collectionToChange(
  db: DbOrTx,
  links: Pick<AppServices, 'links'>,
  caller: { orderId: string; windowMs: number; token: string | null | undefined },
  now: Date,
  lock: boolean,
) {
  if (!collectionChangeTokenValid(links, caller, caller.token, now)) {
    throw new UnauthorizedError(rescheduleAccessMessages.refused);
  }
  const order = await findOrder(db, caller.orderId, lock).catch(() => {
    throw new NotFoundError('We could not find that order.');
  });
  if (order.pickupStartsAt.getTime() !== caller.windowMs) {
    throw new ConflictError(rescheduleAccessMessages.used);
  }
  const check = checkCancellation(order, now);
  if (!check.allowed) throw new ConflictError(rescheduleMessages.tooLate);
  return { order, leg: 'collection' as const, reason: 'change' as const };
}

/** The order and its missed stop, when the link still opens them (else 401 or 409). */
async function missedStop(
  db: DbOrTx,
  links: Pick<AppServices, 'links'>,
  caller: Caller,
  now: Date,
  lock = false,
): Promise<{ order: OrderRow; leg: Leg; reason: RescheduleReason }> {
  if (caller.windowMs !== undefined) {
    return collectionToChange(db, links, { ...caller, windowMs: caller.windowMs }, now, lock);
  }
  if (!rescheduleTokenValid(links, caller, caller.token, now)) {
    throw new UnauthorizedError(rescheduleAccessMessages.refused);
  }
  const order = await findOrder(db, caller.orderId, lock).catch(() => {
    throw new NotFoundError('We could not find that order.');
  });
  const [event] = await db
    .select()
    .from(stopEvents)
    .where(and(eq(stopEvents.id, caller.eventId), eq(stopEvents.orderId, order.id)))
    .limit(1);
  if (!event || event.outcome !== 'not-home') {
    throw new UnauthorizedError(rescheduleAccessMessages.refused);
  }
  const leg = event.leg;
  const settled = (await eventsOf(db, [order.id])).some(
    (e) => e.leg === leg && e.outcome !== 'not-home',
  );
  if (
    settled ||
    order.status === 'cancelled' ||
    windowOf(order, leg).startsAt.getTime() !== event.windowStartsAt.getTime()
  ) {
    throw new ConflictError(rescheduleAccessMessages.used);
  }
  return { order, leg, reason: 'missed' };
}

/** The pickup of an order as the slot engine names a window (for its deliveries). */
function pickupAsSlot(order: OrderRow): Slot {
  return {
    slot_date: '',
    slot_start: '',
    slot_end: '',
    display: '',
    starts_at: order.pickupStartsAt.toISOString(),
    ends_at: order.pickupEndsAt.toISOString(),
  };
}

/** The windows the customer may move the leg to now, as the booking would offer them. */
async function windowsFor(db: DbOrTx, order: OrderRow, leg: Leg, now: Date): Promise<Slot[]> {
  const rules = await loadSlotRules(db);
  const range = usageRange(now, rules);
  const current = windowOf(order, leg).startsAt.toISOString();
  if (leg === 'collection') {
    return pickupSlots(rules, await loadSlotUsage(db, 'pickup', range), now).filter(
      (s) => s.starts_at !== current,
    );
  }
  const earliest = now.getTime() + rules.leadTimeMinutes * 60_000;
  return deliverySlots(
    rules,
    await loadSlotUsage(db, 'delivery', range),
    pickupAsSlot(order),
  ).filter(
    (s) =>
      s.slot_start !== EXPRESS_SLOT_START &&
      Date.parse(s.starts_at) >= earliest &&
      s.starts_at !== current,
  );
}

/** What the customer's page shows: the order, the missed window and the windows on offer. */
export async function rescheduleOptions(
  deps: Pick<AppServices, 'db' | 'links' | 'config' | 'now'>,
  input: Caller,
) {
  const now = deps.now();
  const { order, leg, reason } = await missedStop(deps.db, deps, input, now);
  const window = windowOf(order, leg);
  return {
    orderNo: orderNumber(deps.config.brand, order.orderNo),
    leg,
    reason,
    missed: londonWindow(window.startsAt, window.endsAt),
    windows: await windowsFor(deps.db, order, leg, now),
  };
}

/**
 * Moves the missed leg to the chosen window: takes its place (or 409 when it has just gone),
 * frees the old one, and for a collection moves the delivery too when it would come before
 * the turnaround (to the first free delivery window after it). Audited, and confirmed to the
 * customer by e-mail. One transaction.
 */
export async function chooseNewWindow(
  deps: Pick<AppServices, 'db' | 'links' | 'config' | 'mail' | 'now'>,
  input: Caller & { date: string; start: string },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { order, leg, reason } = await missedStop(tx, deps, input, now, true);
    const chosen = (await windowsFor(tx, order, leg, now)).find(
      (s) => s.slot_date === input.date && s.slot_start === input.start,
    );
    if (!chosen) throw new ConflictError(rescheduleMessages.gone);
    const rules = await loadSlotRules(tx);
    const startsAt = new Date(chosen.starts_at);
    const endsAt = new Date(chosen.ends_at);
    const kind = leg === 'collection' ? 'pickup' : 'delivery';
    const capacity =
      kind === 'pickup' ? rules.pickupCapacityPerSlot : rules.deliveryCapacityPerSlot;
    if (!(await takePlace(tx, kind, startsAt, capacity))) {
      throw new ConflictError(rescheduleMessages.gone);
    }
    await releasePlace(tx, kind, windowOf(order, leg).startsAt);
    let set: Partial<OrderRow> =
      leg === 'collection'
        ? { pickupStartsAt: startsAt, pickupEndsAt: endsAt }
        : { deliveryStartsAt: startsAt, deliveryEndsAt: endsAt };
    if (
      leg === 'collection' &&
      order.deliveryStartsAt.getTime() < endsAt.getTime() + rules.minTurnaroundHours * 3_600_000
    ) {
      const usage = await loadSlotUsage(tx, 'delivery', usageRange(now, rules));
      const delivery = deliverySlots(rules, usage, chosen).find(
        (s) => s.slot_start !== EXPRESS_SLOT_START,
      );
      const deliveryStartsAt = delivery ? new Date(delivery.starts_at) : null;
      if (
        !delivery ||
        !deliveryStartsAt ||
        !(await takePlace(tx, 'delivery', deliveryStartsAt, rules.deliveryCapacityPerSlot))
      ) {
        throw new ConflictError(rescheduleMessages.noDelivery);
      }
      await releasePlace(tx, 'delivery', order.deliveryStartsAt);
      set = { ...set, deliveryStartsAt, deliveryEndsAt: new Date(delivery.ends_at) };
    }
    const [moved] = await tx.update(orders).set(set).where(eq(orders.id, order.id)).returning();
    const deliveryMoved = moved!.deliveryStartsAt.getTime() !== order.deliveryStartsAt.getTime();
    // The customer chose it through a signed link (a missed stop's, or the reminder's to
    // change the collection): no member of staff acted.
    await recordAudit(tx, {
      actor: null,
      now,
      action: reason === 'change' ? 'order.collection-changed' : `stop.new-window.${leg}`,
      entity: 'order',
      entityId: order.id,
      before: {
        pickupStartsAt: order.pickupStartsAt,
        deliveryStartsAt: order.deliveryStartsAt,
      },
      after: { pickupStartsAt: moved!.pickupStartsAt, deliveryStartsAt: moved!.deliveryStartsAt },
    });
    await deps.mail.enqueue(
      newWindowEmail(deps.config.brand, deps, { order: moved!, leg, deliveryMoved }),
      tx,
    );
    return {
      orderNo: orderNumber(deps.config.brand, order.orderNo),
      leg,
      window: londonWindow(windowOf(moved!, leg).startsAt, windowOf(moved!, leg).endsAt),
      delivery: londonWindow(moved!.deliveryStartsAt, moved!.deliveryEndsAt),
    };
  });
}
