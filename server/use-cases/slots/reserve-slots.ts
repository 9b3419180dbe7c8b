import { and, eq, sql } from 'drizzle-orm';
import {
  deliverySlots,
  EXPRESS_SLOT_START,
  findPickupSlot,
  pickupSlots,
  usageRange,
  type Slot,
  type SlotChoice,
  type SlotKind,
} from '@shared/slots';
import type { DbOrTx, Transaction } from '../../db/client';
import { slotUsage } from '../../db/schema';
import { ConflictError } from '../../errors';
import { loadSlotRules, loadSlotUsage } from './slot-rules';

export type ReservedSlot = { startsAt: Date; endsAt: Date; display: string };

export const PICKUP_GONE =
  'Sorry, the collection slot you chose is no longer available. Please choose another one.';
export const DELIVERY_GONE =
  'Sorry, the delivery slot you chose is no longer available. Please choose another one.';
export const EXPRESS_BY_PHONE = 'Same-day express delivery is arranged by phone.';

/**
 * Takes one place in a slot, or none when it is full. The conditional upsert makes the
 * database the arbiter: concurrent transactions queue on the row, and the WHERE is checked
 * against the latest committed count, so a slot is never sold beyond its capacity.
 */
export async function takePlace(
  tx: Transaction,
  kind: SlotKind,
  startsAt: Date,
  capacity: number,
): Promise<boolean> {
  if (capacity < 1) return false;
  const rows = await tx
    .insert(slotUsage)
    .values({ kind, startsAt, taken: 1 })
    .onConflictDoUpdate({
      target: [slotUsage.kind, slotUsage.startsAt],
      set: { taken: sql`${slotUsage.taken} + 1` },
      setWhere: sql`${slotUsage.taken} < ${capacity}`,
    })
    .returning({ taken: slotUsage.taken });
  return rows.length === 1;
}

/**
 * Checks that both slots are still offered at `now` (the same availability functions that
 * list them) and takes one place in each, atomically inside `tx`. Throws ConflictError with
 * a message for people when either is no longer offered or is full.
 */
export async function reserveSlots(
  tx: Transaction,
  choice: { pickup: SlotChoice; delivery: SlotChoice; now: Date },
): Promise<{ pickup: ReservedSlot; delivery: ReservedSlot }> {
  const { now } = choice;
  if (choice.delivery.start === EXPRESS_SLOT_START)
    throw new ConflictError(EXPRESS_BY_PHONE, 'express-by-phone');
  const rules = await loadSlotRules(tx);
  const range = usageRange(now, rules);
  const pickupUsage = await loadSlotUsage(tx, 'pickup', range);
  const pickup = findPickupSlot(rules, pickupUsage, now, choice.pickup);
  const same = (choice: SlotChoice) => (s: Slot) =>
    s.slot_start !== EXPRESS_SLOT_START &&
    s.slot_date === choice.date &&
    s.slot_start === choice.start;
  // Full (others took its places) or gone (past its cut-off, closed): the code says which.
  if (!pickup) {
    const full = pickupSlots(rules, pickupUsage, now, { includeFull: true }).some(
      (s) => s.full && same(choice.pickup)(s),
    );
    throw new ConflictError(PICKUP_GONE, full ? 'slot-full' : 'slot-gone');
  }
  const deliveryUsage = await loadSlotUsage(tx, 'delivery', range);
  const delivery = deliverySlots(rules, deliveryUsage, pickup).find(same(choice.delivery));
  if (!delivery) {
    const full = deliverySlots(rules, deliveryUsage, pickup, { includeFull: true }).some(
      (s) => s.full && same(choice.delivery)(s),
    );
    throw new ConflictError(DELIVERY_GONE, full ? 'slot-full' : 'slot-gone');
  }
  const pickupStartsAt = new Date(pickup.starts_at);
  const deliveryStartsAt = new Date(delivery.starts_at);
  if (!(await takePlace(tx, 'pickup', pickupStartsAt, rules.pickupCapacityPerSlot))) {
    throw new ConflictError(PICKUP_GONE, 'slot-full');
  }
  if (!(await takePlace(tx, 'delivery', deliveryStartsAt, rules.deliveryCapacityPerSlot))) {
    throw new ConflictError(DELIVERY_GONE, 'slot-full');
  }
  return {
    pickup: { startsAt: pickupStartsAt, endsAt: new Date(pickup.ends_at), display: pickup.display },
    delivery: {
      startsAt: deliveryStartsAt,
      endsAt: new Date(delivery.ends_at),
      display: delivery.display,
    },
  };
}

/** Gives back one place of a slot (an order moved out of it). */
export async function releasePlace(db: DbOrTx, kind: SlotKind, startsAt: Date): Promise<void> {
  await db
    .update(slotUsage)
    .set({ taken: sql`greatest(${slotUsage.taken} - 1, 0)` })
    .where(and(eq(slotUsage.kind, kind), eq(slotUsage.startsAt, startsAt)));
}

/** Gives back the places of a cancelled order. */
export async function releaseSlots(
  db: DbOrTx,
  slots: { pickupStartsAt: Date; deliveryStartsAt: Date },
): Promise<void> {
  for (const [kind, startsAt] of [
    ['pickup', slots.pickupStartsAt],
    ['delivery', slots.deliveryStartsAt],
  ] as const) {
    await db
      .update(slotUsage)
      .set({ taken: sql`greatest(${slotUsage.taken} - 1, 0)` })
      .where(and(eq(slotUsage.kind, kind), eq(slotUsage.startsAt, startsAt)));
  }
}
