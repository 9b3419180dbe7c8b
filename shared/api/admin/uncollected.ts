import { z } from 'zod';
import { text } from '../../text';
import { endpoint, failures, instant, money, ok } from '../contract';
import { byId, staffOnly } from './common';

/*
 * Uncollected counter tickets (issue 32, decision 054): ready and not handed over, with the
 * days since ready and the reminders sent (30, 60, 80 days; the last notice at 90). The owner
 * (every branch) and staff (their branches) read the list; the owner alone decides, after the
 * last notice, to keep or donate: audited, nothing deleted. A driver reaches none of it.
 */

export const uncollectedDecisionInput = z.object({
  decision: z.enum(['keep', 'donate'], { error: 'Choose keep or donate.' }),
});

export const uncollectedTicket = z
  .object({
    id: z.uuid(),
    order_no: text(),
    customer: text(),
    phone: text(),
    branch: text(),
    rack: text().nullable(),
    ready_at: instant,
    days: z.number().int().meta({ description: 'London days since ready' }),
    amount_due: money,
    total: money,
    reminders: z.array(
      z.object({
        days: z.number().int(),
        sent_at: instant,
        text: text().meta({
          description: 'queued, suppressed, duplicate or none (no text channel)',
        }),
        emailed: z.boolean(),
      }),
    ),
    awaiting_decision: z.boolean().meta({
      description: 'The 90-day last notice went and the owner has not decided yet',
    }),
    decision: z.enum(['keep', 'donate']).nullable(),
    decided_at: instant.nullable(),
    decided_by: text().nullable(),
  })
  .meta({ id: 'UncollectedTicket' });

export const adminUncollectedApi = {
  uncollectedTickets: endpoint({
    method: 'GET',
    path: '/api/admin/counter/uncollected',
    operationId: 'uncollectedTickets',
    tag: 'Back office',
    summary:
      'Counter tickets ready and not handed over, longest waiting first, with the reminders sent (owner: every branch; staff: theirs)',
    auth: staffOnly,
    replies: {
      200: z.object({ status: ok, can_decide: z.boolean(), tickets: z.array(uncollectedTicket) }),
      ...failures(401, 403),
    },
  }),
  decideUncollected: endpoint({
    method: 'POST',
    path: '/api/admin/counter/tickets/:id/uncollected',
    operationId: 'decideUncollected',
    tag: 'Back office',
    summary:
      'The owner keeps or donates a ticket left uncollected, once its 90-day last notice was sent (audited; nothing is deleted)',
    auth: staffOnly,
    params: byId,
    body: uncollectedDecisionInput,
    replies: {
      200: z.object({ status: ok, message: text() }),
      ...failures(401, 403, 404, 409, 422),
    },
  }),
};
