import { describe, expect, it } from 'vitest';
import {
  closesAt,
  hoursLines,
  isOpenAt,
  nextOpening,
  schemaOpeningHours,
  weekProblems,
  type Closure,
  type DayHours,
} from './branch-hours';

/*
 * A branch's hours (issue 32) read at pinned instants in London: GMT in winter, BST in summer
 * (from Sunday 29 March 2026 01:00 UTC to Sunday 25 October 2026 01:00 UTC), a bank holiday.
 */

const at = (iso: string) => new Date(iso);
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  opensAt: '07:30',
  closesAt: '19:30',
}));
const week: DayHours[] = [
  ...weekdays,
  { weekday: 6, opensAt: '08:30', closesAt: '18:00' },
  { weekday: 7, opensAt: '10:00', closesAt: '16:00' },
];
const christmas: Closure = { day: '2026-12-25', kind: 'bank-holiday', reason: 'Christmas Day' };

describe('hoursLines', () => {
  it('groups consecutive days with the same hours, Monday first, as the branch page shows them', () => {
    expect(hoursLines(week)).toEqual([
      { days: 'Monday to Friday', hours: '07:30 to 19:30' },
      { days: 'Saturday', hours: '08:30 to 18:00' },
      { days: 'Sunday', hours: '10:00 to 16:00' },
    ]);
    expect(hoursLines(weekdays)).toEqual([
      { days: 'Monday to Friday', hours: '07:30 to 19:30' },
      { days: 'Saturday to Sunday', hours: 'Closed' },
    ]);
  });

  it('writes schema.org openingHours without the closed days', () => {
    expect(schemaOpeningHours(weekdays)).toEqual(['Mo-Fr 07:30-19:30']);
    expect(schemaOpeningHours(week)).toEqual([
      'Mo-Fr 07:30-19:30',
      'Sa 08:30-18:00',
      'Su 10:00-16:00',
    ]);
  });
});

describe('weekProblems', () => {
  it('refuses a closing time not after the opening time, bad times and a day twice', () => {
    expect(weekProblems(week)).toEqual([]);
    expect(weekProblems([{ weekday: 2, opensAt: '18:00', closesAt: '09:00' }])).toEqual([
      'Tuesday: the closing time must be after the opening time.',
    ]);
    expect(weekProblems([{ weekday: 1, opensAt: '7:30', closesAt: '19:00' }])).toEqual([
      'Monday: enter times as HH:MM, e.g. 07:30.',
    ]);
    expect(
      weekProblems([
        { weekday: 1, opensAt: '07:00', closesAt: '19:00' },
        { weekday: 1, opensAt: '08:00', closesAt: '19:00' },
      ]),
    ).toEqual(['Monday is given twice.']);
  });
});

describe('isOpenAt', () => {
  it('in winter London time is UTC: open from 07:30 to just before 19:30 on a Friday', () => {
    expect(isOpenAt(week, [], at('2026-11-27T07:29:59Z'))).toBe(false);
    expect(isOpenAt(week, [], at('2026-11-27T07:30:00Z'))).toBe(true);
    expect(isOpenAt(week, [], at('2026-11-27T19:29:59Z'))).toBe(true);
    expect(isOpenAt(week, [], at('2026-11-27T19:30:00Z'))).toBe(false);
  });

  it('in summer London is an hour ahead: 07:30 BST is 06:30 UTC', () => {
    expect(isOpenAt(week, [], at('2026-07-10T06:29:00Z'))).toBe(false);
    expect(isOpenAt(week, [], at('2026-07-10T06:30:00Z'))).toBe(true);
    expect(isOpenAt(week, [], at('2026-07-10T18:29:00Z'))).toBe(true);
    expect(isOpenAt(week, [], at('2026-07-10T18:30:00Z'))).toBe(false);
  });

  it('reads the London weekday: Saturday 00:30 BST is still Friday in UTC', () => {
    const nightOwl: DayHours[] = [{ weekday: 6, opensAt: '00:00', closesAt: '01:00' }];
    expect(isOpenAt(nightOwl, [], at('2026-07-10T23:30:00Z'))).toBe(true);
    expect(isOpenAt(nightOwl, [], at('2026-11-27T23:30:00Z'))).toBe(false);
  });

  it('on the days the clocks change the wall-clock hours hold (Sunday 10:00 to 16:00)', () => {
    // 29 March: 10:00 BST is 09:00 UTC. 25 October: 10:00 GMT is 10:00 UTC.
    expect(isOpenAt(week, [], at('2026-03-29T08:59:00Z'))).toBe(false);
    expect(isOpenAt(week, [], at('2026-03-29T09:00:00Z'))).toBe(true);
    expect(isOpenAt(week, [], at('2026-03-29T14:59:00Z'))).toBe(true);
    expect(isOpenAt(week, [], at('2026-03-29T15:00:00Z'))).toBe(false);
    expect(isOpenAt(week, [], at('2026-10-25T09:59:00Z'))).toBe(false);
    expect(isOpenAt(week, [], at('2026-10-25T10:00:00Z'))).toBe(true);
    expect(isOpenAt(week, [], at('2026-10-25T15:59:00Z'))).toBe(true);
  });

  it('is closed all day on a bank holiday or a closure', () => {
    // Friday 25 December 2026, 12:00.
    expect(isOpenAt(week, [], at('2026-12-25T12:00:00Z'))).toBe(true);
    expect(isOpenAt(week, [christmas], at('2026-12-25T12:00:00Z'))).toBe(false);
  });
});

describe('nextOpening and closesAt', () => {
  it('after Friday closing the next opening is Saturday 08:30', () => {
    const next = nextOpening(week, [], at('2026-11-27T20:00:00Z'));
    expect(next).toEqual({ at: at('2026-11-28T08:30:00Z'), day: '2026-11-28', opensAt: '08:30' });
  });

  it('before opening on the same day it is that morning; open now it is null', () => {
    expect(nextOpening(week, [], at('2026-11-27T06:00:00Z'))?.at).toEqual(
      at('2026-11-27T07:30:00Z'),
    );
    expect(nextOpening(week, [], at('2026-11-27T12:00:00Z'))).toBeNull();
  });

  it('skips closures: Christmas Eve evening to Boxing Day (Saturday)', () => {
    const boxingDay: Closure = { day: '2026-12-26', kind: 'bank-holiday', reason: 'Boxing Day' };
    const next = nextOpening(week, [christmas, boxingDay], at('2026-12-24T20:00:00Z'));
    expect(next?.day).toBe('2026-12-27');
    expect(next?.at).toEqual(at('2026-12-27T10:00:00Z'));
  });

  it('across the clocks going forward: Saturday evening to Sunday 10:00 BST (09:00 UTC)', () => {
    expect(nextOpening(week, [], at('2026-03-28T19:00:00Z'))?.at).toEqual(
      at('2026-03-29T09:00:00Z'),
    );
    // And back: Saturday 24 October evening to Sunday 10:00 GMT.
    expect(nextOpening(week, [], at('2026-10-24T18:00:00Z'))?.at).toEqual(
      at('2026-10-25T10:00:00Z'),
    );
  });

  it('a branch with no hours never opens; closesAt is the day’s closing instant', () => {
    expect(nextOpening([], [], at('2026-11-27T12:00:00Z'))).toBeNull();
    expect(closesAt(week, [], at('2026-07-10T12:00:00Z'))).toEqual(at('2026-07-10T18:30:00Z'));
    expect(closesAt(week, [], at('2026-07-10T20:00:00Z'))).toBeNull();
  });
});
