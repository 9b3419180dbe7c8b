import { z } from 'zod';
import { COUNTER_SPEEDS } from '../../counter-speed';
import { MAX_UNIT_PRICE_PENCE } from '../../money';
import { orderStatuses } from '../../order-status';
import { text } from '../../text';
import { fields } from '../../validation';
import { endpoint, failures, instant, money, ok } from '../contract';
import { byId, staffOnly } from './common';

/*
 * The counter (issue 32, decision 049): walk-in customers found or created, tickets raised at
 * the session's branch and paid in cash or at collection, marked ready with their rack and
 * collected (decision 050). Owner and staff; a driver reaches
 * none of it. Money in requests is integer pence (what the till counts); replies show it as
 * '12.50'. A ticket's receipt is a PDF at the page route its `receipt_url` names.
 */

/** Most pieces of one item on a ticket; more is a mistyped quantity. */
export const MAX_TICKET_QUANTITY = 99;
/** The most cash a till takes for one ticket (£5,000). */
export const MAX_TENDERED_PENCE = 500_000;

const pence = (error: string, max: number) =>
  z.number({ error }).int({ error }).min(0, { error }).max(max, { error });

export const counterCustomer = z
  .object({
    id: z.uuid(),
    name: text(),
    email: text(),
    phone_number: text(),
    account: z.boolean().meta({ description: 'An online account (signed up with a password)' }),
  })
  .meta({ id: 'CounterCustomer' });

const ticketLine = z.object({
  service_id: z.number({ error: 'Choose an item from the price list.' }).int().positive(),
  quantity: z
    .number({ error: `Enter a quantity from 1 to ${MAX_TICKET_QUANTITY}.` })
    .int({ error: `Enter a quantity from 1 to ${MAX_TICKET_QUANTITY}.` })
    .min(1, { error: `Enter a quantity from 1 to ${MAX_TICKET_QUANTITY}.` })
    .max(MAX_TICKET_QUANTITY, { error: `Enter a quantity from 1 to ${MAX_TICKET_QUANTITY}.` }),
  unit_price_pence: pence('Enter the price agreed, in pence.', MAX_UNIT_PRICE_PENCE)
    .optional()
    .meta({ description: 'Call-for-price items only: the price agreed at the counter' }),
  note: text().trim().max(200, 'Keep a note to 200 characters.').default(''),
});

/** Part of the total taken now (decision 053), the rest due at collection. */
const depositPence = z
  .number({ error: 'Enter the deposit in pence.' })
  .int({ error: 'Enter the deposit in pence.' })
  .min(1, { error: 'Enter the deposit in pence.' })
  .max(MAX_TENDERED_PENCE, { error: 'Enter the deposit in pence.' })
  .optional()
  .meta({ description: 'A deposit: part of the total now, the rest due at collection' });

export const ticketInput = z.object({
  customer_id: z.uuid({ error: 'Find or add the customer first.' }),
  lines: z.array(ticketLine).min(1, 'Add at least one item to the ticket.').max(60),
  promised_ready_at: instant.optional().meta({
    description: 'When staff promise it; the speed’s over the branch’s hours when absent',
  }),
  speed: z
    .enum(COUNTER_SPEEDS, { error: 'Choose standard, express or same day.' })
    .default('standard')
    .meta({
      description:
        'Express (next working day) and same day (handed in by the cut-off, ready by closing) where the branch offers them, at its surcharge, added as a line',
    }),
  payment: z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('cash'),
        tendered_pence: pence('Enter the cash tendered, in pence.', MAX_TENDERED_PENCE),
        deposit_pence: depositPence,
      }),
      z.object({ kind: z.literal('card'), deposit_pence: depositPence }),
      z.object({ kind: z.literal('at-collection') }),
    ],
    { error: 'Choose cash, card or pay at collection.' },
  ),
});

export const counterTicket = z
  .object({
    id: z.uuid(),
    order_no: text(),
    branch: text(),
    customer_name: text(),
    promised_ready_at: instant,
    status: z.enum(orderStatuses),
    rack: text()
      .nullable()
      .meta({ description: 'Where the garments hang once ready (rack or conveyor position)' }),
    ready_at: instant.nullable(),
    collected_at: instant
      .nullable()
      .meta({ description: 'When the last of its lines was handed over' }),
    items: z.array(
      z.object({
        id: z.number().int().meta({ description: 'The line’s id, to hand over part' }),
        handed_over: z.boolean(),
        garment: z.boolean().meta({
          description:
            'A garment to hand over; false: the speed’s surcharge, which goes with the last garment',
        }),
        name: text(),
        quantity: z.number().int(),
        unit_price: money,
        line_total: money,
        note: text(),
      }),
    ),
    total: money,
    paid: money,
    due: money,
    payment: z.enum(['cash', 'card', 'at-collection']),
    speed: z.enum(COUNTER_SPEEDS),
    tendered: money.nullable(),
    change: money.nullable(),
    invoice_number: text().nullable(),
    receipt_url: text(),
    customer_account: z.boolean().meta({
      description: 'The customer has an online account: their credit or saved card may pay',
    }),
    cash_refundable: money.meta({
      description:
        'What was paid in cash on the ticket and not refunded: the most a cash refund gives',
    }),
    handovers: z.array(
      z.object({
        at: instant,
        by: text(),
        branch: text().meta({ description: 'The branch it was collected at' }),
        paid: money,
        tendered: money.nullable(),
        change: money.nullable(),
        unpaid_reason: text().nullable(),
      }),
    ),
  })
  .meta({ id: 'CounterTicket' });

/** A card payment on the counter's reader (decision 053), as the screen polls it. */
export const counterCardPayment = z
  .object({
    id: z.number().int(),
    ticket_id: z.uuid(),
    amount: money,
    status: z.enum(['waiting', 'succeeded', 'failed', 'canceled']),
    message: text().meta({ description: 'What the screen says: waiting, paid, or the decline' }),
    reader_id: text(),
    card: text().nullable().meta({ description: 'The card’s brand and last four, once paid' }),
    simulated: z
      .boolean()
      .meta({ description: 'TEST MODE or a Stripe test key: test cards can be presented' }),
  })
  .meta({ id: 'CounterCardPayment' });

/** The longest rack or conveyor position ("B12", "Conveyor 2 / 148"). */
export const MAX_RACK_LENGTH = 20;

export const readyInput = z.object({
  rack: text()
    .trim()
    .min(1, 'Enter where the garments hang, e.g. B12.')
    .max(MAX_RACK_LENGTH, `Keep the rack to ${MAX_RACK_LENGTH} characters.`),
});

export const collectInput = z.object({
  line_ids: z
    .array(z.number({ error: 'Choose the lines handed over.' }).int().positive())
    .min(1, 'Choose at least one line to hand over.')
    .max(60)
    .optional()
    .meta({ description: 'The lines handed over (part); every line left when absent' }),
  payment: z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('cash'),
        tendered_pence: pence('Enter the cash tendered, in pence.', MAX_TENDERED_PENCE),
      }),
      z.object({ kind: z.literal('none') }),
    ],
    { error: 'Choose cash or nothing taken.' },
  ),
  unpaid_reason: text()
    .trim()
    .max(200, 'Keep the reason to 200 characters.')
    .optional()
    .meta({ description: 'Why money due is left unpaid (required unless the owner allows)' }),
});

export const adminCounterApi = {
  counterFind: endpoint({
    method: 'GET',
    path: '/api/admin/counter/find',
    operationId: 'counterFind',
    tag: 'Back office',
    summary: 'Customers by phone, name or e-mail, and the ticket a typed or scanned number names',
    auth: staffOnly,
    query: z.object({ q: text().max(100).default('') }),
    replies: {
      200: z.object({
        status: ok,
        customers: z.array(counterCustomer),
        ticket: z
          .object({
            id: z.uuid(),
            order_no: text(),
            channel: z
              .enum(['online', 'counter'])
              .meta({ description: 'A counter ticket opens the counter’s ticket screen' }),
          })
          .nullable(),
      }),
      ...failures(401, 403),
    },
  }),
  counterWalkIn: endpoint({
    method: 'POST',
    path: '/api/admin/counter/customers',
    operationId: 'counterWalkIn',
    tag: 'Back office',
    summary:
      'Adds a walk-in customer (name and UK mobile); when the phone or e-mail is an existing customer’s, creates nothing and lists them to choose from unless confirm_new',
    auth: staffOnly,
    body: z.object({
      name: fields.fullName,
      phone_number: fields.ukMobile,
      email: z.union([z.literal(''), fields.email]).default(''),
      notify_sms: z.boolean().default(true).meta({
        description:
          '"Text me when it is ready": the new customer’s text choice (on unless unticked; a walk-in gives a phone for this)',
      }),
      confirm_new: z.boolean().default(false),
    }),
    replies: {
      200: z.object({
        status: ok,
        customer: counterCustomer.nullable(),
        matches: z.array(counterCustomer),
      }),
      ...failures(401, 403, 422),
    },
  }),
  counterRaiseTicket: endpoint({
    method: 'POST',
    path: '/api/admin/counter/tickets',
    operationId: 'counterRaiseTicket',
    tag: 'Back office',
    summary:
      'Raises a ticket at the session’s branch, paid in cash now, by card on the branch’s reader (card_payment waits for it), in part (a deposit) or at collection',
    auth: staffOnly,
    body: ticketInput,
    replies: {
      200: z.object({
        status: ok,
        message: text(),
        ticket: counterTicket,
        card_payment: counterCardPayment
          .nullable()
          .meta({ description: 'Paying by card: the payment waiting on the reader' }),
      }),
      ...failures(401, 403, 404, 409, 422),
    },
  }),
  counterTicketReady: endpoint({
    method: 'POST',
    path: '/api/admin/counter/tickets/:id/ready',
    operationId: 'counterTicketReady',
    tag: 'Back office',
    summary:
      'Marks a ticket ready with where it hangs and tells the customer (text and e-mail): ready for collection at the branch, with the amount due',
    auth: staffOnly,
    params: byId,
    body: readyInput,
    replies: {
      200: z.object({ status: ok, message: text(), ticket: counterTicket }),
      ...failures(401, 403, 404, 409, 422),
    },
  }),
  counterCollect: endpoint({
    method: 'POST',
    path: '/api/admin/counter/tickets/:id/collect',
    operationId: 'counterCollect',
    tag: 'Back office',
    summary:
      'Hands over all or part of a ready ticket at the session’s counter, taking the balance in cash (change given) or recording why it is left unpaid; never twice',
    auth: staffOnly,
    params: byId,
    body: collectInput,
    replies: {
      200: z.object({ status: ok, message: text(), ticket: counterTicket }),
      ...failures(401, 403, 404, 409, 422),
    },
  }),
  counterTicket: endpoint({
    method: 'GET',
    path: '/api/admin/counter/tickets/:id',
    operationId: 'counterTicket',
    tag: 'Back office',
    summary: 'A counter ticket (staff of its branch and the owner)',
    auth: staffOnly,
    params: byId,
    replies: { 200: z.object({ status: ok, ticket: counterTicket }), ...failures(401, 403, 404) },
  }),
};
