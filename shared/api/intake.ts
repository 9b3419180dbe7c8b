import { z } from 'zod';
import { MAX_UNIT_PRICE_PENCE, poundsField } from '../money';
import { recordId, text } from '../text';
import { endpoint, failures, instant, money, ok } from './contract';

/*
 * Intake at the shop (issue 16, decision 027): staff record each garment of a collected order
 * with its tag, the price-list item it is cleaned as, what it looks like, damage already
 * present and what was in its pockets. The order's invoice lines are made from its garments.
 */

const staff = ['staff'] as const;
const byOrder = z.object({ id: z.uuid({ error: 'We could not find that order.' }) });
const byGarment = byOrder.extend({
  garmentId: recordId('We could not find that garment on this order.'),
});

const note = (label: string, max: number) =>
  text({ error: `${label}: enter text.` })
    .trim()
    .max(max, `${label}: at most ${max} characters.`)
    .default('');

export const garmentInput = z.object({
  tag_number: text({ error: 'Enter the tag number.' })
    .trim()
    .toUpperCase()
    .regex(
      /^[A-Z0-9][A-Z0-9-]{0,23}$/,
      'Use letters, digits and hyphens for the tag, like 100042-01 (at most 24).',
    )
    .optional()
    .meta({
      description: 'Omitted on recording: the next free tag of the order ("{order no}-NN")',
    }),
  service_id: recordId('Choose the item from the price list.'),
  unit_price: poundsField('Enter the agreed price like 12.50.', MAX_UNIT_PRICE_PENCE)
    .optional()
    .meta({ description: 'Only for an item priced on request (0.00 on the price list)' }),
  colour: note('Colour', 60),
  brand: note('Brand', 60),
  treatment: note('Treatment', 200),
  damage_note: note('Damage', 1000),
  pocket_note: note('Pockets', 1000),
  garment_id: z
    .uuid({ error: 'Choose one of the customer’s earlier garments.' })
    .nullable()
    .optional()
    .meta({
      description:
        'Links it to the same garment from an earlier order of the same customer (422 for another customer’s). Without it, a tag an earlier order of the customer used links automatically.',
    }),
});

const photo = z.object({ id: z.uuid(), kind: z.enum(['garment', 'damage']), url: text() });

export const orderGarment = z
  .object({
    id: z.number().int(),
    garment_id: z.uuid(),
    tag_number: text(),
    service_id: z.number().int().nullable(),
    item_name: text(),
    price: money,
    colour: text(),
    brand: text(),
    treatment: text(),
    damage_note: text(),
    pocket_note: text(),
    recorded_at: instant,
    earlier_visits: z.number().int().meta({ description: 'Earlier orders this garment was on' }),
    photos: z.array(photo).meta({ description: 'Signed, expiring URLs' }),
  })
  .meta({ id: 'OrderGarment' });

export const earlierGarment = z
  .object({
    garment_id: z.uuid(),
    tag_number: text().meta({ description: 'The tag it had last time' }),
    item_name: text(),
    colour: text(),
    brand: text(),
    last_seen: instant,
    thumbnail: text().nullable(),
    visits: z.array(
      z.object({
        order_no: text(),
        tag_number: text(),
        treatment: text(),
        damage_note: text(),
        at: instant,
      }),
    ),
  })
  .meta({ id: 'EarlierGarment' });

const saved = z.object({
  status: ok,
  message: text(),
  order_no: text(),
  total: money,
  minimum_applied: z.boolean(),
  awaiting_approval: z.boolean(),
});

export const intakeApi = {
  garments: endpoint({
    method: 'GET',
    path: '/api/admin/orders/:id/garments',
    operationId: 'listOrderGarments',
    tag: 'Back office',
    summary:
      'An order’s intake: its garments with their photos, the next free tag, the customer’s earlier garments',
    auth: staff,
    params: byOrder,
    replies: {
      200: z.object({
        status: ok,
        order_no: text(),
        open: z
          .boolean()
          .meta({ description: 'Intake is open: the order is collected or cleaning' }),
        suggested_tag: text(),
        garments: z.array(orderGarment),
        earlier: z.array(earlierGarment),
      }),
      ...failures(401, 403, 404),
    },
  }),
  recordGarment: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/garments',
    operationId: 'recordGarment',
    tag: 'Back office',
    summary: 'Records a garment at intake; the order’s items are rewritten from its garments',
    description:
      'Name and current price of the item are copied onto the garment. 409 for a tag already on the order, or an order not collected or cleaning; 422 for bad input or another customer’s garment. Above the customer’s cap the new total goes to them for approval.',
    auth: staff,
    params: byOrder,
    body: garmentInput,
    replies: {
      201: saved.extend({ garment: orderGarment, linked: z.boolean() }),
      ...failures(401, 403, 404, 409, 422),
    },
  }),
  editGarment: endpoint({
    method: 'PUT',
    path: '/api/admin/orders/:id/garments/:garmentId',
    operationId: 'editGarment',
    tag: 'Back office',
    summary: 'Corrects a recorded garment; the order’s items follow',
    auth: staff,
    params: byGarment,
    body: garmentInput
      .extend({
        tag_number: text({ error: 'Enter the tag number.' })
          .trim()
          .toUpperCase()
          .regex(
            /^[A-Z0-9][A-Z0-9-]{0,23}$/,
            'Use letters, digits and hyphens for the tag, like 100042-01 (at most 24).',
          ),
      })
      .omit({ garment_id: true }),
    replies: {
      200: saved.extend({ garment: orderGarment }),
      ...failures(401, 403, 404, 409, 422),
    },
  }),
  removeGarment: endpoint({
    method: 'DELETE',
    path: '/api/admin/orders/:id/garments/:garmentId',
    operationId: 'removeGarment',
    tag: 'Back office',
    summary: 'Removes a garment recorded by mistake (with its photos); the order’s items follow',
    auth: staff,
    params: byGarment,
    replies: { 200: saved, ...failures(401, 403, 404, 409, 422) },
  }),
  findTag: endpoint({
    method: 'GET',
    path: '/api/admin/tags/:tag',
    operationId: 'findTag',
    tag: 'Back office',
    summary: 'The garment a scanned or typed tag is on (the newest use of the tag)',
    auth: staff,
    params: z.object({
      tag: text().trim().min(1, 'Enter a tag number.').max(64, 'That is not a tag number.'),
    }),
    replies: {
      200: z.object({
        status: ok,
        order_id: z.uuid(),
        order_no: text(),
        order_garment_id: z.number().int(),
        tag_number: text(),
        item_name: text(),
        path: text().meta({
          description: 'The back office page of the garment',
          examples: ['/admin/orders/…#garment-12'],
        }),
      }),
      ...failures(401, 403, 404),
    },
  }),
};
