import { DateTime } from 'luxon';
import { expectedBetween } from '@shared/driver-day';
import { LONDON_ZONE } from '@shared/london-time';
import { outwardCode, postcodeDistrict } from '@shared/postcode';
import { routeOrder } from '@shared/route-order';
import type { OrderStatus } from '@shared/order-status';

/*
 * The customer's tracking page (issue 16, decision 029), as pure functions of what the read
 * use-case (`order-tracking.ts`) gathered: the order, its status changes (`order_events`), the
 * driver's stop events, the intake, and the day's deliveries still out. Nothing here reads the
 * database or the clock: `now` is an argument, so each state is unit-tested at a pinned time.
 * Whatever leaves this module is safe for anyone holding the tracking link: order number,
 * first name, postcode district, times; never an address, e-mail, phone or another customer.
 */

/** Minutes a stop takes the driver, on average, for "expected between …". */
export const MINUTES_PER_STOP = 10;
/** How wide the expected window is (it is never wider than the booked window). */
export const EXPECTED_WINDOW_MINUTES = 30;

export type TrackingFacts = {
  orderNumber: string;
  customerName: string;
  postcode: string;
  status: OrderStatus;
  registered: boolean;
  createdAt: Date;
  pickup: { startsAt: Date; endsAt: Date };
  delivery: { startsAt: Date; endsAt: Date };
  /** Status changes, any order (order_events). */
  events: { toStatus: string; at: Date }[];
  /** The driver's actions (stop_events), any order. */
  stops: {
    leg: 'collection' | 'delivery';
    outcome: 'collected' | 'not-home' | 'delivered';
    bags: number | null;
    leftWith: string;
    at: Date;
    photoUrl: string | null;
  }[];
  /**
   * Each time a window was moved (by the customer, a change link or after a missed stop;
   * decision 035), any order: the leg, its new window (`endsAt` null when the record has only
   * the start) and when it was moved.
   */
  moves?: { leg: 'collection' | 'delivery'; startsAt: Date; endsAt: Date | null; at: Date }[];
  intakeReportedAt: Date | null;
  garmentCount: number;
  /** While out for delivery: this order's place among the day's stops still to deliver. */
  stop: { number: number; of: number } | null;
  /**
   * The order's latest delivery photo (a signed URL), for a delivery recorded without one on
   * its stop event (uploaded on its own, or the status moved by staff).
   */
  deliveryPhotoUrl?: string | null;
  /** Where the customer may choose a new slot after "nobody home", when that page exists. */
  rescheduleUrl: string | null;
  /**
   * Where the customer may choose another collection window before it (the evening-before
   * reminder links here, issue 17, decision 031), while the collection can still be changed.
   */
  changeCollectionUrl?: string | null;
  /** Where the customer may choose another delivery window before it (issue 18, decision 035). */
  changeDeliveryUrl?: string | null;
};

export type StepKey =
  | 'booked'
  | 'collected'
  | 'not-home'
  | 'moved'
  | 'intake'
  | 'cleaning'
  | 'ready'
  | 'out-for-delivery'
  | 'delivered'
  | 'cancelled';

export type TrackingStep = {
  key: StepKey;
  title: string;
  /** done: reached; current: the latest reached (highlighted); to-come: not yet. */
  state: 'done' | 'current' | 'to-come';
  /** When it happened, ISO; null for steps to come (or reached without a recorded time). */
  at: string | null;
  /** "Tue 24 Nov, 09:42" in London; null when `at` is. */
  when: string | null;
  lines: string[];
  link: { label: string; href: string } | null;
  photoUrl: string | null;
};

export type TrackingView = {
  order_no: string;
  first_name: string;
  postcode_district: string;
  status: OrderStatus;
  cancelled: boolean;
  /** The page refreshes itself while this is true (out for delivery). */
  live: boolean;
  steps: TrackingStep[];
};

const dt = (at: Date) => DateTime.fromJSDate(at, { zone: LONDON_ZONE });
/** "Tue 24 Nov, 09:42" in London. */
export const londonMoment = (at: Date) => dt(at).toFormat('ccc d LLL, HH:mm');
/** "Tue 24 Nov, 09:00–10:00" in London. */
export const londonSlot = (s: Date, e: Date) =>
  `${dt(s).toFormat('ccc d LLL')}, ${dt(s).toFormat('HH:mm')}–${dt(e).toFormat('HH:mm')}`;
const hhmm = (at: Date) => dt(at).toFormat('HH:mm');

/** "Ada" of "Ada Lovelace"; nothing more of the name leaves the server. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** "W9" of "W9 2HD"; '' when it is no postcode. */
export function district(postcode: string): string {
  const outward = outwardCode(postcode);
  return outward ? postcodeDistrict(outward) : '';
}

/**
 * "You are stop N": the day's deliveries that are out for delivery and not yet delivered, in
 * route order (shared/route-order.ts); N is this order's place among them, null when it is
 * not among them.
 */
export function stopNumber(
  orderId: string,
  outForDelivery: { id: string; startsAt: Date; postcode: string }[],
): { number: number; of: number } | null {
  const route = routeOrder(outForDelivery);
  const index = route.findIndex((s) => s.id === orderId);
  return index < 0 ? null : { number: index + 1, of: route.length };
}

const MINUTE = 60_000;

/**
 * When stop N is expected: from now (or the window's start, if later) plus the stops ahead at
 * MINUTES_PER_STOP each, rounded down to 5 minutes, for EXPECTED_WINDOW_MINUTES; then moved
 * inside the booked delivery window, never outside it (a late van shows the window's end, a
 * window shorter than 30 minutes is shown whole).
 */
export function expectedWindow(
  window: { startsAt: Date; endsAt: Date },
  stop: { number: number },
  now: Date,
): { from: Date; to: Date } {
  const start = window.startsAt.getTime();
  const end = window.endsAt.getTime();
  const span = Math.min(EXPECTED_WINDOW_MINUTES * MINUTE, end - start);
  const five = 5 * MINUTE;
  let from = Math.max(start, now.getTime()) + (stop.number - 1) * MINUTES_PER_STOP * MINUTE;
  from = Math.floor(from / five) * five;
  from = Math.min(Math.max(from, start), end - span);
  return { from: new Date(from), to: new Date(from + span) };
}

const rank: Record<OrderStatus, number> = {
  pending: 0,
  'pending payment': 0,
  collected: 1,
  cleaning: 2,
  ready: 3,
  'out for delivery': 4,
  delivered: 5,
  cancelled: -1,
};

/** The latest time the order moved into `status`, or null. */
export function lastMove(facts: TrackingFacts, status: OrderStatus): Date | null {
  const times = facts.events.filter((e) => e.toStatus === status).map((e) => e.at.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

function lastStop(facts: TrackingFacts, outcome: 'collected' | 'delivered') {
  return [...facts.stops]
    .filter((s) => s.outcome === outcome)
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
}

export type Draft = Omit<TrackingStep, 'state' | 'at' | 'when'> & {
  at: Date | null;
  reached: boolean;
};

export const draft = (
  key: StepKey,
  title: string,
  reached: boolean,
  at: Date | null,
  lines: string[] = [],
  extra: Partial<Pick<Draft, 'link' | 'photoUrl'>> = {},
): Draft => ({
  key,
  title,
  reached,
  at: reached ? at : null,
  lines,
  link: extra.link ?? null,
  photoUrl: extra.photoUrl ?? null,
});

/** The order's timeline, step by step, as the tracking page and `GET /api/track/:token` show it. */
export function buildTracking(facts: TrackingFacts, now: Date): TrackingView {
  const cancelled = facts.status === 'cancelled';
  const cancelledAt = lastMove(facts, 'cancelled');
  // A cancelled order reached what happened before it was cancelled.
  const reachedRank = cancelled
    ? Math.max(0, ...facts.events.map((e) => rank[e.toStatus as OrderStatus] ?? 0))
    : rank[facts.status];
  const reached = (status: OrderStatus) => reachedRank >= rank[status];

  const collected = lastStop(facts, 'collected');
  const delivered = lastStop(facts, 'delivered');
  const intakeDone = facts.intakeReportedAt !== null;
  const out = facts.status === 'out for delivery';

  const steps: Draft[] = [
    draft(
      'booked',
      'Booked',
      true,
      facts.createdAt,
      [
        `Collection: ${londonSlot(facts.pickup.startsAt, facts.pickup.endsAt)}`,
        `Delivery: ${londonSlot(facts.delivery.startsAt, facts.delivery.endsAt)}`,
      ],
      facts.changeCollectionUrl && !cancelled
        ? { link: { label: 'Change the collection time', href: facts.changeCollectionUrl } }
        : {},
    ),
    draft(
      'collected',
      'Collected',
      reached('collected') || collected !== undefined,
      collected?.at ?? lastMove(facts, 'collected'),
      collected?.bags
        ? [`${collected.bags} ${collected.bags === 1 ? 'bag' : 'bags'} collected by our driver`]
        : ['Our driver has your items'],
    ),
    draft(
      'intake',
      'Checked in at our workshop',
      intakeDone,
      facts.intakeReportedAt,
      intakeDone
        ? [
            `${facts.garmentCount} ${facts.garmentCount === 1 ? 'garment' : 'garments'} tagged and photographed`,
            ...(facts.registered ? [] : ['The intake report was e-mailed to you.']),
          ]
        : ['Every garment tagged and photographed; you get the report'],
      intakeDone && facts.registered
        ? { link: { label: 'See the intake report in your account', href: '/account' } }
        : {},
    ),
    draft('cleaning', 'Cleaning', reached('cleaning'), lastMove(facts, 'cleaning')),
    draft('ready', 'Ready', reached('ready'), lastMove(facts, 'ready'), [
      'Cleaned, checked and packed',
    ]),
    draft(
      'out-for-delivery',
      'Out for delivery',
      reached('out for delivery'),
      lastMove(facts, 'out for delivery'),
      out && facts.stop
        ? (() => {
            const w = expectedWindow(facts.delivery, facts.stop, now);
            // The day is named when it is not today (issue 31).
            return [`You are stop ${facts.stop.number}, ${expectedBetween(w, now)}`];
          })()
        : [`Delivery window: ${londonSlot(facts.delivery.startsAt, facts.delivery.endsAt)}`],
      facts.changeDeliveryUrl && !cancelled && !out
        ? { link: { label: 'Change the delivery time', href: facts.changeDeliveryUrl } }
        : {},
    ),
    draft(
      'delivered',
      'Delivered',
      reached('delivered') || delivered !== undefined,
      delivered?.at ?? lastMove(facts, 'delivered'),
      delivered?.leftWith ? [`Left: ${delivered.leftWith}`] : ['Back at your door, clean'],
      {
        photoUrl:
          reached('delivered') || delivered
            ? (delivered?.photoUrl ?? facts.deliveryPhotoUrl ?? null)
            : null,
      },
    ),
  ];

  // "Nobody home" happened at a time: it sits after the step it interrupted.
  for (const miss of facts.stops.filter((s) => s.outcome === 'not-home')) {
    const before = miss.leg === 'collection' ? 'collected' : 'delivered';
    const index = steps.findIndex((s) => s.key === before);
    steps.splice(
      index,
      0,
      draft(
        'not-home',
        `Nobody home at ${miss.leg}`,
        true,
        miss.at,
        [
          `Our driver called at ${hhmm(miss.at)} and could not ${miss.leg === 'collection' ? 'collect' : 'deliver'}.`,
        ],
        facts.rescheduleUrl
          ? { link: { label: 'Choose a new slot', href: facts.rescheduleUrl } }
          : {},
      ),
    );
  }

  // A moved window happened at a time: it sits after "Booked", before the first step reached
  // after it (or not reached yet), so the steps reached stay in the order they happened.
  const moves = [...(facts.moves ?? [])].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const move of moves) {
    let index = steps.findIndex(
      (s, i) => i > 0 && (!s.reached || (s.at !== null && s.at > move.at)),
    );
    // After anything reached before it that sits further on (a missed delivery follows the
    // delivery's step to come): the move that answers a "nobody home" comes after it.
    for (let j = steps.length - 1; index >= 0 && j >= index; j--) {
      const s = steps[j]!;
      if (s.reached && s.at !== null && s.at <= move.at) {
        index = j + 1;
        break;
      }
    }
    const where = move.endsAt
      ? londonSlot(move.startsAt, move.endsAt)
      : `${dt(move.startsAt).toFormat('ccc d LLL')}, ${hhmm(move.startsAt)}`;
    steps.splice(
      index < 0 ? steps.length : index,
      0,
      draft(
        'moved',
        `${move.leg === 'collection' ? 'Collection' : 'Delivery'} moved to ${where}`,
        true,
        move.at,
      ),
    );
  }

  // An order cleaned without an intake report (taken in before intake existed) skips it.
  let shown = steps.filter((s) => s.key !== 'intake' || intakeDone || !reached('cleaning'));
  if (cancelled) {
    shown = shown.filter((s) => s.reached);
    shown.push(draft('cancelled', 'Cancelled', true, cancelledAt, ['This order is cancelled.']));
  }
  return presentSteps(facts, shown, { cancelled, live: out });
}

/** The steps as the page shows them: the latest reached is the current one. */
export function presentSteps(
  facts: Pick<TrackingFacts, 'orderNumber' | 'customerName' | 'postcode' | 'status'>,
  shown: Draft[],
  flags: { cancelled: boolean; live: boolean },
): TrackingView {
  const { cancelled } = flags;
  // The current step is the latest reached: a window moved after it (a new time chosen after
  // "nobody home", or a change before the collection) is where the order stands now, so the
  // headline never shows an older step (issue 31, walkthrough 8).
  const current = shown.reduce((last, s, i) => (s.reached ? i : last), 0);
  return {
    order_no: facts.orderNumber,
    first_name: firstName(facts.customerName),
    postcode_district: district(facts.postcode),
    status: facts.status,
    cancelled,
    live: flags.live,
    steps: shown.map((s, i) => ({
      key: s.key,
      title: s.title,
      state: i === current ? 'current' : s.reached ? 'done' : 'to-come',
      at: s.at ? s.at.toISOString() : null,
      when: s.at ? londonMoment(s.at) : null,
      lines: s.lines,
      link: s.link,
      photoUrl: s.photoUrl,
    })),
  };
}
