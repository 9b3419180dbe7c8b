import { describe, expect, it } from 'vitest';
import { checkCancellation } from './cancellation-policy';

const now = new Date('2026-03-10T09:00:00Z');
const at = (iso: string) => new Date(iso);

describe('checkCancellation', () => {
  it('allows a pending order more than 2 hours before collection', () => {
    expect(
      checkCancellation({ status: 'pending', pickupStartsAt: at('2026-03-10T11:00:01Z') }, now),
    ).toEqual({ allowed: true });
    expect(
      checkCancellation(
        { status: 'pending payment', pickupStartsAt: at('2026-03-11T08:00:00Z') },
        now,
      ),
    ).toEqual({ allowed: true });
  });
  it('refuses at exactly 2 hours and later', () => {
    expect(
      checkCancellation({ status: 'pending', pickupStartsAt: at('2026-03-10T11:00:00Z') }, now),
    ).toEqual({ allowed: false, reason: 'too-late' });
    expect(
      checkCancellation({ status: 'pending', pickupStartsAt: at('2026-03-10T08:00:00Z') }, now),
    ).toEqual({ allowed: false, reason: 'too-late' });
  });
  it('refuses orders already collected or cancelled', () => {
    for (const status of ['collected', 'cancelled', 'delivered'] as const) {
      expect(
        checkCancellation({ status, pickupStartsAt: at('2026-03-12T08:00:00Z') }, now),
      ).toEqual({ allowed: false, reason: 'status' });
    }
  });
});
