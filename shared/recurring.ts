import { DateTime } from 'luxon';
import { z } from 'zod';
import { LONDON_ZONE } from './london-time';
import { WEEKDAY_NAMES } from './branch-hours';
import { isoDate, text } from './text';
import { addressSchema } from './validation';
import { addDays, deliverySlots, EXPRESS_SLOT_START, pickupSlots, slotChoiceOf } from './slots';
import type { Slot, SlotChoice, SlotRules, SlotUsage } from './slots';

/*
 * Repeat collections (issue 18, docs/decisions/036): which London dates a plan collects on,
 * when each one is announced, booked and may still be skipped, and which windows the booking
 * takes. Pure: the plan, the slot rules, the places taken and "today" or "now" come in.
 */

export const recurringFrequencyList = ['weekly', 'fortnightly', 'four-weekly'] as const;
export type Frequency = (typeof recurringFrequencyList)[number];

export const frequencyLabels: Record<Frequency, string> = {
  weekly: 'Every week',
  fortnightly: 'Every two weeks',
  'four-weekly': 'Every four weeks',
};

/** Monday first, as Luxon numbers them (one list with the branches' opening hours). */
export const weekdayNames = WEEKDAY_NAMES;

const PERIOD_DAYS: Record<Frequency, number> = { weekly: 7, fortnightly: 14, 'four-weekly': 28 };

/** An occurrence is announced this many days before its collection date… */
export const ANNOUNCE_DAYS_AHEAD = 5;
/** …booked as an order this many days before (the day before the skip deadline)… */
export const BOOK_DAYS_AHEAD = 2;
/** …and may be skipped until this London time on the day before the collection. */
export const SKIP_DEADLINE_TIME = '18:00';

export type PlanDates = {
  frequency: Frequency;
  /** The first collection date, a YYYY-MM-DD London date on the plan's weekday. */
  anchorDate: string;
  status: 'active' | 'paused' | 'stopped';
  /** While paused: dates before this one are not collected (null: until resumed). */
  pausedUntil: string | null;
};

/** Whole days from `a` to `b` (YYYY-MM-DD dates, no time zone). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Whether the plan's schedule falls on `date` (whatever its status). */
export function isScheduledOn(plan: Pick<PlanDates, 'frequency' | 'anchorDate'>, date: string) {
  const days = daysBetween(plan.anchorDate, date);
  return days >= 0 && days % PERIOD_DAYS[plan.frequency] === 0;
}

/** Whether a pause covers `date`. */
export function isPausedOn(plan: PlanDates, date: string): boolean {
  return plan.status === 'paused' && (plan.pausedUntil === null || date < plan.pausedUntil);
}

/** Whether the plan collects on `date`: scheduled, not stopped, not paused, not skipped. */
export function collectsOn(plan: PlanDates, date: string, skipped: ReadonlySet<string>): boolean {
  return (
    plan.status !== 'stopped' &&
    isScheduledOn(plan, date) &&
    !isPausedOn(plan, date) &&
    !skipped.has(date)
  );
}

/** The scheduled dates from `from` to `to` (both included), whatever their state. */
export function scheduledDates(
  plan: Pick<PlanDates, 'frequency' | 'anchorDate'>,
  from: string,
  to: string,
): string[] {
  const period = PERIOD_DAYS[plan.frequency];
  const start =
    from <= plan.anchorDate ? 0 : Math.ceil(daysBetween(plan.anchorDate, from) / period);
  const dates: string[] = [];
  for (let n = start; ; n++) {
    const date = addDays(plan.anchorDate, n * period);
    if (date > to) return dates;
    dates.push(date);
  }
}

export type UpcomingDate = { date: string; state: 'due' | 'skipped' | 'paused' };

/** The next `count` scheduled dates from `today` on, each with its state (for the account). */
export function upcomingDates(
  plan: PlanDates,
  today: string,
  skipped: ReadonlySet<string>,
  count: number,
): UpcomingDate[] {
  if (plan.status === 'stopped') return [];
  const to = addDays(today, PERIOD_DAYS[plan.frequency] * count);
  return scheduledDates(plan, today, to)
    .slice(0, count)
    .map((date) => ({
      date,
      state: skipped.has(date) ? 'skipped' : isPausedOn(plan, date) ? 'paused' : 'due',
    }));
}

/** The dates the schedule announces today: collected, after today, within the notice. */
export function datesToAnnounce(
  plan: PlanDates,
  today: string,
  skipped: ReadonlySet<string>,
): string[] {
  return scheduledDates(plan, addDays(today, 1), addDays(today, ANNOUNCE_DAYS_AHEAD)).filter(
    (date) => collectsOn(plan, date, skipped),
  );
}

/** Whether an announced occurrence is booked today (its booking day has come, not yet gone). */
export function isDueForBooking(collectionDate: string, today: string): boolean {
  return collectionDate > today && addDays(collectionDate, -BOOK_DAYS_AHEAD) <= today;
}

/** The London date the occurrence is booked on. */
export function bookingDate(collectionDate: string): string {
  return addDays(collectionDate, -BOOK_DAYS_AHEAD);
}

/** The London wall-clock `time` of `date` as an instant (the clocks' change included). */
export function londonInstant(date: string, time: string): Date {
  return DateTime.fromISO(`${date}T${time}`, { zone: LONDON_ZONE }).toJSDate();
}

/** Until when the customer may skip the collection of `date` (18:00 London the day before). */
export function skipDeadline(collectionDate: string): Date {
  return londonInstant(addDays(collectionDate, -1), SKIP_DEADLINE_TIME);
}

/**
 * The first collection date of a new plan: the first `weekday` far enough ahead to be
 * announced and booked in the usual way (after its booking day, which is after today).
 */
export function firstCollectionDate(weekday: number, today: string): string {
  let date = addDays(today, BOOK_DAYS_AHEAD + 1);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}

export type WindowChoice = {
  pickup: SlotChoice & { display: string };
  delivery: SlotChoice & { display: string };
};

/**
 * The windows to book an occurrence in, best first: the plan's collection window, else the
 * next ones of that day with a place left; for each, the plan's delivery start on the first
 * day after the turnaround that offers it with a place, else the first delivery window with a
 * place. Empty when the day has no window left: the occurrence is not booked.
 */
export function windowChoices(
  rules: SlotRules,
  pickupUsage: SlotUsage,
  deliveryUsage: SlotUsage,
  now: Date,
  wanted: { date: string; windowStart: string; deliveryStart: string },
): WindowChoice[] {
  const pickups = pickupSlots(rules, pickupUsage, now).filter(
    (s) => s.slot_date === wanted.date && s.slot_start >= wanted.windowStart,
  );
  const choices: WindowChoice[] = [];
  for (const pickup of pickups) {
    const deliveries = deliverySlots(rules, deliveryUsage, pickup).filter(
      (s) => s.slot_start !== EXPRESS_SLOT_START,
    );
    const delivery: Slot | undefined =
      deliveries.find((s) => s.slot_start === wanted.deliveryStart) ?? deliveries[0];
    if (!delivery) continue;
    choices.push({
      pickup: { ...slotChoiceOf(pickup), display: pickup.display },
      delivery: { ...slotChoiceOf(delivery), display: delivery.display },
    });
  }
  return choices;
}

// ─── What the customer sends (the API's bodies and the account's forms) ──────────────

export const recurringMessages = {
  frequency: 'Please choose how often we collect',
  weekday: 'Please choose the day of the week',
  window: 'Please choose a collection window',
  delivery: 'Please choose a delivery window',
  address: 'Please choose your address or type a new one',
  date: 'Please choose a date',
} as const;

const hhmm = (message: string) =>
  text({ error: message })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

const planFields = {
  frequency: z.enum(recurringFrequencyList, { error: recurringMessages.frequency }),
  weekday: z.coerce
    .number({ error: recurringMessages.weekday })
    .int(recurringMessages.weekday)
    .min(1, recurringMessages.weekday)
    .max(7, recurringMessages.weekday)
    .meta({ description: 'ISO weekday: 1 = Monday … 7 = Sunday' }),
  window_start: hhmm(recurringMessages.window).meta({
    description: 'London start of the collection window, HH:MM (a window of GET /api/slots)',
    examples: ['09:00'],
  }),
  delivery_start: hhmm(recurringMessages.delivery).meta({
    description:
      'London start of the delivery window, HH:MM, on the first open day after the turnaround',
    examples: ['18:00'],
  }),
  address_id: z.uuid({ error: recurringMessages.address }).optional().meta({
    description: 'An entry of the customer’s address book',
  }),
  address: addressSchema.optional().meta({ description: 'A typed address (kept in the book)' }),
  notes: text().trim().max(1000).optional().default(''),
};

/** A new plan: how often, which day and windows, and where (a saved address or a typed one). */
export const recurringPlanSchema = z
  .object(planFields)
  .refine((v) => v.address_id !== undefined || v.address !== undefined, {
    message: recurringMessages.address,
    path: ['address_id'],
  });
export type RecurringPlanInput = z.infer<typeof recurringPlanSchema>;

export const recurringSkipSchema = z.object({
  date: isoDate(recurringMessages.date).meta({ description: 'The collection date to skip' }),
});
export const recurringPauseSchema = z.object({
  until: isoDate(recurringMessages.date).meta({
    description: 'Collections before this London date are not made; later ones are',
  }),
});

/**
 * A change of a plan (PATCH): its new rule (how often, the day, the windows, as when set up)
 * and, when given, a new address (saved or typed) and notes; left out, they stay.
 */
export const recurringPlanChangeSchema = z.object({
  ...planFields,
  notes: text().trim().max(1000).optional(),
});
export type RecurringPlanChangeInput = z.infer<typeof recurringPlanChangeSchema>;

/**
 * The anchor of a plan whose rule changes (the date its new schedule counts from). The same
 * day and frequency keep the anchor, so a fortnightly plan keeps its weeks; otherwise the
 * first new weekday far enough ahead to be announced and booked in the usual way, and after
 * the last collection already booked (which stays as it is).
 */
export function changedAnchorDate(
  plan: { frequency: Frequency; weekday: number; anchorDate: string },
  next: { frequency: Frequency; weekday: number },
  today: string,
  lastBooked: string | null,
): string {
  if (plan.frequency === next.frequency && plan.weekday === next.weekday) return plan.anchorDate;
  let date = firstCollectionDate(next.weekday, today);
  while (lastBooked !== null && date <= lastBooked) date = addDays(date, 7);
  return date;
}
