import { DateTime } from 'luxon';
import { closureOn, isOpenAt, nextOpening, type Closure, type DayHours } from './branch-hours';
import { LONDON_ZONE } from './london-time';

/*
 * When a counter ticket is promised ready (issue 32, decision 049). Pure: the drop-off instant
 * is an argument and everything is read in London, so the days the clocks change keep their
 * wall-clock times.
 *
 * The rule: the clock starts at the drop-off, or at the branch's next opening when it is
 * dropped off while the branch is closed (a ticket raised before opening counts from opening).
 * The ticket is ready on the branch's N-th working day after that day (a working day is one
 * with hours and no closure: Sundays a branch does not open and bank holidays do not count),
 * at the same wall-clock time, kept within that day's hours (before opening: at opening; after
 * closing: at closing, "ready by closing").
 */

/**
 * The turnaround of a counter ticket when none is given, in the branch's working days: a new
 * branch's (the column's default). Each branch's own and each item's are data, and express and
 * same day are decision 057's (shared/counter-speed.ts); staff may still type another time.
 */
export const COUNTER_TURNAROUND_WORKING_DAYS = 2;

/** How far ahead a working day is looked for before the branch counts as never open. */
const HORIZON_DAYS = 120;

function hoursOn(week: DayHours[], closures: Closure[], date: DateTime): DayHours | null {
  if (closureOn(closures, date.toISODate()!)) return null;
  return week.find((d) => d.weekday === date.weekday) ?? null;
}

/**
 * The instant a ticket dropped off at `droppedAt` is promised ready, or null when the branch
 * has no working day in the next months (no hours at all, or closed throughout).
 */
export function promisedReadyAt(input: {
  week: DayHours[];
  closures: Closure[];
  droppedAt: Date;
  workingDays?: number;
}): Date | null {
  const { week, closures } = input;
  const workingDays = input.workingDays ?? COUNTER_TURNAROUND_WORKING_DAYS;
  const start = isOpenAt(week, closures, input.droppedAt)
    ? input.droppedAt
    : nextOpening(week, closures, input.droppedAt, HORIZON_DAYS)?.at;
  if (!start) return null;
  if (workingDays <= 0) return start;
  const from = DateTime.fromJSDate(start, { zone: LONDON_ZONE });
  const wallClock = from.toFormat('HH:mm');
  let day = from.startOf('day');
  let counted = 0;
  for (let offset = 1; offset <= HORIZON_DAYS; offset += 1) {
    day = from.startOf('day').plus({ days: offset });
    if (hoursOn(week, closures, day)) counted += 1;
    if (counted === workingDays) break;
  }
  const hours = counted === workingDays ? hoursOn(week, closures, day) : null;
  if (!hours) return null;
  const time =
    wallClock < hours.opensAt
      ? hours.opensAt
      : wallClock > hours.closesAt
        ? hours.closesAt
        : wallClock;
  return DateTime.fromISO(`${day.toISODate()}T${time}`, { zone: LONDON_ZONE }).toJSDate();
}
