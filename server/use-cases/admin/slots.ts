import { asc, eq, gte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { closedDateInput, slotRulesInput } from '@shared/api/admin/slots';
import { LONDON_ZONE } from '@shared/london-time';
import { usageRange, windowsOfDay } from '@shared/slots';
import type { AppServices } from '../../services';
import { closedDates, openingHours, slotSettings } from '../../db/schema';
import { loadSlotRules, loadSlotUsage } from '../slots/slot-rules';
import { recordAudit, type Actor } from '../audit/record-audit';

/** The rules as the back office form shows them, the closed dates ahead, and how full slots are. */
export async function slotOverview(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { days?: number } = {},
) {
  const { db } = deps;
  const now = deps.now();
  const days = input.days ?? 7;
  const rules = await loadSlotRules(db);
  const hours = await db.select().from(openingHours).orderBy(asc(openingHours.weekday));
  const today = DateTime.fromJSDate(now, { zone: LONDON_ZONE }).toISODate()!;
  const closed = await db
    .select()
    .from(closedDates)
    .where(gte(closedDates.day, today))
    .orderBy(asc(closedDates.day));
  const range = usageRange(now, rules);
  const pickups = await loadSlotUsage(db, 'pickup', range);
  const deliveries = await loadSlotUsage(db, 'delivery', range);
  const fullness = [];
  for (let i = 0; i < days; i += 1) {
    const date = DateTime.fromISO(today, { zone: LONDON_ZONE }).plus({ days: i }).toISODate()!;
    fullness.push({
      date,
      label: DateTime.fromISO(date).toFormat('ccc d LLL'),
      closed: rules.closedDates.has(date),
      slots: windowsOfDay(date, rules).map((w) => ({
        start: w.slot_start,
        end: w.slot_end,
        pickups: pickups.get(w.starts_at) ?? 0,
        deliveries: deliveries.get(w.starts_at) ?? 0,
      })),
    });
  }
  return {
    rules: {
      slotLengthMinutes: rules.slotLengthMinutes,
      leadTimeMinutes: rules.leadTimeMinutes,
      daysAhead: rules.daysAhead,
      pickupCapacityPerSlot: rules.pickupCapacityPerSlot,
      deliveryCapacityPerSlot: rules.deliveryCapacityPerSlot,
      minTurnaroundHours: rules.minTurnaroundHours,
      openingHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
        const h = hours.find((row) => row.weekday === weekday);
        return {
          weekday,
          closed: !h,
          opensAt: h?.opensAt ?? '08:00',
          closesAt: h?.closesAt ?? '18:00',
        };
      }),
    },
    closedDates: closed,
    fullness,
  };
}

/** Saves the slot rules and opening hours; the next GET /api/pickup uses them. */
export async function saveSlotRules(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: z.output<typeof slotRulesInput> & { actor: Actor },
) {
  const now = deps.now();
  const { openingHours: week, actor, ...settings } = input;
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(slotSettings).for('update');
    const beforeHours = await tx.select().from(openingHours);
    await tx.update(slotSettings).set(settings);
    await tx.delete(openingHours);
    const open = week.filter((d) => !d.closed);
    if (open.length) {
      await tx
        .insert(openingHours)
        .values(
          open.map((d) => ({ weekday: d.weekday, opensAt: d.opensAt, closesAt: d.closesAt })),
        );
    }
    await recordAudit(tx, {
      actor,
      now,
      action: 'slots.rules',
      entity: 'slot_rules',
      entityId: 1,
      before: { ...before, openingHours: beforeHours },
      after: { ...settings, openingHours: open },
    });
  });
}

export async function addClosedDate(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: z.output<typeof closedDateInput> & { actor: Actor },
) {
  const now = deps.now();
  const { actor, ...day } = input;
  const parsed = { data: day };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(closedDates)
      .values(parsed.data)
      .onConflictDoUpdate({ target: closedDates.day, set: { reason: parsed.data.reason } });
    await recordAudit(tx, {
      actor,
      now,
      action: 'slots.close',
      entity: 'closed_date',
      entityId: parsed.data.day,
      after: parsed.data,
    });
  });
}

export async function removeClosedDate(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor; day: string },
) {
  const now = deps.now();
  const { actor, day } = input;
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.delete(closedDates).where(eq(closedDates.day, day)).returning();
    if (before) {
      await recordAudit(tx, {
        actor,
        now,
        action: 'slots.reopen',
        entity: 'closed_date',
        entityId: day,
        before,
      });
    }
  });
}
