import { z } from 'zod';
import { REPLY_MAX, REVIEW_BODY_MAX, reviewMessages } from './reviews';
import { text } from './text';

/*
 * The review forms' schemas (issue 18, docs/decisions/038), apart from the rules in
 * reviews.ts that the home page reads, so that zod stays out of the home page's scripts.
 */

/** A review as the customer sends it (the API's body, the review page's form). */
export const reviewInput = z.object({
  rating: z.coerce
    .number({ error: reviewMessages.rating })
    .int(reviewMessages.rating)
    .min(1, reviewMessages.rating)
    .max(5, reviewMessages.rating),
  body: text({ error: reviewMessages.body })
    .trim()
    .max(REVIEW_BODY_MAX, reviewMessages.body)
    .default(''),
});

export const replyInput = z.object({
  reply: text({ error: reviewMessages.reply })
    .trim()
    .min(1, reviewMessages.reply)
    .max(REPLY_MAX, reviewMessages.reply),
});
