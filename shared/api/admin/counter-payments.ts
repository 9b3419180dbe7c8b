import { z } from 'zod';
import { recordId, text } from '../../text';
import { endpoint, failures, ok } from '../contract';
import { byId, staffOnly } from './common';
import { counterCardPayment, counterTicket, MAX_TENDERED_PENCE } from './counter';

/*
 * Money at the counter beyond cash at drop-off (issue 32, decision 053): a card on the
 * branch's Stripe Terminal reader (server-driven; TEST MODE: a simulated reader), the
 * customer's saved card or account credit, and a cash refund from the till. Owner and staff
 * of the ticket's branch; a driver reaches none of it. Requests in integer pence.
 */

const penceUpTo = (error: string) =>
  z.number({ error }).int({ error }).min(1, { error }).max(MAX_TENDERED_PENCE, { error });

export const cardStartInput = z.object({
  amount_pence: penceUpTo('Enter the amount in pence.')
    .optional()
    .meta({ description: 'Part of what is due (a deposit); all that is due when absent' }),
});

export const cashRefundInput = z.object({
  pence: penceUpTo('Enter the refund in pence, from 1.'),
  reason: text()
    .trim()
    .min(1, 'Say why the money is refunded.')
    .max(200, 'Keep the reason to 200 characters.'),
});

const cardParams = z.object({ id: recordId() });
const cardReply = z.object({
  status: ok,
  message: text(),
  card_payment: counterCardPayment,
  ticket: counterTicket,
});

export const adminCounterPaymentsApi = {
  counterCardStart: endpoint({
    method: 'POST',
    path: '/api/admin/counter/tickets/:id/card',
    operationId: 'counterCardStart',
    tag: 'Back office',
    summary:
      'Sends what is due on a ticket (or part: a deposit) to the session counter’s card reader; the reply waits for nothing: poll the card payment',
    auth: staffOnly,
    params: byId,
    body: cardStartInput,
    replies: { 200: cardReply, ...failures(401, 403, 404, 409, 422, 502) },
  }),
  counterCardPayment: endpoint({
    method: 'GET',
    path: '/api/admin/counter/card-payments/:id',
    operationId: 'counterCardPayment',
    tag: 'Back office',
    summary:
      'A card payment on the reader: waiting, paid or declined (read back from the provider while waiting, beside its webhook)',
    auth: staffOnly,
    params: cardParams,
    replies: { 200: cardReply, ...failures(401, 403, 404, 502) },
  }),
  counterCardCancel: endpoint({
    method: 'POST',
    path: '/api/admin/counter/card-payments/:id/cancel',
    operationId: 'counterCardCancel',
    tag: 'Back office',
    summary: 'Cancels the card payment on the reader (a card that went through first stays paid)',
    auth: staffOnly,
    params: cardParams,
    replies: { 200: cardReply, ...failures(401, 403, 404, 502) },
  }),
  counterCardSimulate: endpoint({
    method: 'POST',
    path: '/api/admin/counter/card-payments/:id/simulate',
    operationId: 'counterCardSimulate',
    tag: 'Back office',
    summary:
      'TEST MODE or a Stripe test key: presents a test card on the reader, approved or declined (Stripe’s test helpers)',
    auth: staffOnly,
    params: cardParams,
    body: z.object({ outcome: z.enum(['approved', 'declined'], { error: 'Choose a test card.' }) }),
    replies: { 200: cardReply, ...failures(401, 403, 404, 409, 422, 502) },
  }),
  counterAccountPayment: endpoint({
    method: 'POST',
    path: '/api/admin/counter/tickets/:id/account-payment',
    operationId: 'counterAccountPayment',
    tag: 'Back office',
    summary:
      'Pays what is due on a ticket from its customer’s online account: their account credit, or the card they saved online (charged off-session)',
    auth: staffOnly,
    params: byId,
    body: z.object({
      source: z.enum(['credit', 'saved-card'], { error: 'Choose credit or the saved card.' }),
    }),
    replies: {
      200: z.object({ status: ok, message: text(), ticket: counterTicket }),
      ...failures(401, 403, 404, 409, 422, 502),
    },
  }),
  counterCashRefund: endpoint({
    method: 'POST',
    path: '/api/admin/counter/tickets/:id/refund',
    operationId: 'counterCashRefund',
    tag: 'Back office',
    summary:
      'Refunds cash from the session counter’s open till with a reason, at most what was paid in cash on the ticket; a credit note is issued (a closed day: 409 day-closed)',
    auth: staffOnly,
    params: byId,
    body: cashRefundInput,
    replies: {
      200: z.object({ status: ok, message: text(), ticket: counterTicket }),
      ...failures(401, 403, 404, 409, 422),
    },
  }),
};
