import { z } from 'zod';
import { isoDate, text } from '../../text';
import { orderEstimate } from '../checkout';
import { endpoint, failures, money, ok, orderRefunds } from '../contract';
import { orderText } from '../texts';
import { message, session } from './common';

/*
 * The logged-in customer's orders and address book, cancelling an order and moving its
 * collection or delivery to another window.
 */

export const customerOrder = z
  .object({
    id: z.uuid(),
    order_id: z.uuid(),
    order_no: text().meta({ examples: ['LD-100001'] }),
    order_date: text().meta({ description: 'dd/mm/yyyy in London', examples: ['23/11/2026'] }),
    customer_name: text(),
    customer_phone: text(),
    shipping_address: text().meta({ description: 'Multi-line address' }),
    status: text(),
    channel: z.enum(['online', 'counter']).meta({
      description:
        'counter: a ticket handed in at a branch (decision 049): pickup_display is when it was handed in, delivery_display when it is promised ready',
    }),
    pickup_display: text(),
    delivery_display: text(),
    payment_method: text(),
    subtotal: money,
    discount: money,
    total: money,
    amount_due: money,
    ...orderRefunds,
    invoiced: z.boolean(),
    can_cancel: z.boolean(),
    can_change: z.object({ collection: z.boolean(), delivery: z.boolean() }).meta({
      description:
        'Issue 18: whether the collection or the delivery may still be moved (up to 2 hours before it, while it has not happened): POST /api/account/orders/{id}/reschedule',
    }),
    tracking_path: text().meta({ description: 'The order’s tracking page, /track/{token}' }),
    awaiting_approval: z
      .object({ id: z.uuid(), amount: money, cap: money, asked: z.boolean() })
      .nullable()
      .meta({
        description:
          'The total is above the cap the customer set: answer it with /api/approvals/{id} (issue 15)',
      }),
    items: z.array(
      z.object({ item_name: text(), quantity: z.number().int(), price: money, line_total: money }),
    ),
    documents: z
      .array(
        z.object({
          kind: z.enum(['invoice', 'receipt', 'credit-note', 'ticket']),
          number: text().meta({ examples: ['INV-000012', 'receipt', 'CN-000003', 'ticket'] }),
          title: text().meta({ examples: ['VAT invoice INV-000012, 24/11/2026'] }),
          url: text().meta({
            description: "The PDF, for the order's customer (session cookie or bearer token)",
            examples: ['/account/orders/4b0c…/documents/INV-000012'],
          }),
        }),
      )
      .meta({
        description:
          "Issue 15: the VAT invoice, the receipt and any credit notes; a counter ticket's 80 mm receipt (issue 32)",
      }),
    estimate: orderEstimate.nullable(),
    texts: z.array(orderText).meta({
      description:
        'Issue 17: the texts about the order (SMS, WhatsApp) and the customer’s replies, oldest first',
    }),
  })
  .meta({ id: 'CustomerOrder' });

export const customerWithOrders = z
  .object({
    name: text(),
    email: text(),
    phone_number: text(),
    /** A new e-mail address waiting for its confirmation link. */
    pending_email: text().nullable(),
    orders: z.array(customerOrder),
    addresses: z.array(
      z.object({
        id: z.uuid(),
        full_address: text().meta({ description: 'Multi-line address' }),
        postcode: text(),
        address_type: text(),
      }),
    ),
  })
  .meta({ id: 'CustomerWithOrders' });

/** Issue 18: which leg of the order moves, and to which window (London date and start). */
export const rescheduleSchema = z.object({
  leg: z.enum(['collection', 'delivery'], {
    error: 'Please say which to change: collection or delivery.',
  }),
  date: isoDate('Please choose a new window.'),
  time: text({ error: 'Please choose a new window.' }).regex(
    /^([01]\d|2[0-3]):[0-5]\d$/,
    'Please choose a new window.',
  ),
});

export const customerOrdersApi = {
  orders: endpoint({
    method: 'GET',
    path: '/api/orders',
    operationId: 'getCustomerOrders',
    tag: 'Accounts',
    summary: 'The logged-in customer with their orders and address book',
    auth: session,
    replies: { 200: z.object({ status: ok, customer: customerWithOrders }), ...failures(401) },
  }),
  cancelOrder: endpoint({
    method: 'POST',
    path: '/api/orders/:id/cancel',
    operationId: 'cancelOrder',
    tag: 'Accounts',
    summary: 'Cancels an order up to 2 hours before its collection (the terms’ rule)',
    auth: session,
    params: z.object({ id: z.uuid({ error: 'We could not find that order.' }) }),
    replies: { 200: message, ...failures(400, 401, 404, 409) },
  }),
  rescheduleOrder: endpoint({
    method: 'POST',
    path: '/api/account/orders/:id/reschedule',
    operationId: 'rescheduleOrder',
    tag: 'Accounts',
    summary:
      'Moves the collection or the delivery to another window, up to 2 hours before it starts (the terms’ rule)',
    description:
      'The new place is taken and the old one freed in one transaction, the database deciding capacity, so a window is never overbooked. A collection moved too close to the delivery moves the delivery to the first window after the turnaround (`delivery_moved`). 404: not this customer’s order. 409: within 2 hours of the window or that leg has happened; the window is not offered; or `That slot is now full.` (choose another). Confirmed by e-mail.',
    auth: session,
    params: z.object({ id: z.uuid({ error: 'We could not find that order.' }) }),
    body: rescheduleSchema,
    replies: {
      200: message.extend({
        order_no: text(),
        leg: z.enum(['collection', 'delivery']),
        window: text().meta({ examples: ['Wed 25 Nov 2026, 11:00–12:00'] }),
        collection: text(),
        delivery: text(),
        delivery_moved: z.boolean(),
      }),
      ...failures(401, 404, 409, 422),
    },
  }),
};
