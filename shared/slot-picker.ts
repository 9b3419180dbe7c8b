/*
 * The slot picker's rules (issue 18, decision 035), pure so they are tested on a pinned clock:
 * the windows on offer grouped into London days (the chips), each day's windows in order with
 * the full ones kept (greyed as "Full" rather than missing), and the soonest window with a
 * place marked. The same-day express option (`slot_start: 'express'`, booked by phone) is no
 * window of a day: the picker shows it apart, with its "call us" action.
 */

export const EXPRESS_START = 'express';

/** A window as the API and the loaders give it; `full` when known to have no place left. */
export type PickerSlot = {
  slot_date: string;
  slot_start: string;
  slot_end: string;
  display: string;
  full?: boolean;
};

export type PickerWindow = {
  /** What the form posts: "2026-11-25 09:00" (the home form's and the page's slot key). */
  value: string;
  /** "09:00–10:00". */
  label: string;
  full: boolean;
  soonest: boolean;
};

export type PickerDay = {
  date: string;
  /** "Today", "Tomorrow" or "Wed 25 Nov". */
  label: string;
  windows: PickerWindow[];
  /** Every window of the day is full. */
  full: boolean;
};

/** 01:00 UTC on the last Sunday of a month (0-based), when the UK's clocks change. */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * The London calendar date of an instant (YYYY-MM-DD), from the UK's summer-time rule (the
 * last Sunday of March to the last Sunday of October, at 01:00 UTC; in force since 1996) and
 * not from Intl: the browser's first time-zone formatter loads its zone data, a 50 ms task at
 * the booking form's hydration on a phone. Checked against the IANA data in the unit tests.
 */
export function londonDateOf(now: Date): string {
  const at = now.getTime();
  const year = now.getUTCFullYear();
  const summer = at >= lastSundayOneAm(year, 2) && at < lastSundayOneAm(year, 9);
  return new Date(at + (summer ? 3_600_000 : 0)).toISOString().slice(0, 10);
}

/**
 * Order of ISO dates and HH:MM times. Not localeCompare: the browser's first collator loads
 * ICU data, a long task at hydration on a phone, and these strings need none.
 */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

/**
 * The picker's days on `today`, a London date (YYYY-MM-DD: the page's loader's, so the server's
 * HTML and the hydrating browser name the days alike; `londonDateOf` gives it for an instant):
 * the windows (express left out) by London date in order, each labelled "Today", "Tomorrow" or
 * by its date, with full windows marked and the first window with a place marked soonest.
 */
export function pickerDays(slots: readonly PickerSlot[], today: string): PickerDay[] {
  const tomorrow = nextDate(today);
  const byDate = new Map<string, PickerSlot[]>();
  for (const slot of slots) {
    if (slot.slot_start === EXPRESS_START) continue;
    byDate.set(slot.slot_date, [...(byDate.get(slot.slot_date) ?? []), slot]);
  }
  let soonestFound = false;
  return [...byDate.entries()]
    .sort(([a], [b]) => byCodeUnits(a, b))
    .map(([date, day]) => {
      const sorted = [...day].sort((a, b) => byCodeUnits(a.slot_start, b.slot_start));
      const windows = sorted.map((s) => {
        const full = Boolean(s.full);
        const soonest = !full && !soonestFound;
        if (soonest) soonestFound = true;
        return {
          value: `${date} ${s.slot_start}`,
          label: `${s.slot_start}–${s.slot_end}`,
          full,
          soonest,
        };
      });
      const named = sorted.find((s) => s.display)?.display.split(',')[0] ?? date;
      const label = date === today ? 'Today' : date === tomorrow ? 'Tomorrow' : named;
      return { date, label, windows, full: windows.every((w) => w.full) };
    });
}

/** The day a chosen value belongs to, else the first day with a place, else the first day. */
export function dayOfChoice(days: readonly PickerDay[], value: string): string {
  const chosen = days.find((d) => d.windows.some((w) => w.value === value));
  return (chosen ?? days.find((d) => !d.full) ?? days[0])?.date ?? '';
}

/** Only ids of our own (a letter first: an id selector) and dates reach the style rules. */
const SAFE_ID = /^[a-z][\w-]*$/i;
const SAFE_DATE = /^[\d-]+$/;

/**
 * The style rules that show, of a picker's days, the windows of the day whose radio is
 * checked, and none while no day is (issue 31): pure CSS, so a tap works before the page has
 * hydrated and without JavaScript. The day radios are named `${field}-day`; each day's windows
 * carry `data-day`; the picker's element has the id `field`.
 */
export function openDayRules(field: string, days: readonly Pick<PickerDay, 'date'>[]): string {
  if (!SAFE_ID.test(field)) return '';
  return days
    .filter((d) => SAFE_DATE.test(d.date))
    .map(
      (d) =>
        `#${field}:has(input[name="${field}-day"][value="${d.date}"]:checked) [data-day="${d.date}"]{display:grid}`,
    )
    .join('\n');
}
