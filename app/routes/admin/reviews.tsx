import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { stars } from '@shared/reviews';
import { LONDON_ZONE } from '@shared/london-zone';
import { FeedbackBanner, useAdminAction } from '~/features/admin/ui';
import { requireStaffPage } from '~/features/admin/guard.server';
import { staffReviews } from '~/server/reviews.server';
import type { Route } from './+types/reviews';

/*
 * The customers' reviews (issue 18, decision 038): newest first, each with its order. Staff
 * may reply once, under the review on the site; a review cannot be edited or removed.
 */

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, { request, url });
  const rows = await staffReviews(services);
  return {
    reviews: rows.map((r) => ({
      id: r.review.id,
      orderId: r.review.orderId,
      orderNo: r.orderNo,
      rating: r.review.rating,
      body: r.review.body,
      name: r.review.displayName,
      date: r.review.createdAt.toLocaleDateString('en-GB', { timeZone: LONDON_ZONE }),
      reply: r.review.reply,
      repliedBy: r.repliedBy,
    })),
  };
}

function ReplyForm({ id }: { id: number }) {
  const { run, busy, feedback } = useAdminAction();
  const [reply, setReply] = useState('');
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void run(routes.adminReviews.replyToReview, { params: { id }, body: { reply } });
      }}
    >
      <FeedbackBanner feedback={feedback} />
      <label htmlFor={`reply-${id}`} className="field-label">
        Reply (shown under the review on the site; cannot be changed)
      </label>
      <textarea
        id={`reply-${id}`}
        className="field-input"
        rows={2}
        value={reply}
        onChange={(event) => setReply(event.target.value)}
      />
      <button type="submit" className="btn-primary py-2" disabled={busy}>
        Publish reply
      </button>
    </form>
  );
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { reviews } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Reviews</h1>
      {reviews.length === 0 ? (
        <p className="card p-4 text-slate-600">No reviews yet.</p>
      ) : (
        <ul className="space-y-3">
          {reviews.map((r) => (
            <li key={r.id} className="card p-4" data-testid="admin-review">
              <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
                <span className="text-amber-800" aria-label={`${r.rating} out of 5 stars`}>
                  {stars(r.rating)}
                </span>
                <span className="font-semibold text-slate-900">{r.name}</span>
                <a href={`/admin/orders/${r.orderId}`} className="text-brand underline">
                  {r.orderNo}
                </a>
                <span>{r.date}</span>
              </p>
              {r.body ? <blockquote className="mt-2 text-slate-800">“{r.body}”</blockquote> : null}
              {r.reply ? (
                <p className="mt-3 border-l-4 border-brand/40 pl-3 text-sm text-slate-700">
                  <span className="font-semibold">
                    Reply{r.repliedBy ? ` by ${r.repliedBy}` : ''}:{' '}
                  </span>
                  {r.reply}
                </p>
              ) : (
                <ReplyForm id={r.id} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
