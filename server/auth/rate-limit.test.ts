import { describe, expect, it } from 'vitest';
import { rateLimitMessage, secondsLeftInWindow, windowStart } from './rate-limit';

describe('rate limit windows', () => {
  it('puts instants into fixed windows', () => {
    const now = new Date('2026-03-10T09:07:30Z');
    expect(windowStart(now, 15 * 60).toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(windowStart(now, 60 * 60).toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(windowStart(new Date('2026-03-10T09:15:00Z'), 15 * 60).toISOString()).toBe(
      '2026-03-10T09:15:00.000Z',
    );
  });
  it('counts the seconds left in the window (Retry-After)', () => {
    expect(secondsLeftInWindow(new Date('2026-03-10T09:07:30Z'), 15 * 60)).toBe(450);
    expect(secondsLeftInWindow(new Date('2026-03-10T09:15:00Z'), 15 * 60)).toBe(900);
  });
  it('tells people how long to wait', () => {
    expect(rateLimitMessage(30)).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(rateLimitMessage(450)).toBe('Too many attempts. Please wait 8 minutes and try again.');
  });
});
