import { eq } from 'drizzle-orm';
import {
  deliverySlots,
  EXPRESS_SLOT_START,
  pickupSlots,
  usageRange,
  type Slot,
  type SlotChoice,
} from '@shared/slots';
import type { DbOrTx, Transaction } from '../../db/client';
import { orders } from '../../db/schema';
import { ConflictError } from '../../errors';
import { loadSlotRules, loadSlotUsage } from './slot-rules';
import { releasePlace, takePlace } from './reserve-slots';

/*
 * The one place where an order's collection or delivery moves to another window (decision
 * 035): after a missed stop (driver/reschedule.ts, decision 026), by the reminder's link, and
 * by the customer from the account, the tracking page or an e-mail (orders/reschedule-order.ts).
 * The new place is taken by the conditional upsert of reserve-slots (the database decides,
 * so a window is never sold beyond its capacity) and the old one given back, in the caller's
 * transaction: a refusal throws, and the whole move rolls back.
 */

export type Leg = 'collection' | 'delivery';

type OrderRow = typeof orders.$inferSelect;
type Windows = Pick<
  OrderRow,
  'pickupStartsAt' | 'pickupEndsAt' | 'deliveryStartsAt' | 'deliveryEndsAt'
>;

/** A window the leg may move to, and whether it has a place left (the picker greys it). */
export type WindowOnOffer = Slot & { full: boolean };

/** Why a move was refused, for the caller to word. */
export type MoveRefusal = 'unavailable' | 'full' | 'no-delivery';

export function legWindow(order: Windows, leg: Leg): { startsAt: Date; endsAt: Date } {
  return leg === 'collection'
    ? { startsAt: order.pickupStartsAt, endsAt: order.pickupEndsAt }
    : { startsAt: order.deliveryStartsAt, endsAt: order.deliveryEndsAt };
}

/** The pickup of an order as the slot engine names a window (for its deliveries). */
function pickupAsSlot(order: Windows): Slot {
  return {
    slot_date: '',
    slot_start: '',
    slot_end: '',
    display: '',
    starts_at: order.pickupStartsAt.toISOString(),
    ends_at: order.pickupEndsAt.toISOString(),
  };
}

const NO_USAGE: ReadonlyMap<string, number> = new Map();

/**
 * The windows the leg may move to at `now`, as the booking would offer them (lead time,
 * opening hours; a delivery after the turnaround from the collection), full ones included
 * and marked, without the window it has now and without the same-day option (by phone).
 */
export async function windowsToMoveTo(
  db: DbOrTx,
  input: { order: Windows; leg: Leg; now: Date },
): Promise<WindowOnOffer[]> {
  const { order, leg, now } = input;
  const rules = await loadSlotRules(db);
  const range = usageRange(now, rules);
  const current = legWindow(order, leg).startsAt.toISOString();
  let all: Slot[];
  let open: Slot[];
  if (leg === 'collection') {
    all = pickupSlots(rules, NO_USAGE, now);
    open = pickupSlots(rules, await loadSlotUsage(db, 'pickup', range), now);
  } else {
    const earliest = now.getTime() + rules.leadTimeMinutes * 60_000;
    const afterLead = (s: Slot) =>
      s.slot_start !== EXPRESS_SLOT_START && Date.parse(s.starts_at) >= earliest;
    all = deliverySlots(rules, NO_USAGE, pickupAsSlot(order)).filter(afterLead);
    open = deliverySlots(
      rules,
      await loadSlotUsage(db, 'delivery', range),
      pickupAsSlot(order),
    ).filter(afterLead);
  }
  const openStarts = new Set(open.map((s) => s.starts_at));
  return all
    .filter((s) => s.starts_at !== current)
    .map((s) => ({ ...s, full: !openStarts.has(s.starts_at) }));
}

/**
 * Moves the leg of `order` (read and locked by the caller in `tx`) to the window `choice`:
 * takes its place, frees the old one, and for a collection moves the delivery too when it
 * would come before the turnaround (to the first delivery window with a place after it).
 * Throws ConflictError with `messages[refusal]` when the window is not offered, full, or
 * leaves no delivery.
 */
export async function moveWindow(
  tx: Transaction,
  input: {
    order: Windows & { id: string };
    leg: Leg;
    choice: SlotChoice;
    now: Date;
    messages: Record<MoveRefusal, string>;
  },
): Promise<{ moved: OrderRow; deliveryMoved: boolean }> {
  const { order, leg, now, messages } = input;
  const chosen = (await windowsToMoveTo(tx, { order, leg, now })).find(
    (s) => s.slot_date === input.choice.date && s.slot_start === input.choice.start,
  );
  if (!chosen) throw new ConflictError(messages.unavailable, 'slot-gone');
  const rules = await loadSlotRules(tx);
  const startsAt = new Date(chosen.starts_at);
  const endsAt = new Date(chosen.ends_at);
  const kind = leg === 'collection' ? 'pickup' : 'delivery';
  const capacity = kind === 'pickup' ? rules.pickupCapacityPerSlot : rules.deliveryCapacityPerSlot;
  if (!(await takePlace(tx, kind, startsAt, capacity))) {
    throw new ConflictError(messages.full, 'slot-full');
  }
  await releasePlace(tx, kind, legWindow(order, leg).startsAt);
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
      throw new ConflictError(messages['no-delivery'], 'slot-gone');
    }
    await releasePlace(tx, 'delivery', order.deliveryStartsAt);
    set = { ...set, deliveryStartsAt, deliveryEndsAt: new Date(delivery.ends_at) };
  }
  const [moved] = await tx.update(orders).set(set).where(eq(orders.id, order.id)).returning();
  return {
    moved: moved!,
    deliveryMoved: moved!.deliveryStartsAt.getTime() !== order.deliveryStartsAt.getTime(),
  };
}
