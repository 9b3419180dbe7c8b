import { z } from 'zod';
import { text } from '../text';
import { endpoint, failures } from './contract';

/*
 * "Download my data" (issue 18, docs/decisions/038): everything held about the logged-in
 * customer as one JSON attachment. Never a password hash, token or code; never anyone else's.
 */
export const accountDataApi = {
  downloadMyData: endpoint({
    method: 'GET',
    path: '/api/account/data',
    operationId: 'downloadMyData',
    tag: 'Accounts',
    summary: 'Everything held about the logged-in customer, as a JSON download',
    description:
      'Profile and message choices, addresses, garment care, orders with items, history, payments, approvals, garments, messages and cases, texts, credit, reviews, repeat collections, referrals, sessions. Sent with `Content-Disposition: attachment`.',
    auth: ['bearer', 'cookie'],
    replies: { 200: z.record(text(), z.unknown()), ...failures(401) },
  }),
};
