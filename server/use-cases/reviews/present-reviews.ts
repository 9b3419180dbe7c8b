import type { PublicReviews, ReviewRow } from './reviews';

/** A review as the API and the pages show it. */
export function reviewView(r: PublicReviews['latest'][number]) {
  return {
    id: r.id,
    rating: r.rating,
    body: r.body,
    name: r.name,
    created_at: r.date.toISOString(),
    reply: r.reply,
  };
}

/** A stored review row in the published shape. */
export function reviewRowView(r: ReviewRow) {
  return reviewView({
    id: r.id,
    rating: r.rating,
    body: r.body,
    name: r.displayName,
    date: r.createdAt,
    reply: r.reply,
  });
}
