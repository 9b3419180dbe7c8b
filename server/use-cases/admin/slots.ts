import { asc, eq, gte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { LONDON, usageRange, windowsOfDay } from '@shared/slots';
import type { Database } from '../../db/client';
import { closedDates, openingHours, slotSettings } from '../../db/schema';
import { ValidationError } from '../../errors';
import { fieldErrors } from '../../http/parse';
import { loadSlotRules, loadSlotUsage } from '../slots/slot-rules';
import { recordAudit, type Actor } from './audit';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 08:00.');
const count = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}: enter a whole number.` })
    .int(`${label}: enter a whole number.`)
    .min(min, `${label}: at least ${min}.`)
    .max(max, `${label}: at most ${max}.`);

export const slotRulesInput = z.object({
  slotLengthMinutes: z.coerce
    .number()
    .refine(
      (n) => [30, 60, 90, 120, 180, 240].includes(n),
      'Slot length: 30, 60, 90, 120, 180 or 240 minutes.',
    ),
  leadTimeMinutes: count('Lead time', 0, 7 * 24 * 60),
  daysAhead: count('Days ahead', 1, 60),
  pickupCapacityPerSlot: count('Collections per slot', 0, 500),
  deliveryCapacityPerSlot: count('Deliveries per slot', 0, 500),
  minTurnaroundHours: count('Turnaround', 0, 14 * 24),
  openingHours: z
    .array(
      z
        .object({
          weekday: z.coerce.number().int().min(1).max(7),
          closed: z.boolean().default(false),
          opensAt: hhmm,
          closesAt: hhmm,
        })
        .refine((d) => d.closed || d.opensAt < d.closesAt, {
          message: 'Closing time must be after opening time.',
          path: ['closesAt'],
        }),
    )
    .length(7, 'Give the hours of all seven days.'),
});

export const closedDateInput = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date like 2026-12-25.')
    .refine((d) => DateTime.fromISO(d).isValid, 'Enter a real date.'),
  reason: z.string().trim().min(1, 'Say why the shop is closed.').max(200),
});

/** The rules as the back office form shows them, the closed dates ahead, and how full slots are. */
export async function slotOverview(db: Database, now: Date, days = 7) {
  const rules = await loadSlotRules(db);
  const hours = await db.select().from(openingHours).orderBy(asc(openingHours.weekday));
  const today = DateTime.fromJSDate(now, { zone: LONDON }).toISODate()!;
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
    const date = DateTime.fromISO(today, { zone: LONDON }).plus({ days: i }).toISODate()!;
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
export async function saveSlotRules(db: Database, actor: Actor, input: unknown, now: Date) {
  const parsed = slotRulesInput.safeParse(input ?? {});
  if (!parsed.success) {
    throw new ValidationError('Please check the slot rules.', fieldErrors(parsed.error));
  }
  const { openingHours: week, ...settings } = parsed.data;
  await db.transaction(async (tx) => {
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
    await recordAudit(
      tx,
      actor,
      {
        action: 'slots.rules',
        entity: 'slot_rules',
        entityId: 1,
        before: { ...before, openingHours: beforeHours },
        after: { ...settings, openingHours: open },
      },
      now,
    );
  });
}

export async function addClosedDate(db: Database, actor: Actor, input: unknown, now: Date) {
  const parsed = closedDateInput.safeParse(input ?? {});
  if (!parsed.success) {
    throw new ValidationError('Please check the closed date.', fieldErrors(parsed.error));
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(closedDates)
      .values(parsed.data)
      .onConflictDoUpdate({ target: closedDates.day, set: { reason: parsed.data.reason } });
    await recordAudit(
      tx,
      actor,
      {
        action: 'slots.close',
        entity: 'closed_date',
        entityId: parsed.data.day,
        after: parsed.data,
      },
      now,
    );
  });
}

export async function removeClosedDate(db: Database, actor: Actor, day: string, now: Date) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(closedDates).where(eq(closedDates.day, day)).returning();
    if (before) {
      await recordAudit(
        tx,
        actor,
        { action: 'slots.reopen', entity: 'closed_date', entityId: day, before },
        now,
      );
    }
  });
}
