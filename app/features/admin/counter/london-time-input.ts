import { DateTime } from 'luxon';
import { LONDON_ZONE } from '@shared/london-zone';

/*
 * The promised-ready time as staff see and type it: London wall clock, whatever the tablet's
 * own zone (issue 32).
 */

/** An instant as a datetime-local value in London ('2026-11-25T07:30'). */
export function toLondonInput(iso: string): string {
  return DateTime.fromISO(iso, { zone: LONDON_ZONE }).toFormat("yyyy-MM-dd'T'HH:mm");
}

/** A datetime-local value read as London wall clock, as an ISO instant (null: unreadable). */
export function fromLondonInput(value: string): string | null {
  const t = DateTime.fromISO(value, { zone: LONDON_ZONE });
  return t.isValid ? t.toUTC().toISO() : null;
}

/** 'Wed 25 Nov, 07:30' */
export function londonDateTime(iso: string): string {
  return DateTime.fromISO(iso, { zone: LONDON_ZONE }).toFormat('ccc d LLL, HH:mm');
}
