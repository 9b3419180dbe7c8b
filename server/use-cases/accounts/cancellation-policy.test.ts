import { describe, expect, it } from 'vitest';
import { checkCancellation, checkReschedule } from './cancellation-policy';

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

describe('checkReschedule', () => {
  const order = {
    status: 'pending' as const,
    pickupStartsAt: at('2026-03-10T11:30:00Z'),
    deliveryStartsAt: at('2026-03-12T09:00:00Z'),
  };
  it('allows either leg more than 2 hours before it starts', () => {
    expect(checkReschedule(order, 'collection', now)).toEqual({ allowed: true });
    expect(checkReschedule(order, 'delivery', now)).toEqual({ allowed: true });
  });
  it('refuses at exactly 2 hours before the leg, and later', () => {
    expect(checkReschedule(order, 'collection', at('2026-03-10T09:30:00Z'))).toEqual({
      allowed: false,
      reason: 'too-late',
    });
    expect(checkReschedule(order, 'delivery', at('2026-03-12T07:00:00Z'))).toEqual({
      allowed: false,
      reason: 'too-late',
    });
  });
  it('moves a delivery after the collection, but never a leg that has happened', () => {
    const collected = { ...order, status: 'collected' as const };
    expect(checkReschedule(collected, 'delivery', now)).toEqual({ allowed: true });
    expect(checkReschedule(collected, 'collection', now)).toEqual({
      allowed: false,
      reason: 'status',
    });
    for (const status of ['out for delivery', 'delivered', 'cancelled'] as const) {
      expect(checkReschedule({ ...order, status }, 'delivery', now)).toEqual({
        allowed: false,
        reason: 'status',
      });
    }
  });
});
