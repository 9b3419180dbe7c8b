import { DateTime } from 'luxon';
import { LONDON_ZONE, londonDate } from './london-zone';

export { LONDON_ZONE, londonDate };

/** "Tue 24 Nov 2026, 09:00–10:00" in London time. */
export function londonWindow(start: Date, end: Date): string {
  const s = DateTime.fromJSDate(start, { zone: LONDON_ZONE });
  const e = DateTime.fromJSDate(end, { zone: LONDON_ZONE });
  return `${s.toFormat('ccc d LLL yyyy')}, ${s.toFormat('HH:mm')}–${e.toFormat('HH:mm')}`;
}

/** The London calendar day [start, end) of a YYYY-MM-DD date, as instants. */
export function londonDayRange(day: string): { from: Date; to: Date } {
  const start = DateTime.fromISO(day, { zone: LONDON_ZONE }).startOf('day');
  return { from: start.toJSDate(), to: start.plus({ days: 1 }).toJSDate() };
}

/** "2026-11-24": the London calendar date of an instant, as dates are stored and compared. */
export function londonIsoDate(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: LONDON_ZONE }).toISODate()!;
}

/** Today's London calendar date, YYYY-MM-DD. */
export function londonToday(now: Date): string {
  return londonIsoDate(now);
}
