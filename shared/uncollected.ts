import { DateTime } from 'luxon';
import { LONDON_ZONE } from './london-time';

/*
 * Uncollected counter tickets (issue 32, decision 054), pure: the days a ready ticket has
 * waited (London calendar days, so a clock change moves nothing) and which notice is due.
 * Reminders at 30, 60 and 80 days after ready; at 90 the last notice, after which the owner
 * decides (keep or donate). The spec's terms: "Items may be disposed of after 90 days
 * undelivered."
 */

export const UNCOLLECTED_STAGES = [30, 60, 80, 90] as const;
export type UncollectedStage = (typeof UNCOLLECTED_STAGES)[number];
/** The day of the last notice, after which the owner may decide. */
export const LAST_NOTICE_DAYS = 90;

const londonDay = (at: Date) => DateTime.fromJSDate(at, { zone: LONDON_ZONE }).startOf('day');

/** Whole London days from the day the ticket was marked ready to the day of `now`. */
export function daysSinceReady(readyAt: Date, now: Date): number {
  return Math.max(0, Math.round(londonDay(now).diff(londonDay(readyAt), 'days').days));
}

/**
 * The notice due now: the latest stage reached, unless it or a later one was sent. A ticket
 * whose earlier stages were missed (the site was down) gets the latest only, not a burst.
 */
export function dueStage(
  readyAt: Date,
  now: Date,
  sent: readonly number[],
): UncollectedStage | null {
  const days = daysSinceReady(readyAt, now);
  const reached = UNCOLLECTED_STAGES.filter((stage) => stage <= days).at(-1);
  if (reached === undefined) return null;
  return sent.some((stage) => stage >= reached) ? null : reached;
}
