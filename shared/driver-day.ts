import { DateTime } from 'luxon';
import { LONDON_ZONE, londonIsoDate } from './london-time';

/*
 * The driver's day (issue 31, decision 026): a stop is acted on (collected, delivered, not
 * home, started out) on the London day its window starts or later, never before; and the time
 * a customer is told to expect the driver names the day when it is not today. Pure: the clock
 * is an argument, so the rule is tested at pinned instants around midnight and the clock
 * changes.
 */

/** Whether `startsAt` falls on a later London calendar day than `now`. */
export function startsOnLaterLondonDay(startsAt: Date, now: Date): boolean {
  return londonIsoDate(startsAt) > londonIsoDate(now);
}

/** Whether a London date (YYYY-MM-DD) is later than `now`'s London date. */
export function isLaterLondonDate(date: string, now: Date): boolean {
  return date > londonIsoDate(now);
}

const london = (at: Date) => DateTime.fromJSDate(at, { zone: LONDON_ZONE });

/** "Sat 28 Nov": a window's London day, as the driver and the customer read it. */
export function londonShortDay(at: Date): string {
  return london(at).toFormat('ccc d LLL');
}

/**
 * "expected between 10:00 and 10:30" today; "expected Sat 28 Nov between 10:00 and 10:30" on
 * any other London day.
 */
export function expectedBetween(window: { from: Date; to: Date }, now: Date): string {
  const hours = `between ${london(window.from).toFormat('HH:mm')} and ${london(window.to).toFormat('HH:mm')}`;
  return londonIsoDate(window.from) === londonIsoDate(now)
    ? `expected ${hours}`
    : `expected ${londonShortDay(window.from)} ${hours}`;
}

/** The refusal of an action on a stop whose window starts on a later London day. */
export function notBeforeItsDay(orderNumber: string, startsAt: Date): string {
  return `Order ${orderNumber} is due on ${londonShortDay(startsAt)}: it can be collected, delivered or marked not home on that day only.`;
}

/** The refusal of "Start deliveries" for a later day. */
export function startNotBeforeItsDay(date: string): string {
  const day = DateTime.fromISO(date, { zone: LONDON_ZONE }).toFormat('ccc d LLL');
  return `Deliveries for ${day} can be started on that day only.`;
}
