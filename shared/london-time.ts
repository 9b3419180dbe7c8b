import { DateTime } from 'luxon';

export const LONDON_ZONE = 'Europe/London';

/** "Tue 24 Nov 2026, 09:00–10:00" in London time. */
export function londonWindow(start: Date, end: Date): string {
  const s = DateTime.fromJSDate(start, { zone: LONDON_ZONE });
  const e = DateTime.fromJSDate(end, { zone: LONDON_ZONE });
  return `${s.toFormat('ccc d LLL yyyy')}, ${s.toFormat('HH:mm')}–${e.toFormat('HH:mm')}`;
}

/** "24/11/2026", the London calendar date. */
export function londonDate(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: LONDON_ZONE }).toFormat('dd/LL/yyyy');
}

/** Order number as people see it. */
export function orderNumber(orderNo: number): string {
  return `LD-${orderNo}`;
}
