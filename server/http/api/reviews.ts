import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { reviewMessages } from '@shared/reviews';
import { getCurrentCustomer } from '../../auth/current-customer';
import type { AppServices } from '../../services';
import { reviewRowView, reviewView } from '../../use-cases/reviews/present-reviews';
import {
  publicReviews,
  replyToReview,
  staffReviews,
  submitReview,
} from '../../use-cases/reviews/reviews';
import { route } from '../contract-routes';
import { credentialsOf, staffGuard, staffOf } from '../identity';

/** Reviews of delivered orders (issue 18, decision 038): write once, read, reply once. */
export function reviewsRoutes(app: FastifyInstance, services: AppServices) {
  const e = api.reviews;
  const b = api.adminReviews;
  const staffOnly = { preHandler: staffGuard(services) };

  route(
    app,
    e.submitReview,
    { invalidMessage: 'Please check your review.' },
    async ({ params, query, body }, request) => {
      const customer = await getCurrentCustomer(services, credentialsOf(request));
      const { review } = await submitReview(services, {
        orderId: params.id,
        token: query.t ?? null,
        customerId: customer?.id ?? null,
        ...body,
      });
      return { status: true, message: reviewMessages.thanks, review: reviewRowView(review) };
    },
  );

  route(app, e.listReviews, {}, async () => {
    const published = await publicReviews(services.content, 20);
    return {
      status: true,
      average: published.average,
      count: published.count,
      reviews: published.latest.map(reviewView),
    };
  });

  route(app, b.staffReviews, staffOnly, async () => ({
    status: true,
    reviews: (await staffReviews(services)).map((r) => ({
      ...reviewRowView(r.review),
      order_id: r.review.orderId,
      order_no: r.orderNo,
      replied_at: r.review.repliedAt?.toISOString() ?? null,
      replied_by: r.repliedBy,
    })),
  }));

  route(
    app,
    b.replyToReview,
    { ...staffOnly, invalidMessage: 'Please check your reply.' },
    async ({ params, body }, request) => {
      await replyToReview(services, {
        actor: staffOf(request),
        reviewId: params.id,
        reply: body.reply,
      });
      return { status: true, message: 'Reply published under the review.' };
    },
  );
}
