/*
 * What the review pages may ask of the server (issue 18, decision 038): the review page by
 * session or signed link, the reviews the site shows, and the back office's list and reply.
 * Pages reach the server only through facades like this one (decision 019).
 */
export {
  publicReviews,
  replyToReview,
  reviewPage,
  staffReviews,
  submitReview,
  type PublicReviews,
} from '@server/use-cases/reviews/reviews';
export { reviewView } from '@server/use-cases/reviews/present-reviews';
