import { z } from 'zod';
import { text } from '../text';
import { endpoint, failures, instant, ok } from './contract';

/*
 * The customer's tracking page (issue 16, decision 029): /track/{token} and this, its API
 * twin. No login: the order's random tracking token is the key, so the reply holds nothing
 * personal beyond what the link's holder already knows (order number, first name, postcode
 * district, times; "stop N", never another customer).
 */

export const trackingStep = z
  .object({
    key: text().meta({
      description:
        'booked, moved (a window moved: "Collection moved to …"), collected, not-home, intake, cleaning, ready, out-for-delivery, delivered or cancelled',
    }),
    title: text(),
    state: z.enum(['done', 'current', 'to-come']).meta({
      description: '`current` is the latest step reached; `to-come` not reached yet',
    }),
    at: instant.nullable(),
    when: text().nullable().meta({ description: 'The time in London, "Tue 24 Nov, 09:42"' }),
    lines: z.array(text()),
    link: z.object({ label: text(), href: text() }).nullable().meta({
      description:
        'A page to go on to: the account, or `/track/{token}/change?leg=…` to ask for the e-mailed change link. Never a signed change link nor the order id: a tracking link is safe to forward.',
    }),
    photoUrl: text()
      .nullable()
      .meta({ description: 'Proof-of-delivery photo: a signed URL that expires' }),
  })
  .meta({ id: 'TrackingStep' });

export const orderTrackingView = z
  .object({
    order_no: text(),
    first_name: text(),
    postcode_district: text(),
    status: text(),
    cancelled: z.boolean(),
    live: z.boolean().meta({ description: 'Out for delivery: worth asking again in a minute' }),
    steps: z.array(trackingStep),
  })
  .meta({ id: 'OrderTracking' });

export const trackingApi = {
  track: endpoint({
    method: 'GET',
    path: '/api/track/:token',
    operationId: 'trackOrder',
    tag: 'Booking',
    summary: 'An order’s timeline by its tracking token (no login)',
    description:
      'Booked, collected (bags), nobody home, checked in (garments), cleaning, ready, out for delivery ("you are stop N, expected between …"), delivered (where, photo); cancelled. 404 for an unknown token.',
    params: z.object({ token: text() }),
    replies: {
      200: z.object({ status: ok, tracking: orderTrackingView }),
      ...failures(404),
    },
  }),
  changeLink: endpoint({
    method: 'POST',
    path: '/api/track/:token/change-link',
    operationId: 'emailChangeLink',
    tag: 'Booking',
    summary:
      'E-mails the signed link to change a collection or delivery time to the order’s address',
    description:
      'The tracking link only shows the timeline; this sends the link that changes the time to the e-mail address on the order (never named in the reply). At most 3 an hour per order (429 after). 404 for an unknown token; 409 when the leg can no longer be changed online.',
    params: z.object({ token: text() }),
    body: z.object({ leg: z.enum(['collection', 'delivery']) }),
    replies: {
      200: z.object({ status: ok, message: text() }),
      ...failures(404, 409, 422, 429),
    },
  }),
};
