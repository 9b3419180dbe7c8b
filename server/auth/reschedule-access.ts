import type { AppServices } from '../services';

/*
 * The signed link of a missed stop (issue 16, docs/decisions/026): after "not home" the
 * customer is e-mailed a link to choose a new window for that order's collection or delivery.
 * The token signs the order's id and the "not home" event's id with purpose 'reschedule', so it
 * works for that order and leg only; the use-case refuses it once the order has left the
 * window the event was recorded for (a new window was chosen), and it expires after 14 days.
 */

export const RESCHEDULE_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export const rescheduleAccessMessages = {
  refused:
    'This link is not valid or has expired. Please use the link in our latest e-mail, or call us.',
  used: 'A new window has already been chosen for this visit. Please call us to change it again.',
} as const;

type MissedStop = { orderId: string; eventId: number; at: Date };

const subjectOf = (stop: { orderId: string; eventId: number }) => `${stop.orderId}:${stop.eventId}`;

/** The customer's page to choose a new window, with its token: what the e-mail links to. */
export function reschedulePagePath(services: Pick<AppServices, 'links'>, stop: MissedStop) {
  const token = services.links.sign(
    'reschedule',
    subjectOf(stop),
    new Date(stop.at.getTime() + RESCHEDULE_LINK_TTL_MS),
  );
  return `/order/reschedule/${stop.orderId}?${new URLSearchParams({ stop: String(stop.eventId), t: token })}`;
}

/** Whether a token opens this order's missed stop now. */
export function rescheduleTokenValid(
  services: Pick<AppServices, 'links'>,
  stop: { orderId: string; eventId: number },
  token: string | null | undefined,
  now: Date,
): boolean {
  const given = token?.slice(0, 200);
  return Boolean(given && services.links.verify('reschedule', subjectOf(stop), given, now));
}

/*
 * The evening-before reminder's "change the time" link (issue 17, docs/decisions/031): the
 * same page, opened for the order's collection window as it was when the reminder went. The
 * token signs the order's id and that window's start (purpose 'reschedule', its own subject
 * form, so it never opens a missed stop's page); it expires when the window starts, and the
 * use-case refuses it once the collection moved or is within the cancellation notice.
 */

const legSubjectOf = (orderId: string, leg: 'collection' | 'delivery', windowMs: number) =>
  `${orderId}:${leg}:${windowMs}`;

/**
 * The link to choose another window for a leg (the collection: `c`; the delivery: `d`, issue
 * 18, decision 035), with its token: in the reminder, the confirmation e-mail and on the
 * tracking page.
 */
export function legChangePath(
  services: Pick<AppServices, 'links'>,
  order: { id: string; pickupStartsAt: Date; deliveryStartsAt: Date },
  leg: 'collection' | 'delivery',
) {
  const startsAt = leg === 'collection' ? order.pickupStartsAt : order.deliveryStartsAt;
  const windowMs = startsAt.getTime();
  const token = services.links.sign('reschedule', legSubjectOf(order.id, leg, windowMs), startsAt);
  const param = leg === 'collection' ? 'c' : 'd';
  return `/order/reschedule/${order.id}?${new URLSearchParams({ [param]: String(windowMs), t: token })}`;
}

/** The reminder's link to choose another collection window, with its token. */
export function collectionChangePath(
  services: Pick<AppServices, 'links'>,
  order: { id: string; pickupStartsAt: Date },
) {
  return legChangePath(
    services,
    { ...order, deliveryStartsAt: order.pickupStartsAt },
    'collection',
  );
}

/** Whether a change link's token opens this order's leg window `windowMs` now. */
export function legChangeTokenValid(
  services: Pick<AppServices, 'links'>,
  caller: { orderId: string; leg: 'collection' | 'delivery'; windowMs: number },
  token: string | null | undefined,
  now: Date,
): boolean {
  const given = token?.slice(0, 200);
  return Boolean(
    given &&
    services.links.verify(
      'reschedule',
      legSubjectOf(caller.orderId, caller.leg, caller.windowMs),
      given,
      now,
    ),
  );
}
