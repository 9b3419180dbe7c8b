import { describe, expect, it } from 'vitest';
import { comparePostcodes, routeOrder } from './route-order';

const at = (hhmm: string) => new Date(`2026-11-24T${hhmm}:00Z`);

describe('routeOrder', () => {
  it('takes earlier slots first, then postcodes in district order within a slot', () => {
    const stops = [
      { id: 'a', startsAt: at('10:00'), postcode: 'W2 4DX' },
      { id: 'b', startsAt: at('08:00'), postcode: 'W10 5AA' },
      { id: 'c', startsAt: at('08:00'), postcode: 'w9 1aa' },
      { id: 'd', startsAt: at('08:00'), postcode: 'NW1 6XE' },
      { id: 'e', startsAt: at('10:00'), postcode: 'W2 1AB' },
    ];
    expect(routeOrder(stops).map((s) => s.id)).toEqual(['d', 'c', 'b', 'e', 'a']);
    expect(stops[0]!.id).toBe('a');
  });

  it('orders districts by number, not by text (W9 before W10), and sub-districts after', () => {
    expect(comparePostcodes('W9 1AA', 'W10 1AA')).toBeLessThan(0);
    expect(comparePostcodes('EC1 1AA', 'EC1A 1BB')).toBeLessThan(0);
    expect(comparePostcodes('SW1A 1AA', 'sw1a1aa')).toBe(0);
  });
});
