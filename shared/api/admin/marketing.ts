import { z } from 'zod';
import { text } from '../../text';
import { endpoint, failures } from '../contract';
import { message, staffOnly } from './common';

/*
 * Marketing texts to customers who consented (issue 17, owner only).
 */

/** A marketing text's words (issue 17): the brand and "Reply STOP to opt out" are added. */
export const marketingTextInput = z.object({
  body: text()
    .trim()
    .min(1, { error: 'Please write the text.' })
    .max(250, { error: 'Please keep the text to 250 characters.' }),
});

export const adminMarketingApi = {
  sendMarketingText: endpoint({
    method: 'POST',
    path: '/api/admin/marketing/texts',
    operationId: 'sendMarketingText',
    tag: 'Back office',
    summary:
      'Queues a marketing text to every customer who consented, with the opt-out (owner only)',
    auth: staffOnly,
    body: marketingTextInput,
    replies: {
      200: message.extend({ queued: z.number().int(), suppressed: z.number().int() }),
      ...failures(401, 403, 422),
    },
  }),
};
