import type { DbOrTx } from '../client';
import { closedDates, openingHours, slotSettings } from '../schema';

/** Collection and delivery hours, London wall-clock, per ISO weekday. */
export const DEFAULT_OPENING_HOURS: { weekday: number; opensAt: string; closesAt: string }[] = [
  { weekday: 1, opensAt: '07:00', closesAt: '21:00' },
  { weekday: 2, opensAt: '07:00', closesAt: '21:00' },
  { weekday: 3, opensAt: '07:00', closesAt: '21:00' },
  { weekday: 4, opensAt: '07:00', closesAt: '21:00' },
  { weekday: 5, opensAt: '07:00', closesAt: '21:00' },
  { weekday: 6, opensAt: '08:00', closesAt: '18:00' },
  { weekday: 7, opensAt: '10:00', closesAt: '16:00' },
];

/**
 * England and Wales bank holidays (with substitute days) and the shop's Christmas closures,
 * as published by GOV.UK for 2026–2028. The back office adds or removes dates later.
 */
export const DEFAULT_CLOSED_DATES: { day: string; reason: string }[] = [
  { day: '2026-01-01', reason: "New Year's Day" },
  { day: '2026-04-03', reason: 'Good Friday' },
  { day: '2026-04-06', reason: 'Easter Monday' },
  { day: '2026-05-04', reason: 'Early May bank holiday' },
  { day: '2026-05-25', reason: 'Spring bank holiday' },
  { day: '2026-08-31', reason: 'Summer bank holiday' },
  { day: '2026-12-24', reason: 'Christmas Eve (closed from noon: no collections)' },
  { day: '2026-12-25', reason: 'Christmas Day' },
  { day: '2026-12-26', reason: 'Boxing Day' },
  { day: '2026-12-28', reason: 'Boxing Day (substitute day)' },
  { day: '2027-01-01', reason: "New Year's Day" },
  { day: '2027-03-26', reason: 'Good Friday' },
  { day: '2027-03-29', reason: 'Easter Monday' },
  { day: '2027-05-03', reason: 'Early May bank holiday' },
  { day: '2027-05-31', reason: 'Spring bank holiday' },
  { day: '2027-08-30', reason: 'Summer bank holiday' },
  { day: '2027-12-24', reason: 'Christmas Eve (closed from noon: no collections)' },
  { day: '2027-12-25', reason: 'Christmas Day' },
  { day: '2027-12-26', reason: 'Boxing Day' },
  { day: '2027-12-27', reason: 'Christmas Day (substitute day)' },
  { day: '2027-12-28', reason: 'Boxing Day (substitute day)' },
  { day: '2028-01-03', reason: "New Year's Day (substitute day)" },
  { day: '2028-04-14', reason: 'Good Friday' },
  { day: '2028-04-17', reason: 'Easter Monday' },
  { day: '2028-05-01', reason: 'Early May bank holiday' },
  { day: '2028-05-29', reason: 'Spring bank holiday' },
  { day: '2028-08-28', reason: 'Summer bank holiday' },
  { day: '2028-12-24', reason: 'Christmas Eve' },
  { day: '2028-12-25', reason: 'Christmas Day' },
  { day: '2028-12-26', reason: 'Boxing Day' },
];

/** Slot rules on first start: defaults of slot_settings, opening hours and closed dates. */
export async function seedSlotRules(db: DbOrTx, _now: Date): Promise<void> {
  const inserted = await db
    .insert(slotSettings)
    .values({ id: 1 })
    .onConflictDoNothing()
    .returning({ id: slotSettings.id });
  if (inserted.length === 0) return;
  await db.insert(openingHours).values(DEFAULT_OPENING_HOURS).onConflictDoNothing();
  await db.insert(closedDates).values(DEFAULT_CLOSED_DATES).onConflictDoNothing();
}
