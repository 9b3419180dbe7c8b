import { describe, expect, it } from 'vitest';
import {
  expectedBetween,
  isLaterLondonDate,
  notBeforeItsDay,
  startsOnLaterLondonDay,
} from './driver-day';

/*
 * The driver's day (issue 31): a stop whose window starts on a later London day is not acted
 * on, read at pinned instants around midnight and both clock changes of 2026 (BST from
 * Sunday 29 March 01:00 UTC, GMT again from Sunday 25 October 01:00 UTC).
 */

const at = (iso: string) => new Date(iso);

describe('startsOnLaterLondonDay', () => {
  it("a window at midnight is tomorrow's one second before, today's from midnight (GMT)", () => {
    const saturday = at('2026-11-28T00:00:00Z');
    expect(startsOnLaterLondonDay(saturday, at('2026-11-27T23:59:59Z'))).toBe(true);
    expect(startsOnLaterLondonDay(saturday, at('2026-11-28T00:00:00Z'))).toBe(false);
    expect(startsOnLaterLondonDay(at('2026-11-28T10:00:00Z'), at('2026-11-28T07:00:00Z'))).toBe(
      false,
    );
  });

  it('in summer the London day starts at 23:00 UTC: same UTC date, later London day', () => {
    // Friday 10 July 23:59:59 BST, and Saturday 00:00 BST an instant later (both 10 July in UTC).
    const now = at('2026-07-10T22:59:59Z');
    expect(startsOnLaterLondonDay(at('2026-07-10T23:00:00Z'), now)).toBe(true);
    expect(startsOnLaterLondonDay(at('2026-07-10T23:00:00Z'), at('2026-07-10T23:00:00Z'))).toBe(
      false,
    );
    // Saturday 00:30 BST (Friday in UTC) and a window on Saturday 10:00 BST: the same day.
    expect(startsOnLaterLondonDay(at('2026-07-11T09:00:00Z'), at('2026-07-10T23:30:00Z'))).toBe(
      false,
    );
  });

  it('across the clocks going forward (29 March) and back (25 October)', () => {
    // Saturday 28 March 23:30 GMT; Sunday 09:00 BST is tomorrow.
    expect(startsOnLaterLondonDay(at('2026-03-29T08:00:00Z'), at('2026-03-28T23:30:00Z'))).toBe(
      true,
    );
    // Sunday 00:30 GMT, before the change at 01:00 UTC: Sunday's window is today.
    expect(startsOnLaterLondonDay(at('2026-03-29T08:00:00Z'), at('2026-03-29T00:30:00Z'))).toBe(
      false,
    );
    // Sunday 25 October 00:30 BST (Saturday 23:30 in UTC): Sunday 10:00 GMT is today.
    expect(startsOnLaterLondonDay(at('2026-10-25T10:00:00Z'), at('2026-10-24T23:30:00Z'))).toBe(
      false,
    );
    // Saturday 24 October 23:59 BST (22:59 UTC): Sunday 00:00 BST (23:00 UTC) is tomorrow.
    expect(startsOnLaterLondonDay(at('2026-10-24T23:00:00Z'), at('2026-10-24T22:59:00Z'))).toBe(
      true,
    );
  });

  it('a window of an earlier day (a stop left over) is not later', () => {
    expect(startsOnLaterLondonDay(at('2026-11-26T10:00:00Z'), at('2026-11-27T07:00:00Z'))).toBe(
      false,
    );
  });
});

describe('isLaterLondonDate', () => {
  it("compares a YYYY-MM-DD with the London date of now, not UTC's", () => {
    // Saturday 11 July 00:30 BST is 10 July in UTC.
    const now = at('2026-07-10T23:30:00Z');
    expect(isLaterLondonDate('2026-07-11', now)).toBe(false);
    expect(isLaterLondonDate('2026-07-12', now)).toBe(true);
    expect(isLaterLondonDate('2026-07-10', now)).toBe(false);
  });
});

describe('expectedBetween', () => {
  const window = { from: at('2026-11-28T10:00:00Z'), to: at('2026-11-28T11:00:00Z') };
  it('today: the hours only', () => {
    expect(expectedBetween(window, at('2026-11-28T08:00:00Z'))).toBe(
      'expected between 10:00 and 11:00',
    );
  });
  it('any other day: the day too', () => {
    expect(expectedBetween(window, at('2026-11-27T23:59:59Z'))).toBe(
      'expected Sat 28 Nov between 10:00 and 11:00',
    );
  });
  it('in London time, in summer', () => {
    const summer = { from: at('2026-07-10T23:00:00Z'), to: at('2026-07-10T23:30:00Z') };
    expect(expectedBetween(summer, at('2026-07-10T22:00:00Z'))).toBe(
      'expected Sat 11 Jul between 00:00 and 00:30',
    );
  });
});

describe('notBeforeItsDay', () => {
  it('names the order and its day', () => {
    expect(notBeforeItsDay('LD-100005', at('2026-11-28T13:00:00Z'))).toBe(
      'Order LD-100005 is due on Sat 28 Nov: it can be collected, delivered or marked not home on that day only.',
    );
  });
});
