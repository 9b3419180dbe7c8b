import { DateTime } from 'luxon';
import { closureOn, type Closure, type DayHours } from './branch-hours';
import { LONDON_ZONE } from './london-time';
import { promisedReadyAt } from './promised-ready';

/*
 * A counter ticket's speed (issue 32): standard (the branch's turnaround, or an item's own when
 * longer), express (the next working day) or same day (handed in by the branch's cut-off on a
 * day it is open, ready by closing), each where the branch offers it, express and same day at
 * a surcharge on the items. Pure: the drop-off instant is an argument, read in London.
 */

export const COUNTER_SPEEDS = ['standard', 'express', 'same-day'] as const;
export type CounterSpeed = (typeof COUNTER_SPEEDS)[number];

export type SpeedOffer = {
  /** The branch's standard turnaround in working days. */
  turnaroundDays: number;
  /** Surcharge in percent; null: the branch does not offer it. */
  expressPercent: number | null;
  sameDayPercent: number | null;
  /** 'HH:MM' London. */
  sameDayCutoff: string;
};

export const speedLabel: Record<CounterSpeed, string> = {
  standard: 'Standard',
  express: 'Express',
  'same-day': 'Same day',
};

/** The surcharge's percent for a speed at a branch; null when not offered there. */
export function surchargePercent(offer: SpeedOffer, speed: CounterSpeed): number | null {
  if (speed === 'standard') return 0;
  return speed === 'express' ? offer.expressPercent : offer.sameDayPercent;
}

/** The surcharge on the items' total, rounded to the penny (half up). */
export function surchargePence(itemsPence: number, percent: number): number {
  return Math.round((itemsPence * percent) / 100);
}

/** The working days a standard ticket takes: the branch's, or the slowest item's when longer. */
export function standardDays(offer: SpeedOffer, itemDays: readonly (number | null)[]): number {
  return Math.max(offer.turnaroundDays, ...itemDays.map((d) => d ?? 0));
}

export type SpeedRefusal =
  | { code: 'speed-not-offered'; message: string }
  | { code: 'same-day-too-late'; message: string }
  | { code: 'speed-not-for-item'; message: string };

/**
 * When a ticket handed in at `droppedAt` is ready at a speed, or why that speed cannot be had:
 * not offered at the branch, an item that takes longer than the branch's standard turnaround
 * (it cannot be hurried), or same day asked for after the cut-off or on a day the branch is
 * closed. `ready` is null when the branch has no working day ahead (staff type a time).
 */
export function readyAtSpeed(input: {
  offer: SpeedOffer;
  week: DayHours[];
  closures: Closure[];
  droppedAt: Date;
  speed: CounterSpeed;
  items: readonly { name: string; turnaroundDays: number | null }[];
}): { ready: Date | null } | { refused: SpeedRefusal } {
  const { offer, week, closures, droppedAt, speed } = input;
  if (speed === 'standard') {
    const workingDays = standardDays(
      offer,
      input.items.map((i) => i.turnaroundDays),
    );
    return { ready: promisedReadyAt({ week, closures, droppedAt, workingDays }) };
  }
  if (surchargePercent(offer, speed) === null) {
    return {
      refused: {
        code: 'speed-not-offered',
        message: `${speedLabel[speed]} is not offered at this branch.`,
      },
    };
  }
  const slow = input.items.find((i) => (i.turnaroundDays ?? 0) > offer.turnaroundDays);
  if (slow) {
    return {
      refused: {
        code: 'speed-not-for-item',
        message: `${slow.name} takes ${slow.turnaroundDays} working days: ${speedLabel[speed].toLowerCase()} is not offered for it.`,
      },
    };
  }
  if (speed === 'express') {
    return { ready: promisedReadyAt({ week, closures, droppedAt, workingDays: 1 }) };
  }
  const sameDay = sameDayReadyAt({ week, closures, droppedAt, cutoff: offer.sameDayCutoff });
  if (!sameDay) {
    return {
      refused: {
        code: 'same-day-too-late',
        message: `Same day is for items handed in by ${offer.sameDayCutoff} on a day the branch is open.`,
      },
    };
  }
  return { ready: sameDay };
}

/**
 * The closing time of the drop-off's day when it is a working day, the branch is open and it is
 * not past the cut-off; otherwise null.
 */
export function sameDayReadyAt(input: {
  week: DayHours[];
  closures: Closure[];
  droppedAt: Date;
  cutoff: string;
}): Date | null {
  const at = DateTime.fromJSDate(input.droppedAt, { zone: LONDON_ZONE });
  const date = at.toISODate()!;
  if (closureOn(input.closures, date)) return null;
  const hours = input.week.find((d) => d.weekday === at.weekday);
  if (!hours) return null;
  const time = at.toFormat('HH:mm');
  if (time < hours.opensAt && hours.opensAt > input.cutoff) return null;
  // By the cut-off means by its first instant: 10:00:59 is after a 10:00 cut-off.
  const late = at.toFormat('HH:mm:ss.SSS') > `${input.cutoff}:00.000`;
  if (late || time >= hours.closesAt) return null;
  return DateTime.fromISO(`${date}T${hours.closesAt}`, { zone: LONDON_ZONE }).toJSDate();
}
