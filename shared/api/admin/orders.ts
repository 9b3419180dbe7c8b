import { z } from 'zod';
import { MAX_ORDER_PENCE, MAX_UNIT_PRICE_PENCE, poundsField } from '../../money';
import { messageInput } from '../../order-approval';
import { orderStatuses } from '../../order-status';
import { minimumOrder } from '../../price-rules';
import { isoDate, recordId, text } from '../../text';
import { threadMessage } from '../approvals';
import { orderEstimate } from '../checkout';
import { endpoint, failures, money, ok, orderRefunds } from '../contract';
import { staffText } from '../texts';
import { byId, message, staffOnly } from './common';

/*
 * The board, the order list and one order: moving it, its items, money and the customer's thread.
 */

export const boardRow = z
  .object({
    id: z.uuid(),
    order_no: text(),
    status: text(),
    window: text().meta({ examples: ['09:00–10:00'] }),
    starts_at: text(),
    customer_name: text(),
    customer_phone: text(),
    door_number: text(),
    company_name: text(),
    full_address: text(),
    postcode: text(),
    address_lines: z.array(text()).meta({ description: 'The address as printed: one line each' }),
    notes: text(),
    amount_due: money,
    awaiting_approval: z.boolean().meta({
      description: 'The total is above the customer’s cap: they approve before the card is charged',
    }),
    question: z
      .boolean()
      .meta({ description: 'The customer’s latest message waits for an answer' }),
    repeat: z
      .boolean()
      .optional()
      .meta({ description: 'Booked by the customer’s repeat collection (issue 18)' }),
  })
  .meta({ id: 'BoardRow' });

const orderListRow = boardRow
  .extend({ pickup_display: text(), delivery_display: text(), total: money })
  .meta({ id: 'OrderListRow' });

export const adminOrder = z
  .object({
    id: z.uuid(),
    order_no: text(),
    status: text(),
    next_statuses: z.array(text()),
    can_itemise: z.boolean(),
    customer_id: z.uuid().nullable(),
    customer_name: text(),
    customer_email: text(),
    customer_phone: text(),
    notes: text(),
    access_notes: text().meta({
      description: 'How to get in, as the customer entered it (issue 18)',
    }),
    care: z.array(text()).meta({
      description: 'The customer’s garment care preferences in words (issue 18)',
    }),
    door_number: text(),
    company_name: text(),
    full_address: text(),
    postcode: text(),
    address_lines: z.array(text()).meta({ description: 'The address as printed: one line each' }),
    pickup_display: text(),
    delivery_display: text(),
    created_at: text(),
    payment_method: text().nullable(),
    payment_state: text(),
    saved_card: z.object({ brand: text().nullable(), last4: text().nullable() }).nullable(),
    invoiced_at: text().nullable(),
    estimate: orderEstimate.nullable(),
    subtotal: money,
    discount: money,
    total: money,
    paid: money,
    amount_due: money,
    ...orderRefunds,
    overpaid: money.meta({
      description: 'Paid above the total, waiting to be refunded or made credit',
    }),
    credits: z.array(z.object({ amount: money, reason: text(), at: text() })),
    price_cap: money.nullable().meta({
      description: 'Charged automatically up to this; null on orders placed before caps',
    }),
    approved: money.nullable().meta({ description: 'The most the customer approved above it' }),
    awaiting_approval: z.boolean(),
    approval: z
      .object({
        id: z.uuid(),
        amount: money,
        answer: z.enum(['approved', 'question', 'superseded']).nullable(),
        answered_via: text().nullable(),
        requested_at: text(),
        expires_at: text(),
        reminded_at: text().nullable(),
        answered_at: text().nullable(),
      })
      .nullable()
      .meta({ description: 'The latest approval request, if any' }),
    messages: z.array(threadMessage),
    texts: z.array(staffText).meta({
      description: 'Issue 17: the order’s texts and the customer’s replies, oldest first',
    }),
    items: z.array(
      z.object({
        id: z.number().int(),
        service_id: z.number().int().nullable(),
        kind: z.enum(['service', 'minimum']),
        item_name: text(),
        quantity: z.number().int(),
        price: money,
        line_total: money,
      }),
    ),
    events: z.array(z.object({ from: text().nullable(), to: text(), actor: text(), at: text() })),
    /** Issue 32: the branch that processes it, and each move between branches (audited). */
    branch: z.object({ id: z.number().int(), name: text() }).nullable(),
    branch_moves: z.array(
      z.object({ from: text().nullable(), to: text(), by: text(), at: text() }),
    ),
    payments: z.array(
      z.object({
        kind: text(),
        provider: text(),
        status: text(),
        amount: money,
        card: text().nullable(),
        message: text().nullable(),
        at: text(),
      }),
    ),
  })
  .meta({ id: 'AdminOrder' });

const settleChoice = z.enum(['refund', 'credit'], {
  error: 'Choose to refund the difference or keep it as credit.',
});

export const adminOrdersApi = {
  board: endpoint({
    method: 'GET',
    path: '/api/admin/board',
    operationId: 'getBoard',
    tag: 'Back office',
    summary: 'Counts per status, and one London day’s collections and deliveries in slot order',
    auth: staffOnly,
    query: z.object({ date: isoDate('The date must be a real day like 2026-11-23.').optional() }),
    replies: {
      200: z.object({
        status: ok,
        board: z.object({
          day: text(),
          counts: z.record(text(), z.number().int()),
          collections: z.array(boardRow),
          deliveries: z.array(boardRow),
          waiting: z.array(orderListRow).meta({
            description:
              'Orders waiting on their customer’s approval, or with a question to answer',
          }),
        }),
      }),
      ...failures(400, 401, 403),
    },
  }),
  orders: endpoint({
    method: 'GET',
    path: '/api/admin/orders',
    operationId: 'listOrders',
    tag: 'Back office',
    summary: 'Orders in a status, or found by number, postcode, name or e-mail',
    auth: staffOnly,
    query: z.object({ status: z.enum(orderStatuses).optional(), q: text().max(100).optional() }),
    replies: {
      200: z.object({ status: ok, orders: z.array(orderListRow) }),
      ...failures(400, 401, 403),
    },
  }),
  order: endpoint({
    method: 'GET',
    path: '/api/admin/orders/:id',
    operationId: 'getOrder',
    tag: 'Back office',
    summary: 'Everything staff see of one order',
    auth: staffOnly,
    params: byId,
    replies: { 200: z.object({ status: ok, order: adminOrder }), ...failures(400, 401, 403, 404) },
  }),
  moveOrder: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/status',
    operationId: 'moveOrder',
    tag: 'Back office',
    summary: 'Moves an order along the pipeline (only its allowed next statuses)',
    auth: staffOnly,
    params: byId,
    body: z.object({
      to: z.enum(orderStatuses, { error: 'Choose a valid next status.' }),
      from: text().optional(),
    }),
    replies: {
      200: message.extend({ order_no: text(), order_status: text(), emailed: z.boolean() }),
      ...failures(400, 401, 403, 404, 409, 422),
    },
  }),
  setItems: endpoint({
    method: 'PUT',
    path: '/api/admin/orders/:id/items',
    operationId: 'setOrderItems',
    tag: 'Back office',
    summary: `Lists the order’s items: totals computed on the server, the ${minimumOrder} minimum applied`,
    description:
      'When the new total is below what was paid, `settle` says what happens to the difference: refunded through the provider that took it, or kept as account credit (422 until it is given).',
    auth: staffOnly,
    params: byId,
    body: z.object({
      lines: z
        .array(
          z.object({
            service_id: recordId('Choose an item from the price list.'),
            quantity: z.coerce
              .number({ error: 'Enter a quantity.' })
              .int('Enter a whole quantity.')
              .min(1, 'Enter a quantity of at least 1.')
              .max(500, 'That quantity is too large.'),
            unit_price: poundsField('Enter a price like 12.50.', MAX_UNIT_PRICE_PENCE).optional(),
          }),
        )
        .max(200, 'Too many lines.'),
      discount: poundsField('Enter a discount like 5.00.', MAX_ORDER_PENCE).default(0),
      settle: settleChoice.optional(),
    }),
    replies: {
      200: message.extend({
        order_no: text(),
        subtotal: money,
        discount: money,
        total: money,
        amount_due: money,
        minimum_applied: z.boolean(),
        overpaid: z.boolean(),
        settlement: text().nullable(),
        awaiting_approval: z.boolean(),
      }),
      ...failures(400, 401, 403, 404, 409, 422),
    },
  }),
  settle: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/settle',
    operationId: 'settleOverpayment',
    tag: 'Back office',
    summary: 'Refunds, or keeps as account credit, what was paid above the order’s total',
    auth: staffOnly,
    params: byId,
    body: z.object({ how: settleChoice }),
    replies: { 200: message, ...failures(400, 401, 403, 404, 409, 422, 502) },
  }),
  refund: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/refund',
    operationId: 'refundOrder',
    tag: 'Back office',
    summary: 'Refunds part or all of what the customer paid, with a credit note (owner only)',
    description:
      'Through the provider that took the money, newest payment first. The order then costs that much less; each refund is documented by a credit note against the VAT invoice, e-mailed to the customer as a PDF.',
    auth: staffOnly,
    params: byId,
    body: z.object({
      amount: poundsField('Enter an amount like 12.50.', MAX_ORDER_PENCE).refine((p) => p >= 1, {
        message: 'Enter an amount of at least 0.01.',
      }),
      reason: text({ error: 'Please say why the money is refunded.' })
        .trim()
        .min(1, 'Please say why the money is refunded.')
        .max(300, 'Please keep the reason under 300 characters.'),
    }),
    replies: {
      200: message.extend({ order_no: text(), refunded: money }),
      ...failures(400, 401, 403, 404, 409, 422, 502),
    },
  }),
  invoice: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/invoice',
    operationId: 'sendInvoice',
    tag: 'Back office',
    summary: 'E-mails the itemised invoice with its payment link',
    auth: staffOnly,
    params: byId,
    replies: { 200: message.extend({ order_no: text() }), ...failures(400, 401, 403, 404, 409) },
  }),
  charge: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/charge',
    operationId: 'chargeSavedCard',
    tag: 'Back office',
    summary: 'Charges the amount due to the saved card (off-session)',
    description:
      '`status` is false when the bank declined or asked for the customer: they get the payment link by e-mail.',
    auth: staffOnly,
    params: byId,
    replies: {
      200: z.object({
        status: z.boolean(),
        charge_status: z.enum(['succeeded', 'authentication_required', 'declined']),
        message: text(),
      }),
      ...failures(400, 401, 403, 404, 409, 502),
    },
  }),
  answer: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/messages',
    operationId: 'answerCustomer',
    tag: 'Back office',
    summary: 'Answers the customer on the order’s thread: stored and e-mailed to them',
    description:
      'The e-mail carries the approval link while a request is open. 422 for an empty message or one over 2000 characters.',
    auth: staffOnly,
    params: byId,
    body: messageInput,
    replies: { 200: message, ...failures(400, 401, 403, 404, 422) },
  }),
  resendApproval: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/approval/resend',
    operationId: 'resendApprovalRequest',
    tag: 'Back office',
    summary: 'Sends the customer the approval request again, with a fresh link',
    description:
      'For an order whose total waits for approval above the cap: the open request is replaced (its link stops working) and the itemised invoice is e-mailed again with a new link. 409 when the order is not waiting for approval.',
    auth: staffOnly,
    params: byId,
    replies: { 200: message, ...failures(400, 401, 403, 404, 409) },
  }),
};
