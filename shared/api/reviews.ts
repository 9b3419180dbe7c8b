import { z } from 'zod';
import { replyInput, reviewInput } from '../review-input';
import { recordId, text } from '../text';
import { endpoint, failures, instant, ok } from './contract';

/*
 * Reviews of delivered orders (issue 18, docs/decisions/038). The customer reviews an order
 * with their session or with `t`, the signed token of the delivered e-mail's link; anyone
 * reads the published reviews; staff read them all and reply once. There is deliberately no
 * endpoint to edit or remove a review.
 */

const byOrder = z.object({ id: z.uuid({ error: 'We could not find that order.' }) });

export const publicReview = z
  .object({
    id: z.number().int(),
    rating: z.number().int().min(1).max(5),
    body: text(),
    name: text().meta({
      description: 'First name and initial of the surname',
      examples: ['Sarah K.'],
    }),
    created_at: instant,
    reply: text().nullable().meta({ description: 'The shop’s reply, shown under the review' }),
  })
  .meta({ id: 'Review' });

export const reviewsApi = {
  submitReview: endpoint({
    method: 'POST',
    path: '/api/account/orders/:id/review',
    operationId: 'submitReview',
    tag: 'Accounts',
    summary: 'Rates a delivered order 1 to 5 with an optional review; one per order',
    description:
      'By the order’s customer (session) or the holder of the delivered e-mail’s link (`t`). 404 for another customer’s order or a link that is not good; 409 before delivery and for a second review.',
    auth: ['bearer', 'cookie'],
    params: byOrder,
    query: z.object({
      t: text()
        .max(200)
        .optional()
        .meta({ description: 'The signed token of the delivered e-mail’s link (no login needed)' }),
    }),
    body: reviewInput,
    replies: {
      200: z.object({ status: ok, message: text(), review: publicReview }),
      ...failures(401, 404, 409, 422),
    },
  }),
  listReviews: endpoint({
    method: 'GET',
    path: '/api/reviews',
    operationId: 'listReviews',
    tag: 'Catalogue',
    summary: 'The published reviews: their average and count, and the latest with words',
    replies: {
      200: z.object({
        status: ok,
        average: text()
          .nullable()
          .meta({ description: 'One decimal, null without reviews', examples: ['4.7'] }),
        count: z.number().int(),
        reviews: z.array(publicReview),
      }),
    },
  }),
};

export const adminReviewsApi = {
  staffReviews: endpoint({
    method: 'GET',
    path: '/api/admin/reviews',
    operationId: 'adminListReviews',
    tag: 'Back office',
    summary: 'Every review, newest first, with its order and reply',
    auth: ['staff'],
    replies: {
      200: z.object({
        status: ok,
        reviews: z.array(
          publicReview.extend({
            order_id: z.uuid(),
            order_no: text(),
            replied_at: instant.nullable(),
            replied_by: text().nullable(),
          }),
        ),
      }),
      ...failures(401, 403),
    },
  }),
  replyToReview: endpoint({
    method: 'POST',
    path: '/api/admin/reviews/:id/reply',
    operationId: 'adminReplyToReview',
    tag: 'Back office',
    summary: 'Replies under a review, once; reviews themselves cannot be edited or removed',
    auth: ['staff'],
    params: z.object({ id: recordId() }),
    body: replyInput,
    replies: {
      200: z.object({ status: ok, message: text() }),
      ...failures(401, 403, 404, 409, 422),
    },
  }),
};
