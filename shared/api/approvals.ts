import { z } from 'zod';
import { messageInput } from '../order-approval';
import { text } from '../text';
import { endpoint, failures, instant, money, ok } from './contract';

/*
 * A total above the customer's cap waits for their approval (issue 15, decision 024). The
 * e-mailed link carries a signed token for that one request (`X-Approval-Token`, the `t` of
 * the link): it works once, until the request expires or a newer one replaces it. The
 * order's customer, logged in, may answer too.
 */

const approver = ['approvalToken', 'bearer', 'cookie'] as const;
const byApproval = z.object({ id: z.uuid({ error: 'We could not find that approval request.' }) });

export const threadMessage = z
  .object({ author: z.enum(['customer', 'staff']), body: text(), at: instant })
  .meta({ id: 'OrderMessage' });

export const priceApproval = z
  .object({
    id: z.uuid(),
    order_id: z.uuid(),
    order_no: text(),
    state: z.enum(['open', 'approved', 'superseded', 'expired']).meta({
      description:
        '`open`: waiting (a question leaves it open); `approved`; `superseded` by a newer request; `expired` (the link only)',
    }),
    amount: money.meta({ description: 'The total to approve' }),
    cap: money.nullable().meta({ description: 'The limit the customer set at booking' }),
    subtotal: money,
    discount: money,
    expires_at: instant,
    answered_at: instant.nullable(),
    items: z.array(
      z.object({ item_name: text(), quantity: z.number().int(), price: money, line_total: money }),
    ),
    messages: z.array(threadMessage),
  })
  .meta({ id: 'PriceApproval' });

export const approvalsApi = {
  approval: endpoint({
    method: 'GET',
    path: '/api/approvals/:id',
    operationId: 'getPriceApproval',
    tag: 'Payments',
    summary: 'An approval request: the itemised total above the cap, and the order’s thread',
    auth: approver,
    params: byApproval,
    replies: {
      200: z.object({ status: ok, approval: priceApproval }),
      ...failures(401, 404),
    },
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/approvals/:id/approve',
    operationId: 'approvePrice',
    tag: 'Payments',
    summary: 'Approves the total: staff may then charge the saved card up to it',
    description:
      'Works once per request (409 after); 401 for a link that is not this request’s or has expired. Audited with how it was given (link or account).',
    auth: approver,
    params: byApproval,
    replies: {
      200: z.object({ status: ok, message: text(), order_no: text(), amount: money }),
      ...failures(401, 404, 409),
    },
  }),
  ask: endpoint({
    method: 'POST',
    path: '/api/approvals/:id/question',
    operationId: 'askAboutPrice',
    tag: 'Payments',
    summary: 'Asks the shop about the total: a message on the order’s thread',
    description:
      'The request stays open (the customer may approve once answered); staff answer by e-mail. 422 for an empty message or one over 2000 characters.',
    auth: approver,
    params: byApproval,
    body: messageInput,
    replies: {
      200: z.object({ status: ok, message: text(), order_no: text() }),
      ...failures(401, 404, 409, 422),
    },
  }),
};
