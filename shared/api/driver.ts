import { z } from 'zod';
import { isoDate, text } from '../text';
import { endpoint, failures, instant, ok } from './contract';

/*
 * The driver's view (issue 16, docs/decisions/026): the day's stops in route order and the
 * actions at a stop. Roles owner, staff and driver (a driver can reach nothing else). Every
 * action carries an `idempotency_key` the phone made when the driver opened it: the same key
 * again returns the first result and writes nothing more.
 */

const staff = ['staff'] as const;
const byOrder = z.object({ id: z.uuid({ error: 'We could not find that order.' }) });
const key = text({ error: 'Please send an idempotency key.' })
  .trim()
  .min(8, 'Please send an idempotency key.')
  .max(100, 'Please send an idempotency key of at most 100 characters.')
  .meta({ description: 'A UUID made on the phone when the driver opened the action' });
const photoId = z
  .uuid({ error: 'Please take the photo again.' })
  .nullable()
  .optional()
  .meta({ description: 'A photo uploaded for this order (POST /api/admin/orders/:id/photos)' });
const stopVersion = text()
  .max(64, 'Please send the stop’s version as the list gave it.')
  .optional()
  .meta({
    description:
      'The stop’s `version` the phone showed when the driver acted (issue 33): 409 `stop-changed` when the office changed the stop since',
  });
const note = text().trim().max(500, 'Please keep the note under 500 characters.').default('');

export const driverStop = z
  .object({
    stop_no: z.number().int().meta({ description: 'Its place in the route, from 1' }),
    version: text().meta({
      description:
        'Changes when the office changes what the driver is shown (who, where, when, notes, phone, cancelled); send it back with an action as `stop_version` (issue 33)',
    }),
    order_id: z.uuid(),
    order_no: text(),
    order_status: text(),
    leg: z.enum(['collection', 'delivery']),
    window: text().meta({ examples: ['09:00–10:00'] }),
    starts_at: instant,
    customer_name: text(),
    phone_number: text(),
    door: text().meta({
      description:
        'Door or flat as the customer typed it; empty when the address line already says it (issue 31)',
    }),
    address: text().meta({ description: 'The address on one line, postcode last' }),
    first_line: text().meta({
      description: 'The address line the driver names the stop by',
      examples: ['3 Randolph Avenue'],
    }),
    postcode: text(),
    notes: text().meta({ description: 'The order’s notes' }),
    access_notes: text().meta({
      description: 'How to get in and hand over, as the customer entered it (issue 18)',
    }),
    care: z.array(text()).meta({
      description: 'The customer’s garment care preferences in words (issue 18)',
      examples: [['Shirts on hangers', 'No plastic covers']],
    }),
    collect: z
      .object({
        items: z.array(z.object({ name: text(), quantity: z.number().int() })),
        not_sure: z.boolean(),
      })
      .nullable()
      .meta({ description: 'Collection: what the customer said they are sending' }),
    deliver: z
      .object({ items: z.number().int(), bags: z.number().int().nullable() })
      .nullable()
      .meta({ description: 'Delivery: pieces on the order, bags counted at collection' }),
    state: z.enum(['to-do', 'collected', 'not-home', 'delivered']),
    state_label: text().meta({ examples: ['Collected, 2 bags'] }),
    done_at: instant.nullable(),
    later_day: z.boolean().meta({
      description:
        'The window starts on a later London day than today: no action applies yet (issue 31)',
    }),
    card_not_saved: z.boolean().meta({
      description:
        'A collection whose checkout stopped before a card was saved (pending payment, issue 31)',
    }),
    actions: z.array(z.enum(['collect', 'not-home', 'deliver'])).meta({
      description: 'The actions that apply to the stop now',
    }),
    call_url: text().meta({ examples: ['tel:07700900123'] }),
    navigate_url: text(),
  })
  .meta({ id: 'DriverStop' });

const actionReply = z.object({
  status: ok,
  message: text(),
  event_id: z.number().int(),
  replayed: z.boolean().meta({ description: 'True when this key had already been recorded' }),
  stop: driverStop,
});

export const driverApi = {
  stops: endpoint({
    method: 'GET',
    path: '/api/admin/driver/stops',
    operationId: 'driverStops',
    tag: 'Back office',
    summary: 'The day’s collections and deliveries in route order (slot, then postcode)',
    auth: staff,
    query: z.object({
      date: isoDate('Choose a date as YYYY-MM-DD.')
        .optional()
        .meta({ description: 'London date; today by default' }),
    }),
    replies: {
      200: z.object({ status: ok, date: text(), day: text(), stops: z.array(driverStop) }),
      ...failures(401, 403, 422),
    },
  }),
  collect: endpoint({
    method: 'POST',
    path: '/api/admin/driver/stops/:id/collect',
    operationId: 'collectStop',
    tag: 'Back office',
    summary: 'Collected: bags, seal or tag numbers, a note and a photo; the order is collected',
    description:
      '409 when the stop was already done, when its window starts on a later London day than today, when the key was used for another action, or `stop-changed` when the office changed the stop since the phone loaded it.',
    auth: staff,
    params: byOrder,
    body: z.object({
      idempotency_key: key,
      stop_version: stopVersion,
      bags: z
        .number({ error: 'Please enter the number of bags (1 to 30).' })
        .int('Please enter the number of bags (1 to 30).')
        .min(1, 'Please enter the number of bags (1 to 30).')
        .max(30, 'Please enter the number of bags (1 to 30).'),
      seal_numbers: z
        .array(text().trim().min(1).max(40, 'A tag or seal number is at most 40 characters.'))
        .max(60, 'At most 60 tag or seal numbers.')
        .default([]),
      note,
      photo_id: photoId,
    }),
    replies: { 200: actionReply, ...failures(401, 403, 404, 409, 422) },
  }),
  notHome: endpoint({
    method: 'POST',
    path: '/api/admin/driver/stops/:id/not-home',
    operationId: 'stopNotHome',
    tag: 'Back office',
    summary: 'Nobody home: the customer is e-mailed a link to choose a new window',
    auth: staff,
    params: byOrder,
    body: z.object({
      idempotency_key: key,
      stop_version: stopVersion,
      leg: z.enum(['collection', 'delivery'], { error: 'Choose collection or delivery.' }),
    }),
    replies: { 200: actionReply, ...failures(401, 403, 404, 409, 422) },
  }),
  deliver: endpoint({
    method: 'POST',
    path: '/api/admin/driver/stops/:id/deliver',
    operationId: 'deliverStop',
    tag: 'Back office',
    summary: 'Delivered: where it was left or with whom, a proof photo; the order is delivered',
    auth: staff,
    params: byOrder,
    body: z.object({
      idempotency_key: key,
      stop_version: stopVersion,
      left_with: text({ error: 'Please say where it was left or with whom.' })
        .trim()
        .min(1, 'Please say where it was left or with whom.')
        .max(120, 'Please keep it under 120 characters.'),
      note,
      photo_id: photoId,
    }),
    replies: { 200: actionReply, ...failures(401, 403, 404, 409, 422) },
  }),
  startDeliveries: endpoint({
    method: 'POST',
    path: '/api/admin/driver/start-deliveries',
    operationId: 'startDeliveries',
    tag: 'Back office',
    summary: 'The day’s ready deliveries go out for delivery (a retry moves nothing more)',
    description: '409 for a later London day than today: deliveries start on their day only.',
    auth: staff,
    body: z.object({ date: isoDate('Choose a date as YYYY-MM-DD.') }),
    replies: {
      200: z.object({ status: ok, message: text(), started: z.array(text()) }),
      ...failures(401, 403, 409, 422),
    },
  }),
};
