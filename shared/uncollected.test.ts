import { describe, expect, it } from 'vitest';
import { daysSinceReady, dueStage } from './uncollected';

const ready = new Date('2026-03-01T17:30:00Z');
const day = (n: number, hour = 9) =>
  new Date(Date.UTC(2026, 2, 1 + n, hour - (1 + n >= 29 ? 1 : 0), 0));

describe('uncollected tickets (decision 054)', () => {
  it('counts London calendar days across the clock change', () => {
    expect(daysSinceReady(ready, ready)).toBe(0);
    expect(daysSinceReady(ready, day(29))).toBe(29);
    expect(daysSinceReady(ready, day(30))).toBe(30);
    // 23:30 London on the day of ready is still day 0.
    expect(daysSinceReady(ready, new Date('2026-03-01T23:30:00Z'))).toBe(0);
  });
  it('is due at 30, 60, 80 and 90 days, once each, the latest only when some were missed', () => {
    expect(dueStage(ready, day(29), [])).toBeNull();
    expect(dueStage(ready, day(30), [])).toBe(30);
    expect(dueStage(ready, day(31), [30])).toBeNull();
    expect(dueStage(ready, day(60), [30])).toBe(60);
    expect(dueStage(ready, day(80), [30, 60])).toBe(80);
    expect(dueStage(ready, day(90), [30, 60, 80])).toBe(90);
    expect(dueStage(ready, day(120), [30, 60, 80, 90])).toBeNull();
    expect(dueStage(ready, day(85), [])).toBe(80);
  });
});
