import { DateTime } from 'luxon';
import { LONDON_ZONE } from './london-time';

/*
 * A branch's opening hours as data (issue 32, decision 047): London wall-clock times per ISO
 * weekday (a weekday without hours is closed), and dated closures (bank holidays and others)
 * with their reason. Pure: "now" is an argument, read in London whatever the machine's zone,
 * so a day of 23 or 25 hours (the clock changes) opens and closes at its wall-clock times.
 * The counter's promised-ready times and the public pages' lines are worked out here.
 */

export type DayHours = { weekday: number; opensAt: string; closesAt: string };
export type ClosureKind = 'bank-holiday' | 'closure';
export type Closure = { day: string; kind: ClosureKind; reason: string };

export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** Schema.org's two-letter days, Monday first. */
const SCHEMA_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:MM', 00:00 to 23:59. */
export function isWallClock(value: string): boolean {
  return HH_MM.test(value);
}

/** What is wrong with a week of hours, in words (empty when nothing is). */
export function weekProblems(week: DayHours[]): string[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  for (const day of week) {
    const name = WEEKDAY_NAMES[day.weekday - 1];
    if (!name) {
      problems.push('A day of the week is not known.');
      continue;
    }
    if (seen.has(day.weekday)) problems.push(`${name} is given twice.`);
    seen.add(day.weekday);
    if (!isWallClock(day.opensAt) || !isWallClock(day.closesAt)) {
      problems.push(`${name}: enter times as HH:MM, e.g. 07:30.`);
    } else if (day.closesAt <= day.opensAt) {
      problems.push(`${name}: the closing time must be after the opening time.`);
    }
  }
  return problems;
}

function hoursText(day: DayHours | undefined): string {
  return day ? `${day.opensAt} to ${day.closesAt}` : 'Closed';
}

/**
 * The week as people read it: consecutive days with the same hours on one line, Monday first
 * ("Monday to Friday" / "07:30 to 19:30", "Sunday" / "Closed").
 */
export function hoursLines(week: DayHours[]): { days: string; hours: string }[] {
  const byDay = new Map(week.map((d) => [d.weekday, d]));
  const lines: { from: number; to: number; hours: string }[] = [];
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const hours = hoursText(byDay.get(weekday));
    const last = lines.at(-1);
    if (last && last.hours === hours) last.to = weekday;
    else lines.push({ from: weekday, to: weekday, hours });
  }
  return lines.map((l) => ({
    days:
      l.from === l.to
        ? WEEKDAY_NAMES[l.from - 1]!
        : `${WEEKDAY_NAMES[l.from - 1]} to ${WEEKDAY_NAMES[l.to - 1]}`,
    hours: l.hours,
  }));
}

/** Schema.org's openingHours ("Mo-Fr 07:30-19:30"), closed days left out. */
export function schemaOpeningHours(week: DayHours[]): string[] {
  return hoursLines(week)
    .filter((l) => l.hours !== 'Closed')
    .map((l) => {
      const [first, last] = l.days.split(' to ');
      const code = (name: string) => SCHEMA_DAYS[WEEKDAY_NAMES.indexOf(name as never)];
      const days = last ? `${code(first!)}-${code(last)}` : code(first!);
      return `${days} ${l.hours.replace(' to ', '-')}`;
    });
}

/** The London day, weekday and wall-clock time of an instant. */
function inLondon(at: Date) {
  const t = DateTime.fromJSDate(at, { zone: LONDON_ZONE });
  return { day: t.toISODate()!, weekday: t.weekday, time: t.toFormat('HH:mm') };
}

/** The closure of a London date, if it has one. */
export function closureOn(closures: Closure[], day: string): Closure | null {
  return closures.find((c) => c.day === day) ?? null;
}

/** Whether the branch is open at an instant: its weekday's hours, and no closure that day. */
export function isOpenAt(week: DayHours[], closures: Closure[], at: Date): boolean {
  const now = inLondon(at);
  if (closureOn(closures, now.day)) return false;
  const hours = week.find((d) => d.weekday === now.weekday);
  return !!hours && now.time >= hours.opensAt && now.time < hours.closesAt;
}

/** A London date and wall-clock time as an instant (a time the clocks skip is moved on). */
function londonInstant(day: string, time: string): Date {
  return DateTime.fromISO(`${day}T${time}`, { zone: LONDON_ZONE }).toJSDate();
}

/**
 * When the branch next opens at or after an instant, with its London date, or null when it
 * opens on none of the next `horizonDays` days. Open at that instant already: null as well
 * (see `isOpenAt`); this is for "closed now, opens …".
 */
export function nextOpening(
  week: DayHours[],
  closures: Closure[],
  at: Date,
  horizonDays = 60,
): { at: Date; day: string; opensAt: string } | null {
  if (isOpenAt(week, closures, at)) return null;
  const start = DateTime.fromJSDate(at, { zone: LONDON_ZONE }).startOf('day');
  for (let offset = 0; offset <= horizonDays; offset += 1) {
    const date = start.plus({ days: offset });
    const day = date.toISODate()!;
    const hours = week.find((d) => d.weekday === date.weekday);
    if (!hours || closureOn(closures, day)) continue;
    const opens = londonInstant(day, hours.opensAt);
    if (opens.getTime() >= at.getTime()) return { at: opens, day, opensAt: hours.opensAt };
  }
  return null;
}

/** When the branch closes next, while it is open at an instant (null when it is closed). */
export function closesAt(week: DayHours[], closures: Closure[], at: Date): Date | null {
  if (!isOpenAt(week, closures, at)) return null;
  const now = inLondon(at);
  const hours = week.find((d) => d.weekday === now.weekday)!;
  return londonInstant(now.day, hours.closesAt);
}
