import { describe, expect, it } from 'vitest';
import { movesFromAudit } from './order-tracking';

/* The window moves read from the audit entries every move writes (decision 035). */

const d = (iso: string) => new Date(iso);
const order = {
  pickupStartsAt: d('2026-11-25T11:00:00Z'),
  pickupEndsAt: d('2026-11-25T12:00:00Z'),
  deliveryStartsAt: d('2026-11-30T12:00:00Z'),
  deliveryEndsAt: d('2026-11-30T13:00:00Z'),
};

describe('movesFromAudit', () => {
  it('a leg whose start changed is a move to its new window; others are no move', () => {
    const at = d('2026-11-24T07:00:00Z');
    const moves = movesFromAudit(
      [
        { before: { status: 'pending' }, after: { status: 'cancelled' }, at },
        {
          before: {
            pickupStartsAt: '2026-11-26T09:00:00.000Z',
            pickupEndsAt: '2026-11-26T10:00:00.000Z',
            deliveryStartsAt: '2026-11-28T09:00:00.000Z',
            deliveryEndsAt: '2026-11-28T10:00:00.000Z',
          },
          after: {
            pickupStartsAt: '2026-11-24T15:00:00.000Z',
            pickupEndsAt: '2026-11-24T16:00:00.000Z',
            deliveryStartsAt: '2026-11-28T09:00:00.000Z',
            deliveryEndsAt: '2026-11-28T10:00:00.000Z',
          },
          at,
        },
        // An entry written before the ends were recorded: the order's end when it is still there.
        {
          before: { pickupStartsAt: '2026-11-24T15:00:00.000Z', deliveryStartsAt: 'x' },
          after: { pickupStartsAt: '2026-11-25T11:00:00.000Z', deliveryStartsAt: 'x' },
          at,
        },
        { before: null, after: { pickupStartsAt: '2026-11-25T11:00:00.000Z' }, at },
      ],
      order,
    );
    expect(moves).toEqual([
      {
        leg: 'collection',
        startsAt: d('2026-11-24T15:00:00Z'),
        endsAt: d('2026-11-24T16:00:00Z'),
        at,
      },
      { leg: 'collection', startsAt: order.pickupStartsAt, endsAt: order.pickupEndsAt, at },
    ]);
  });
});
