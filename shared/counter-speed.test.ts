import { describe, expect, it } from 'vitest';
import type { Closure, DayHours } from './branch-hours';
import {
  readyAtSpeed,
  sameDayReadyAt,
  standardDays,
  surchargePence,
  surchargePercent,
  type CounterSpeed,
  type SpeedOffer,
} from './counter-speed';

/*
 * A counter ticket's speed (issue 32) at pinned instants in London (GMT in November 2026). The
 * branch opens Monday to Friday 07:30-19:30 and Saturday 08:30-18:00; Sunday is closed.
 */

const week: DayHours[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '07:30', closesAt: '19:30' })),
  { weekday: 6, opensAt: '08:30', closesAt: '18:00' },
];
const christmas: Closure[] = [{ day: '2026-12-25', kind: 'bank-holiday', reason: 'Christmas Day' }];
const offer: SpeedOffer = {
  turnaroundDays: 2,
  expressPercent: 50,
  sameDayPercent: 100,
  sameDayCutoff: '10:00',
};
const shirt = { name: 'Shirt', turnaroundDays: null };
const leather = { name: 'Leather jacket', turnaroundDays: 10 };

const at = (
  droppedAt: string,
  speed: CounterSpeed,
  items: { name: string; turnaroundDays: number | null }[] = [shirt],
  branch: SpeedOffer = offer,
  closures: Closure[] = [],
) => {
  const outcome = readyAtSpeed({
    offer: branch,
    week,
    closures,
    droppedAt: new Date(droppedAt),
    speed,
    items,
  });
  return 'ready' in outcome ? outcome.ready?.toISOString() : outcome.refused.code;
};

describe('counter speeds', () => {
  it('standard: the branch’s working days, or the slowest item’s when longer', () => {
    expect(standardDays(offer, [null, 3])).toBe(3);
    expect(standardDays(offer, [null, 1])).toBe(2);
    // Monday 23 November 10:00 → Wednesday 10:00; with leather, ten working days (Saturdays
    // count, Sundays do not): Friday 4 December.
    expect(at('2026-11-23T10:00:00Z', 'standard')).toBe('2026-11-25T10:00:00.000Z');
    expect(at('2026-11-23T10:00:00Z', 'standard', [shirt, leather])).toBe(
      '2026-12-04T10:00:00.000Z',
    );
  });

  it('express: the next working day, at a surcharge', () => {
    // Friday 15:00 → Saturday 15:00; Saturday 15:00 → Monday 15:00.
    expect(at('2026-11-27T15:00:00Z', 'express')).toBe('2026-11-28T15:00:00.000Z');
    expect(at('2026-11-28T15:00:00Z', 'express')).toBe('2026-11-30T15:00:00.000Z');
    expect(surchargePercent(offer, 'express')).toBe(50);
    expect(surchargePence(1750, 50)).toBe(875);
    // Half a penny rounds up.
    expect(surchargePence(1, 50)).toBe(1);
    expect(surchargePence(3, 50)).toBe(2);
  });

  it('same day: handed in by the cut-off on an open day, ready by closing', () => {
    expect(at('2026-11-23T09:59:00Z', 'same-day')).toBe('2026-11-23T19:30:00.000Z');
    expect(at('2026-11-23T10:00:00Z', 'same-day')).toBe('2026-11-23T19:30:00.000Z');
    // Before opening counts (staff in early); Saturday closes at 18:00.
    expect(at('2026-11-28T08:00:00Z', 'same-day')).toBe('2026-11-28T18:00:00.000Z');
    expect(at('2026-11-23T10:00:59Z', 'same-day')).toBe('same-day-too-late');
    expect(at('2026-11-23T10:01:00Z', 'same-day')).toBe('same-day-too-late');
    // Sunday, and a bank holiday, are closed.
    expect(at('2026-11-29T09:00:00Z', 'same-day')).toBe('same-day-too-late');
    expect(
      sameDayReadyAt({
        week,
        closures: christmas,
        droppedAt: new Date('2026-12-25T09:00:00Z'),
        cutoff: '10:00',
      }),
    ).toBeNull();
  });

  it('refuses a speed the branch does not offer, and hurrying an item that takes longer', () => {
    const standardOnly = { ...offer, expressPercent: null, sameDayPercent: null };
    expect(at('2026-11-23T09:00:00Z', 'express', [shirt], standardOnly)).toBe('speed-not-offered');
    expect(at('2026-11-23T09:00:00Z', 'same-day', [shirt], standardOnly)).toBe('speed-not-offered');
    expect(surchargePercent(standardOnly, 'express')).toBeNull();
    expect(at('2026-11-23T09:00:00Z', 'express', [shirt, leather])).toBe('speed-not-for-item');
    const outcome = readyAtSpeed({
      offer,
      week,
      closures: [],
      droppedAt: new Date('2026-11-23T09:00:00Z'),
      speed: 'same-day',
      items: [leather],
    });
    expect(outcome).toEqual({
      refused: {
        code: 'speed-not-for-item',
        message: 'Leather jacket takes 10 working days: same day is not offered for it.',
      },
    });
  });
});
