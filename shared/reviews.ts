/*
 * Reviews of delivered orders (issue 18, docs/decisions/038): one per order, rated 1 to 5,
 * shown on the site under the first name and the initial of the surname. Pure rules, read by
 * the contract, the review page and the use-cases. The forms' schemas are in review-input.ts,
 * so that the home page's stars do not bring zod into its scripts (issue 14's page weight).
 */

export const REVIEW_BODY_MAX = 2000;
export const REPLY_MAX = 2000;

/** How long the "rate your order" link of the delivered e-mail works. */
export const REVIEW_LINK_TTL_MS = 60 * 24 * 60 * 60 * 1000;

/** How many reviews the home page shows. */
export const HOME_REVIEWS = 3;

export const reviewMessages = {
  rating: 'Please choose a rating from 1 to 5 stars.',
  body: `Please keep your review under ${REVIEW_BODY_MAX} characters.`,
  reply: 'Please write a reply (at most 2000 characters).',
  thanks: 'Thank you for your review.',
  notFound: 'We could not find that order.',
  notDelivered: 'You can review an order once it has been delivered.',
  already: 'This order already has a review. Thank you!',
  replied: 'This review already has a reply.',
} as const;

/** "Sarah Kensington" → "Sarah K."; one name stays as it is; nothing → "A customer". */
export function reviewDisplayName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'A customer';
  const first = parts[0]!;
  if (parts.length === 1) return first;
  const initial = Array.from(parts[parts.length - 1]!)[0]!.toUpperCase();
  return `${first} ${initial}.`;
}

/** The average of ratings to one decimal ("4.7"), null without any. */
export function averageRating(ratings: readonly number[]): string | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((a, b) => a + b, 0);
  return (Math.round((sum / ratings.length) * 10) / 10).toFixed(1);
}

/** "★★★★☆" for 4. */
export function stars(rating: number): string {
  const whole = Math.max(0, Math.min(5, Math.round(rating)));
  return '★'.repeat(whole) + '☆'.repeat(5 - whole);
}
