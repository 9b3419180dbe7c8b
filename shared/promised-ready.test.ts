import { describe, expect, it } from 'vitest';
import type { Closure, DayHours } from './branch-hours';
import { COUNTER_TURNAROUND_WORKING_DAYS, promisedReadyAt } from './promised-ready';

/*
 * A counter ticket's promised-ready time (issue 32, decision 049) at pinned instants: London
 * is GMT in November and December 2026 and BST until Sunday 25 October 2026 01:00 UTC. The
 * branch opens Monday to Friday 07:30-19:30 and Saturday 08:30-18:00; Sunday is closed.
 */

const week: DayHours[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '07:30', closesAt: '19:30' })),
  { weekday: 6, opensAt: '08:30', closesAt: '18:00' },
];
const christmas: Closure[] = [
  { day: '2026-12-25', kind: 'bank-holiday', reason: 'Christmas Day' },
  { day: '2026-12-26', kind: 'bank-holiday', reason: 'Boxing Day' },
  { day: '2026-12-28', kind: 'bank-holiday', reason: 'Boxing Day (substitute day)' },
];
const ready = (droppedAt: string, closures: Closure[] = [], workingDays?: number) =>
  promisedReadyAt({ week, closures, droppedAt: new Date(droppedAt), workingDays })?.toISOString();

describe('promisedReadyAt', () => {
  it('is two working days by default, at the time of the drop-off', () => {
    expect(COUNTER_TURNAROUND_WORKING_DAYS).toBe(2);
    // Monday 23 November 10:00 → Wednesday 10:00.
    expect(ready('2026-11-23T10:00:00Z')).toBe('2026-11-25T10:00:00.000Z');
  });

  it('skips the days the branch is closed', () => {
    // Friday 15:00 → Saturday (1), Sunday closed, Monday (2) 15:00.
    expect(ready('2026-11-27T15:00:00Z')).toBe('2026-11-30T15:00:00.000Z');
  });

  it('keeps the time within the ready day’s hours: ready by closing', () => {
    // Thursday 19:00 → Friday (1), Saturday (2), which closes at 18:00.
    expect(ready('2026-11-26T19:00:00Z')).toBe('2026-11-28T18:00:00.000Z');
  });

  it('counts from opening when dropped off before it, or on a closed day', () => {
    expect(ready('2026-11-23T06:00:00Z')).toBe('2026-11-25T07:30:00.000Z');
    // Sunday noon: the clock starts at Monday's opening.
    expect(ready('2026-11-29T12:00:00Z')).toBe('2026-12-02T07:30:00.000Z');
  });

  it('skips bank holidays and closures', () => {
    // Wednesday 23 December noon → Thursday 24 (1); 25, 26, 27 and 28 closed; Tuesday 29 (2).
    expect(ready('2026-12-23T12:00:00Z', christmas)).toBe('2026-12-29T12:00:00.000Z');
    expect(ready('2026-12-23T12:00:00Z')).toBe('2026-12-25T12:00:00.000Z');
  });

  it('keeps London’s wall-clock time across the change of the clocks', () => {
    // Friday 23 October 10:00 BST (09:00 UTC) → Saturday (1), Monday 26 (2) 10:00 GMT.
    expect(ready('2026-10-23T09:00:00Z')).toBe('2026-10-26T10:00:00.000Z');
  });

  it('takes another turnaround, and answers null for a branch that never opens', () => {
    expect(ready('2026-11-23T10:00:00Z', [], 1)).toBe('2026-11-24T10:00:00.000Z');
    expect(ready('2026-11-23T10:00:00Z', [], 5)).toBe('2026-11-28T10:00:00.000Z');
    expect(
      promisedReadyAt({ week: [], closures: [], droppedAt: new Date('2026-11-23T10:00:00Z') }),
    ).toBeNull();
  });
});
