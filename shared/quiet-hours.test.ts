import { describe, expect, it } from 'vitest';
import { clockHour, noTextsAtNight } from './quiet-hours';

describe('quiet hours', () => {
  it('are written on the clock, from the rule', () => {
    expect(clockHour(8)).toBe('08:00');
    expect(clockHour(21)).toBe('21:00');
    expect(noTextsAtNight).toBe('No texts between 21:00 and 08:00');
  });
});
