import { DateTime } from 'luxon';
import { LONDON_ZONE, londonIsoDate } from './london-time';

/**
 * The slot engine: which collection and delivery windows the business can serve. Pure: rules,
 * places already taken and "now" come in, slots go out. All wall-clock times are London's.
 */

export type OpeningHours = { opensAt: string; closesAt: string };

export type SlotRules = {
  slotLengthMinutes: number;
  leadTimeMinutes: number;
  daysAhead: number;
  pickupCapacityPerSlot: number;
  deliveryCapacityPerSlot: number;
  minTurnaroundHours: number;
  /** ISO weekday (1 = Monday … 7 = Sunday) → hours; a missing day is closed. */
  openingHours: Partial<Record<number, OpeningHours>>;
  /** London calendar dates (YYYY-MM-DD) with no collections or deliveries. */
  closedDates: ReadonlySet<string>;
};

/** A window as the API gives it (spec section 3), plus its instants for the server. */
export type Slot = {
  slot_date: string;
  slot_start: string;
  slot_end: string;
  display: string;
  starts_at: string;
  ends_at: string;
  /** Only in a listing asked `includeFull`: the window has no place left. */
  full?: boolean;
};

/**
 * A window as the customer chose it, by its London calendar date (YYYY-MM-DD) and start
 * (HH:mm, or 'express' for the same-day delivery arranged by phone). What placing an order,
 * moving a window and a repeat collection's booking take; the server finds the window again.
 */
export type SlotChoice = { date: string; start: string };

/** The choice of a window from a listing. */
export function slotChoiceOf(slot: Pick<Slot, 'slot_date' | 'slot_start'>): SlotChoice {
  return { date: slot.slot_date, start: slot.slot_start };
}

/** The synthetic first delivery option: same-day service is arranged by phone. */
export const EXPRESS_SLOT_START = 'express';

export type SlotKind = 'pickup' | 'delivery';

/** Places taken per slot start instant (ISO string of the UTC instant). */
export type SlotUsage = ReadonlyMap<string, number>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isSlotDate(value: string): boolean {
  return DATE.test(value) && DateTime.fromISO(value, { zone: LONDON_ZONE }).isValid;
}

export function isSlotTime(value: string): boolean {
  return TIME.test(value);
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The London moment of a wall-clock time: null when the clocks skip it (spring); its first
 * occurrence when it happens twice (autumn; luxon alone would pick the second).
 */
function londonMoment(date: string, time: string): DateTime | null {
  const moment = DateTime.fromISO(`${date}T${time}`, { zone: LONDON_ZONE });
  if (!moment.isValid || moment.toFormat('HH:mm') !== time) return null;
  const hourEarlier = moment.minus({ hours: 1 });
  if (hourEarlier.toFormat('yyyy-MM-dd HH:mm') === `${date} ${time}`) return hourEarlier;
  return moment;
}

/**
 * The windows of one London day, by wall-clock labels from opening time, each `slotLength`
 * long. A label the clocks skip (01:00 on the last Sunday of March) is no slot; a label that
 * happens twice (01:00 on the last Sunday of October) is one slot, at its first occurrence,
 * and ends at the next label's moment. So no window vanishes or appears twice, and every
 * slot_date + slot_start names exactly one window.
 */
export function windowsOfDay(date: string, rules: SlotRules): Slot[] {
  return dayWindows(date, rules).slots;
}

/** A day's windows with their start instants in epoch milliseconds, for the listings. */
type DayWindows = { slots: Slot[]; startsAtMs: number[] };

function dayWindows(date: string, rules: SlotRules): DayWindows {
  // Pure, so memoised: listing slots is the busiest call of the site, and luxon is slow.
  const key = `${date}|${rulesKey(rules)}`;
  const cached = windowCache.get(key);
  if (cached) return cached;
  const slots = computeWindowsOfDay(date, rules);
  const computed = { slots, startsAtMs: slots.map((s) => Date.parse(s.starts_at)) };
  if (windowCache.size >= WINDOW_CACHE_LIMIT) windowCache.clear();
  windowCache.set(key, computed);
  return computed;
}

const WINDOW_CACHE_LIMIT = 2_000;
const windowCache = new Map<string, DayWindows>();
const rulesKeys = new WeakMap<SlotRules, string>();

/** What a day's windows depend on: slot length and the day's hours or closure. */
function rulesKey(rules: SlotRules): string {
  let key = rulesKeys.get(rules);
  if (!key) {
    key = JSON.stringify([
      rules.slotLengthMinutes,
      rules.openingHours,
      [...rules.closedDates].sort(),
    ]);
    rulesKeys.set(rules, key);
  }
  return key;
}

function computeWindowsOfDay(date: string, rules: SlotRules): Slot[] {
  if (rules.closedDates.has(date)) return [];
  const day = DateTime.fromISO(date, { zone: LONDON_ZONE });
  const hours = rules.openingHours[day.weekday];
  if (!hours) return [];
  const opens = minutesOf(hours.opensAt);
  const closes = minutesOf(hours.closesAt);
  const slots: Slot[] = [];
  for (
    let start = opens;
    start + rules.slotLengthMinutes <= closes;
    start += rules.slotLengthMinutes
  ) {
    const label = hhmm(start);
    const startsAt = londonMoment(date, label);
    if (!startsAt) continue;
    const endLabel = hhmm(start + rules.slotLengthMinutes);
    // A skipped end label means the window ends at the moment the clocks jumped to.
    const endsAt =
      endLabel === '24:00'
        ? day.plus({ days: 1 }).startOf('day')
        : (londonMoment(date, endLabel) ??
          DateTime.fromISO(`${date}T${endLabel}`, { zone: LONDON_ZONE }));
    slots.push({
      slot_date: date,
      slot_start: label,
      slot_end: endsAt.toFormat('HH:mm'),
      display: `${startsAt.toFormat('ccc d LLL')}, ${label} - ${endsAt.toFormat('HH:mm')}`,
      starts_at: startsAt.toUTC().toISO()!,
      ends_at: endsAt.toUTC().toISO()!,
    });
  }
  return slots;
}

/** The calendar date `days` after a YYYY-MM-DD date (no time zone: dates only). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * The windows of `days` London days from `firstDay` that start at or after `earliest` (epoch
 * ms) and have a place left; with `keepFull`, the full ones too, marked `full: true` (the
 * slot picker shows them greyed rather than missing; issue 18).
 */
function openWindows(
  rules: SlotRules,
  usage: SlotUsage,
  capacity: number,
  firstDay: string,
  earliest: number,
  into: Slot[],
  keepFull = false,
): Slot[] {
  for (let i = 0; i < rules.daysAhead; i++) {
    const { slots, startsAtMs } = dayWindows(addDays(firstDay, i), rules);
    for (let j = 0; j < slots.length; j++) {
      const slot = slots[j]!;
      if (startsAtMs[j]! < earliest) continue;
      const full = (usage.get(slot.starts_at) ?? 0) >= capacity;
      if (keepFull) into.push({ ...slot, full });
      else if (!full) into.push(slot);
    }
  }
  return into;
}

/** Listing options: `includeFull` keeps full windows, marked `full: true`. */
export type ListingOptions = { includeFull?: boolean };

/**
 * Collection windows offered at `now`: from the lead time on, for `daysAhead` London days
 * starting today, on open days, with a place left.
 */
export function pickupSlots(
  rules: SlotRules,
  usage: SlotUsage,
  now: Date,
  options: ListingOptions = {},
): Slot[] {
  const earliest = now.getTime() + rules.leadTimeMinutes * 60_000;
  return openWindows(
    rules,
    usage,
    rules.pickupCapacityPerSlot,
    londonIsoDate(now),
    earliest,
    [],
    options.includeFull,
  );
}

/**
 * The collection windows offered at `now`, and until when that same list holds: windows only
 * drop out as time passes (the first listed one when its lead time is reached), and a new day
 * joins at London midnight. So for every `later` with now <= later <= validUntil (epoch ms),
 * `pickupSlots(rules, usage, later)` equals `slots`.
 */
export function pickupListing(
  rules: SlotRules,
  usage: SlotUsage,
  now: Date,
  options: ListingOptions = {},
): { slots: Slot[]; validUntil: number } {
  const slots = pickupSlots(rules, usage, now, options);
  const midnight = DateTime.fromJSDate(now, { zone: LONDON_ZONE })
    .plus({ days: 1 })
    .startOf('day')
    .toMillis();
  const first = slots[0];
  const firstGone = first
    ? Date.parse(first.starts_at) - rules.leadTimeMinutes * 60_000
    : Number.POSITIVE_INFINITY;
  return { slots, validUntil: Math.min(firstGone, midnight - 1) };
}

/** The collection window named by date and start, if it is offered at `now`. */
export function findPickupSlot(
  rules: SlotRules,
  usage: SlotUsage,
  now: Date,
  choice: SlotChoice,
): Slot | undefined {
  return pickupSlots(rules, usage, now).find(
    (s) => s.slot_date === choice.date && s.slot_start === choice.start,
  );
}

/** The express option that heads every delivery list (same-day service, by phone). */
export function expressOption(pickup: Slot): Slot {
  return {
    slot_date: pickup.slot_date,
    slot_start: EXPRESS_SLOT_START,
    slot_end: EXPRESS_SLOT_START,
    display: 'Express same-day delivery (call us)',
    starts_at: pickup.starts_at,
    ends_at: pickup.ends_at,
  };
}

/**
 * Delivery windows for a collection: the express option first, then windows that start at
 * least the minimum turnaround after the collection ends, on open days with a place left,
 * over `daysAhead` days from the first possible day.
 */
export function deliverySlots(
  rules: SlotRules,
  usage: SlotUsage,
  pickup: Slot,
  options: ListingOptions = {},
): Slot[] {
  const earliest = Date.parse(pickup.ends_at) + rules.minTurnaroundHours * 3_600_000;
  const firstDay = londonIsoDate(new Date(earliest));
  return openWindows(
    rules,
    usage,
    rules.deliveryCapacityPerSlot,
    firstDay,
    earliest,
    [expressOption(pickup)],
    options.includeFull,
  );
}

/** Parses the delivery path's "{slot date} {start}" (a space, `T` or `+` between). */
export function parseSlotKey(key: string): SlotChoice | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T+_](\d{2}:\d{2})$/.exec(key.trim());
  if (!match || !isSlotDate(match[1]!) || !isSlotTime(match[2]!)) return null;
  return { date: match[1]!, start: match[2]! };
}

/** The range of instants whose usage a listing needs (for one database query). */
export function usageRange(now: Date, rules: SlotRules): { from: Date; to: Date } {
  const days = rules.daysAhead * 2 + Math.ceil(rules.minTurnaroundHours / 24) + 2;
  return {
    from: new Date(now.getTime() - 86_400_000),
    to: new Date(now.getTime() + days * 86_400_000),
  };
}
