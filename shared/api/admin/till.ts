import { z } from 'zod';
import { recordId, text } from '../../text';
import { endpoint, failures, instant, money, ok } from '../contract';
import { staffOnly } from './common';

/*
 * The counter's till (issue 32, decision 051): a day per branch opened with a float at the
 * session's counter branch, cash paid in and out with a reason, closed with the cash counted;
 * its day-end (Z) report. Money in requests is integer pence; replies show it as '12.50'.
 * Owner (every branch) and staff (their branches); a driver reaches none of it.
 */

/** The most a till holds or moves at once (£10,000): more is a mistyped amount. */
export const MAX_TILL_PENCE = 1_000_000;

const pence = (error: string, min: number) =>
  z.number({ error }).int({ error }).min(min, { error }).max(MAX_TILL_PENCE, { error });

export const tillOpenInput = z.object({
  float_pence: pence('Enter the opening float in pence, from 0 to 1000000.', 0),
});

export const tillCashInput = z.object({
  kind: z.enum(['paid-in', 'paid-out'], { error: 'Choose paid in or paid out.' }),
  pence: pence('Enter the amount in pence, from 1 to 1000000.', 1),
  reason: text()
    .trim()
    .min(1, 'Say why the cash is paid in or out.')
    .max(200, 'Keep the reason to 200 characters.'),
});

export const tillCloseInput = z.object({
  counted_pence: pence('Enter the cash counted in pence, from 0 to 1000000.', 0),
  note: text().trim().max(500, 'Keep the note to 500 characters.').default(''),
});

const dayParams = z.object({ id: recordId() });

export const tillDay = z
  .object({
    id: z.number().int(),
    branch: text(),
    day: text().meta({ description: 'The London date, YYYY-MM-DD' }),
    opened_by: text(),
    opened_at: instant,
    float: money,
    closed_by: text().nullable(),
    closed_at: instant.nullable(),
    takings: z.object({ cash: money, card: money, total: money }),
    refunds: money,
    paid_in: money,
    paid_out: money,
    vat: money.meta({ description: 'VAT of the invoices of the orders sold that day' }),
    tickets_in: z.number().int().meta({ description: 'Tickets raised at the branch that day' }),
    tickets_out: z.number().int().meta({ description: 'Tickets handed over there that day' }),
    expected_cash: money.meta({
      description: 'Float + cash sales − cash refunds + paid in − paid out',
    }),
    counted_cash: money.nullable(),
    difference: money.nullable().meta({ description: 'Counted − expected; negative: short' }),
    note: text(),
    entries: z.array(
      z.object({
        id: z.number().int(),
        at: instant,
        kind: z.enum(['sale', 'refund', 'paid-in', 'paid-out']),
        method: z.enum(['cash', 'card']),
        amount: money.meta({ description: 'Signed: money into the till is positive' }),
        by: text(),
        order_id: z.uuid().nullable(),
        order_no: text().nullable(),
        reason: text().nullable(),
      }),
    ),
  })
  .meta({ id: 'TillDay' });

export const tillDaySummary = z.object({
  id: z.number().int(),
  branch: text(),
  day: text(),
  closed: z.boolean(),
  difference: money.nullable(),
});

export const adminTillApi = {
  tillOverview: endpoint({
    method: 'GET',
    path: '/api/admin/counter/till',
    operationId: 'tillOverview',
    tag: 'Back office',
    summary:
      'The session’s branch’s open till with its running takings, and the recent days of the branches the member works in (the owner: all)',
    auth: staffOnly,
    replies: {
      200: z.object({
        status: ok,
        current: tillDay.nullable(),
        days: z.array(tillDaySummary),
        /** Card money that settled while no day was open: the next day opened takes it. */
        waiting: z.object({ entries: z.number().int(), total: money }),
      }),
      ...failures(401, 403),
    },
  }),
  tillOpen: endpoint({
    method: 'POST',
    path: '/api/admin/counter/till',
    operationId: 'tillOpen',
    tag: 'Back office',
    summary:
      'Opens today’s till at the session’s counter branch with a float (one open per branch)',
    auth: staffOnly,
    body: tillOpenInput,
    replies: {
      200: z.object({ status: ok, message: text(), day: tillDay }),
      ...failures(401, 403, 409, 422),
    },
  }),
  tillDay: endpoint({
    method: 'GET',
    path: '/api/admin/counter/till/days/:id',
    operationId: 'tillDay',
    tag: 'Back office',
    summary: 'A till day and its day-end (Z) report',
    auth: staffOnly,
    params: dayParams,
    replies: { 200: z.object({ status: ok, day: tillDay }), ...failures(401, 403, 404) },
  }),
  tillCash: endpoint({
    method: 'POST',
    path: '/api/admin/counter/till/days/:id/cash',
    operationId: 'tillCash',
    tag: 'Back office',
    summary: 'Cash paid into or out of an open till, with a reason (a closed day: 409 day-closed)',
    auth: staffOnly,
    params: dayParams,
    body: tillCashInput,
    replies: {
      200: z.object({ status: ok, message: text(), day: tillDay }),
      ...failures(401, 403, 404, 409, 422),
    },
  }),
  tillClose: endpoint({
    method: 'POST',
    path: '/api/admin/counter/till/days/:id/close',
    operationId: 'tillClose',
    tag: 'Back office',
    summary:
      'Closes a till day with the cash counted; the difference against the cash expected is recorded and the day frozen',
    auth: staffOnly,
    params: dayParams,
    body: tillCloseInput,
    replies: {
      200: z.object({ status: ok, message: text(), day: tillDay }),
      ...failures(401, 403, 404, 409, 422),
    },
  }),
};
