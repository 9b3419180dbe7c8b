import { describe, expect, it } from 'vitest';
import { londonDate } from './london-zone';

describe('londonDate (Intl, no Luxon)', () => {
  it('writes the London calendar day, in summer time and in winter', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(londonDate(new Date('2026-06-30T23:30:00Z'))).toBe('01/07/2026');
    // In winter London is UTC.
    expect(londonDate(new Date('2026-12-31T23:59:00Z'))).toBe('31/12/2026');
    // The night the clocks go forward.
    expect(londonDate(new Date('2026-03-29T00:30:00Z'))).toBe('29/03/2026');
    expect(londonDate(new Date('2026-10-24T23:30:00Z'))).toBe('25/10/2026');
  });
});
