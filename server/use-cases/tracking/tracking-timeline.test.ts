import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@shared/order-status';
import {
  buildTracking,
  expectedWindow,
  stopNumber,
  type TrackingFacts,
  type TrackingView,
} from './tracking-timeline';

/*
 * The tracking timeline (issue 16, decision 029) at a pinned clock, for each state of an
 * order; "you are stop N" and its expected window, never outside the booked window.
 */

// 24 Nov 2026 is GMT: London time = UTC.
const at = (hhmm: string, day = 24) => new Date(`2026-11-${day}T${hhmm}:00Z`);

function facts(status: OrderStatus, over: Partial<TrackingFacts> = {}): TrackingFacts {
  return {
    orderNumber: 'LD-100042',
    customerName: 'Ada Lovelace',
    postcode: 'W9 2HD',
    status,
    registered: true,
    createdAt: at('18:05', 20),
    pickup: { startsAt: at('08:00', 22), endsAt: at('09:00', 22) },
    delivery: { startsAt: at('10:00'), endsAt: at('12:00') },
    events: [],
    stops: [],
    intakeReportedAt: null,
    garmentCount: 0,
    stop: null,
    rescheduleUrl: null,
    ...over,
  };
}

const states = (v: TrackingView) => v.steps.map((s) => `${s.key}:${s.state}`);
const step = (v: TrackingView, key: string) => v.steps.find((s) => s.key === key)!;

const collectedStop = {
  leg: 'collection' as const,
  outcome: 'collected' as const,
  bags: 3,
  leftWith: '',
  at: at('08:20', 22),
  photoUrl: null,
};
const moved = [
  { toStatus: 'pending', at: at('18:05', 20) },
  { toStatus: 'collected', at: at('08:21', 22) },
  { toStatus: 'cleaning', at: at('11:00', 22) },
  { toStatus: 'ready', at: at('16:30', 23) },
  { toStatus: 'out for delivery', at: at('09:30') },
  { toStatus: 'delivered', at: at('10:47') },
];
const upTo = (status: string) => moved.slice(0, moved.findIndex((m) => m.toStatus === status) + 1);
const now = at('09:40');

describe('buildTracking', () => {
  it('booked: the windows in London time, everything else to come; nothing personal', () => {
    const v = buildTracking(facts('pending', { events: upTo('pending') }), now);
    expect(states(v)).toEqual([
      'booked:current',
      'collected:to-come',
      'intake:to-come',
      'cleaning:to-come',
      'ready:to-come',
      'out-for-delivery:to-come',
      'delivered:to-come',
    ]);
    expect(step(v, 'booked').lines).toEqual([
      'Collection: Sun 22 Nov, 08:00–09:00',
      'Delivery: Tue 24 Nov, 10:00–12:00',
    ]);
    expect(step(v, 'booked').when).toBe('Fri 20 Nov, 18:05');
    expect(v).toMatchObject({ order_no: 'LD-100042', first_name: 'Ada', postcode_district: 'W9' });
    expect(JSON.stringify(v)).not.toMatch(/Lovelace|2HD/);
  });

  it('London summer time: the times are shown in BST', () => {
    const v = buildTracking(
      facts('pending', {
        createdAt: new Date('2026-07-01T08:05:00Z'),
        pickup: {
          startsAt: new Date('2026-07-02T07:00:00Z'),
          endsAt: new Date('2026-07-02T08:00:00Z'),
        },
      }),
      now,
    );
    expect(step(v, 'booked').when).toBe('Wed 1 Jul, 09:05');
    expect(step(v, 'booked').lines[0]).toBe('Collection: Thu 2 Jul, 08:00–09:00');
  });

  it('collected: with the bag count of the driver and its time', () => {
    const v = buildTracking(
      facts('collected', { events: upTo('collected'), stops: [collectedStop] }),
      now,
    );
    expect(step(v, 'collected')).toMatchObject({
      state: 'current',
      when: 'Sun 22 Nov, 08:20',
      lines: ['3 bags collected by our driver'],
    });
    expect(step(v, 'intake').state).toBe('to-come');
  });

  it('nobody home at collection: shown at its time, with the new-slot link when there is one', () => {
    const miss = {
      ...collectedStop,
      outcome: 'not-home' as const,
      bags: null,
      at: at('08:40', 22),
    };
    const plain = buildTracking(facts('pending', { stops: [miss] }), now);
    expect(states(plain).slice(0, 3)).toEqual([
      'booked:done',
      'not-home:current',
      'collected:to-come',
    ]);
    expect(step(plain, 'not-home')).toMatchObject({
      title: 'Nobody home at collection',
      when: 'Sun 22 Nov, 08:40',
      link: null,
    });
    const linked = buildTracking(
      facts('pending', { stops: [miss], rescheduleUrl: '/order/reschedule/x' }),
      now,
    );
    expect(step(linked, 'not-home').link).toEqual({
      label: 'Choose a new slot',
      href: '/order/reschedule/x',
    });
  });

  it('a moved window: "Collection moved to …" at the time it was moved, in time order, current when it is the latest', () => {
    const miss = {
      ...collectedStop,
      outcome: 'not-home' as const,
      bags: null,
      at: at('08:40', 22),
    };
    const v = buildTracking(
      facts('collected', {
        pickup: { startsAt: at('08:00', 23), endsAt: at('10:00', 23) },
        events: [...upTo('pending'), { toStatus: 'collected', at: at('08:21', 23) }],
        stops: [miss, { ...collectedStop, at: at('08:20', 23) }],
        moves: [
          // Listed out of order; an older record without the window's end shows its start.
          { leg: 'delivery', startsAt: at('10:00', 25), endsAt: null, at: at('12:00', 23) },
          {
            leg: 'collection',
            startsAt: at('08:00', 23),
            endsAt: at('10:00', 23),
            at: at('09:15', 22),
          },
        ],
      }),
      now,
    );
    expect(states(v).slice(0, 6)).toEqual([
      'booked:done',
      'not-home:done',
      'moved:done',
      'collected:done',
      'moved:current',
      'intake:to-come',
    ]);
    const moves = v.steps.filter((s) => s.key === 'moved');
    expect(moves.map((s) => [s.title, s.when])).toEqual([
      ['Collection moved to Mon 23 Nov, 08:00–10:00', 'Sun 22 Nov, 09:15'],
      ['Delivery moved to Wed 25 Nov, 10:00', 'Mon 23 Nov, 12:00'],
    ]);
    // Before anything else happened it comes right after "Booked"; a cancelled order keeps it.
    const early = {
      leg: 'collection' as const,
      startsAt: at('08:00', 23),
      endsAt: at('09:00', 23),
      at: at('19:00', 20),
    };
    expect(states(buildTracking(facts('pending', { moves: [early] }), now)).slice(0, 3)).toEqual([
      'booked:done',
      'moved:current',
      'collected:to-come',
    ]);
    const cancelled = buildTracking(
      facts('cancelled', {
        events: [...upTo('pending'), { toStatus: 'cancelled', at: at('20:00', 20) }],
        moves: [early],
      }),
      now,
    );
    expect(states(cancelled)).toEqual(['booked:done', 'moved:done', 'cancelled:current']);
  });

  it('a new time chosen after "nobody home" is the current step, after the miss (walkthrough 8)', () => {
    // Collection: missed at 08:40, moved at 09:00 to the 28th.
    const missedCollection = {
      ...collectedStop,
      outcome: 'not-home' as const,
      bags: null,
      at: at('08:40', 22),
    };
    const collectionMove = {
      leg: 'collection' as const,
      startsAt: at('10:00', 28),
      endsAt: at('11:00', 28),
      at: at('09:00', 22),
    };
    const c = buildTracking(
      facts('pending', { stops: [missedCollection], moves: [collectionMove] }),
      now,
    );
    expect(states(c).slice(0, 4)).toEqual([
      'booked:done',
      'not-home:done',
      'moved:current',
      'collected:to-come',
    ]);
    expect(c.steps.find((s) => s.state === 'current')!.title).toBe(
      'Collection moved to Sat 28 Nov, 10:00–11:00',
    );
    // Delivery: out at 09:30, missed at 10:20 (back to ready), moved at 10:30.
    const missedDelivery = {
      ...collectedStop,
      leg: 'delivery' as const,
      outcome: 'not-home' as const,
      bags: null,
      at: at('10:20'),
    };
    const deliveryMove = {
      leg: 'delivery' as const,
      startsAt: at('10:00', 26),
      endsAt: at('12:00', 26),
      at: at('10:30'),
    };
    const d = buildTracking(
      facts('ready', {
        events: [...upTo('out for delivery'), { toStatus: 'ready', at: at('10:20') }],
        stops: [{ ...collectedStop }, missedDelivery],
        intakeReportedAt: at('10:00', 22),
        moves: [deliveryMove],
      }),
      at('10:35'),
    );
    expect(states(d).slice(-4)).toEqual([
      'out-for-delivery:to-come',
      'not-home:done',
      'moved:current',
      'delivered:to-come',
    ]);
    expect(d.steps.find((s) => s.state === 'current')!.title).toBe(
      'Delivery moved to Thu 26 Nov, 10:00–12:00',
    );
  });

  it('intake: the number of garments; the account for a registered customer, "e-mailed" for a guest', () => {
    const intake = {
      events: upTo('collected'),
      stops: [collectedStop],
      intakeReportedAt: at('10:15', 22),
      garmentCount: 2,
    };
    const v = buildTracking(facts('collected', intake), now);
    expect(step(v, 'intake')).toMatchObject({
      state: 'current',
      when: 'Sun 22 Nov, 10:15',
      lines: ['2 garments tagged and photographed'],
      link: { href: '/account' },
    });
    const guest = buildTracking(facts('collected', { ...intake, registered: false }), now);
    expect(step(guest, 'intake').link).toBeNull();
    expect(step(guest, 'intake').lines).toContain('The intake report was e-mailed to you.');
  });

  it('cleaning and ready: each at the time of its status change', () => {
    const cleaning = buildTracking(
      facts('cleaning', { events: upTo('cleaning'), intakeReportedAt: at('10:15', 22) }),
      now,
    );
    expect(step(cleaning, 'cleaning')).toMatchObject({
      state: 'current',
      when: 'Sun 22 Nov, 11:00',
    });
    const ready = buildTracking(facts('ready', { events: upTo('ready') }), now);
    expect(states(ready)).toEqual([
      'booked:done',
      'collected:done',
      'cleaning:done',
      'ready:current',
      'out-for-delivery:to-come',
      'delivered:to-come',
    ]);
    expect(step(ready, 'ready').when).toBe('Mon 23 Nov, 16:30');
  });

  it('out for delivery: "you are stop N, expected between …", and the page is live', () => {
    const v = buildTracking(
      facts('out for delivery', { events: upTo('out for delivery'), stop: { number: 3, of: 5 } }),
      now,
    );
    expect(v.live).toBe(true);
    // 10:00 (window start, after now 09:40) + 2 stops ahead × 10 minutes.
    expect(step(v, 'out-for-delivery')).toMatchObject({
      state: 'current',
      when: 'Tue 24 Nov, 09:30',
      lines: ['You are stop 3, expected between 10:20 and 10:50'],
    });
  });

  it('out for delivery a day early (moved on the board): the expected line names the day', () => {
    // Monday 23 November 23:30: the window is Tuesday's (issue 31).
    const v = buildTracking(
      facts('out for delivery', { events: upTo('out for delivery'), stop: { number: 1, of: 1 } }),
      at('23:30', 23),
    );
    expect(step(v, 'out-for-delivery').lines).toEqual([
      'You are stop 1, expected Tue 24 Nov between 10:00 and 10:30',
    ]);
  });

  it('delivered: where it was left and the photo; not live any more', () => {
    const v = buildTracking(
      facts('delivered', {
        events: upTo('delivered'),
        stops: [
          collectedStop,
          {
            leg: 'delivery',
            outcome: 'delivered',
            bags: null,
            leftWith: 'With the concierge',
            at: at('10:46'),
            photoUrl: '/photos/p1?expires=1&sig=x',
          },
        ],
      }),
      now,
    );
    expect(v.live).toBe(false);
    expect(step(v, 'delivered')).toMatchObject({
      state: 'current',
      when: 'Tue 24 Nov, 10:46',
      lines: ['Left: With the concierge'],
      photoUrl: '/photos/p1?expires=1&sig=x',
    });
    expect(v.steps.filter((s) => s.state === 'to-come')).toEqual([]);
  });

  it('delivered by staff, the photo uploaded on its own: that photo; none before delivery', () => {
    const photo = '/photos/p2?expires=1&sig=y';
    const done = buildTracking(
      facts('delivered', { events: upTo('delivered'), deliveryPhotoUrl: photo }),
      now,
    );
    expect(step(done, 'delivered')).toMatchObject({
      when: 'Tue 24 Nov, 10:47',
      lines: ['Back at your door, clean'],
      photoUrl: photo,
    });
    const out = buildTracking(
      facts('out for delivery', { events: upTo('out for delivery'), deliveryPhotoUrl: photo }),
      now,
    );
    expect(step(out, 'delivered').photoUrl).toBeNull();
  });

  it('nobody home at delivery: shown after out for delivery; the order is back at the shop', () => {
    const miss = {
      leg: 'delivery' as const,
      outcome: 'not-home' as const,
      bags: null,
      leftWith: '',
      at: at('10:30'),
      photoUrl: null,
    };
    const v = buildTracking(
      facts('ready', {
        events: [...upTo('out for delivery'), { toStatus: 'ready', at: at('10:31') }],
        stops: [collectedStop, miss],
      }),
      now,
    );
    expect(states(v).slice(-3)).toEqual([
      'out-for-delivery:to-come',
      'not-home:current',
      'delivered:to-come',
    ]);
    expect(step(v, 'not-home').title).toBe('Nobody home at delivery');
  });

  it('cancelled: says so, keeps what happened before, drops the steps to come', () => {
    const v = buildTracking(
      facts('cancelled', {
        events: [...upTo('collected'), { toStatus: 'cancelled', at: at('09:00', 22) }],
      }),
      now,
    );
    expect(v.cancelled).toBe(true);
    expect(states(v)).toEqual(['booked:done', 'collected:done', 'cancelled:current']);
    expect(step(v, 'cancelled')).toMatchObject({
      when: 'Sun 22 Nov, 09:00',
      lines: ['This order is cancelled.'],
    });
  });
});

describe('stopNumber', () => {
  it('is the place among the stops still out, in route order (slot, then postcode)', () => {
    const out = [
      { id: 'late', startsAt: at('12:00'), postcode: 'W2 1AA' },
      { id: 'w10', startsAt: at('10:00'), postcode: 'W10 5AA' },
      { id: 'me', startsAt: at('10:00'), postcode: 'W9 2HD' },
      { id: 'nw1', startsAt: at('10:00'), postcode: 'NW1 6XE' },
    ];
    expect(stopNumber('me', out)).toEqual({ number: 2, of: 4 });
    expect(stopNumber('late', out)).toEqual({ number: 4, of: 4 });
    // A stop delivered is no longer in the list: everyone behind it moves up.
    expect(
      stopNumber(
        'me',
        out.filter((s) => s.id !== 'nw1'),
      ),
    ).toEqual({ number: 1, of: 3 });
    expect(stopNumber('gone', out)).toBeNull();
  });
});

describe('expectedWindow', () => {
  const window = { startsAt: at('10:00'), endsAt: at('12:00') };
  const hm = (w: { from: Date; to: Date }) =>
    `${w.from.toISOString().slice(11, 16)}–${w.to.toISOString().slice(11, 16)}`;

  it('first stop before the window opens: the window’s first 30 minutes', () => {
    expect(hm(expectedWindow(window, { number: 1 }, at('08:00')))).toBe('10:00–10:30');
  });

  it('counts the stops ahead from now once the window is open, rounded down to 5 minutes', () => {
    expect(hm(expectedWindow(window, { number: 4 }, at('10:07')))).toBe('10:35–11:05');
  });

  it('never ends after the window: many stops ahead or a late van show its last 30 minutes', () => {
    expect(hm(expectedWindow(window, { number: 20 }, at('10:00')))).toBe('11:30–12:00');
    expect(hm(expectedWindow(window, { number: 1 }, at('13:15')))).toBe('11:30–12:00');
  });

  it('a window shorter than 30 minutes is shown whole', () => {
    const short = { startsAt: at('10:00'), endsAt: at('10:20') };
    expect(hm(expectedWindow(short, { number: 3 }, at('10:05')))).toBe('10:00–10:20');
  });

  it('is inside the booked window for any stop and any time', () => {
    for (let n = 1; n <= 30; n++) {
      for (let minutes = -120; minutes <= 240; minutes += 7) {
        const w = expectedWindow(
          window,
          { number: n },
          new Date(at('10:00').getTime() + minutes * 60_000),
        );
        expect(w.from.getTime()).toBeGreaterThanOrEqual(window.startsAt.getTime());
        expect(w.to.getTime()).toBeLessThanOrEqual(window.endsAt.getTime());
        expect(w.to.getTime()).toBeGreaterThan(w.from.getTime());
      }
    }
  });
});
