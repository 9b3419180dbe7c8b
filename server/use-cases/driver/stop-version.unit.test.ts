import { describe, expect, it } from 'vitest';
import { stopVersion } from './stop-version';

/* Issue 33: a stop's version changes with what the driver is shown, and with nothing else. */

const order = {
  customerName: 'Ada Lovelace',
  customerPhone: '07700900123',
  fullAddress: '1 Elgin Avenue\nLondon\nW9 2HD',
  doorNumber: 'Flat 2',
  companyName: '',
  addressJson: null,
  postcode: 'W9 2HD',
  customerNotes: 'Ring twice',
  accessNotes: '',
  status: 'pending' as const,
  pickupStartsAt: new Date('2026-11-24T09:00:00Z'),
  pickupEndsAt: new Date('2026-11-24T10:00:00Z'),
  deliveryStartsAt: new Date('2026-11-26T09:00:00Z'),
  deliveryEndsAt: new Date('2026-11-26T10:00:00Z'),
};

describe('stopVersion', () => {
  it('is the same for the same stop, and differs between its two legs', () => {
    expect(stopVersion(order, 'collection')).toBe(stopVersion({ ...order }, 'collection'));
    expect(stopVersion(order, 'collection')).not.toBe(stopVersion(order, 'delivery'));
  });

  it.each([
    ['the notes', { customerNotes: 'Call first' }],
    ['the access notes', { accessNotes: 'Gate code 1234' }],
    ['the phone number', { customerPhone: '07700900999' }],
    ['the address', { fullAddress: '2 Elgin Avenue\nLondon\nW9 2HD' }],
    ['the door', { doorNumber: 'Flat 3' }],
    ['the window', { pickupStartsAt: new Date('2026-11-24T11:00:00Z') }],
    ['a cancellation', { status: 'cancelled' as const }],
  ])('changes when the office changes %s', (_what, change) => {
    expect(stopVersion({ ...order, ...change }, 'collection')).not.toBe(
      stopVersion(order, 'collection'),
    );
  });

  it("does not change with the driver's own move of the status, nor with the other leg's window", () => {
    expect(stopVersion({ ...order, status: 'collected' as never }, 'collection')).toBe(
      stopVersion(order, 'collection'),
    );
    expect(
      stopVersion({ ...order, deliveryStartsAt: new Date('2026-11-27T09:00:00Z') }, 'collection'),
    ).toBe(stopVersion(order, 'collection'));
  });
});
