import { describe, expect, test } from 'vitest';
import { timeLeft } from './claim-file-view';

describe('the answer time counting down', () => {
  const due = '2026-12-05T13:00:00.000Z';
  const before = (minutes: number) => Date.parse(due) - minutes * 60_000;
  test('days and hours, then minutes, then overdue', () => {
    expect(timeLeft(due, before(48 * 60))).toBe('in 2 days');
    expect(timeLeft(due, before(47 * 60 + 59))).toBe('in 1 day 23 hours');
    expect(timeLeft(due, before(60))).toBe('in 1 hour');
    expect(timeLeft(due, before(40))).toBe('in 40 minutes');
    expect(timeLeft(due, before(0.5))).toBe('in less than a minute');
    expect(timeLeft(due, before(-1))).toBe('now overdue: we are sorry for the wait');
  });
});
