import { and, eq, gte, lt } from 'drizzle-orm';
import type { SlotKind, SlotRules, SlotUsage } from '@shared/slots';
import type { DbOrTx } from '../../db/client';
import { readContent, type ContentSource } from '../../db/content-cache';
import { closedDates, openingHours, slotSettings, slotUsage } from '../../db/schema';

/**
 * The slot rules as stored (the back office edits them; nothing is hard-coded). Listings pass
 * `services.content` (kept in memory until the rules change); transactions read directly.
 */
export function loadSlotRules(source: ContentSource): Promise<SlotRules> {
  return readContent(source, 'slot-rules', readSlotRules);
}

async function readSlotRules(db: DbOrTx): Promise<SlotRules> {
  // One after another: inside a transaction there is one connection to share.
  const [settings] = await db.select().from(slotSettings).limit(1);
  const hours = await db.select().from(openingHours);
  const closed = await db.select({ day: closedDates.day }).from(closedDates);
  if (!settings) throw new Error('slot_settings has no row: the database was not seeded');
  return {
    slotLengthMinutes: settings.slotLengthMinutes,
    leadTimeMinutes: settings.leadTimeMinutes,
    daysAhead: settings.daysAhead,
    pickupCapacityPerSlot: settings.pickupCapacityPerSlot,
    deliveryCapacityPerSlot: settings.deliveryCapacityPerSlot,
    minTurnaroundHours: settings.minTurnaroundHours,
    openingHours: Object.fromEntries(
      hours.map((h) => [h.weekday, { opensAt: h.opensAt, closesAt: h.closesAt }]),
    ),
    closedDates: new Set(closed.map((c) => c.day)),
  };
}

/** Places taken per slot start, for one kind, between two instants. */
export async function loadSlotUsage(
  db: DbOrTx,
  kind: SlotKind,
  range: { from: Date; to: Date },
): Promise<SlotUsage> {
  const rows = await db
    .select({ startsAt: slotUsage.startsAt, taken: slotUsage.taken })
    .from(slotUsage)
    .where(
      and(
        eq(slotUsage.kind, kind),
        gte(slotUsage.startsAt, range.from),
        lt(slotUsage.startsAt, range.to),
      ),
    );
  return new Map(rows.map((r) => [r.startsAt.toISOString(), r.taken]));
}
