import { REVIEW_LINK_TTL_MS } from '@shared/reviews';
import type { AppServices } from '../services';

/*
 * The signed "rate your order" link of the delivered e-mail (issue 18, docs/decisions/038):
 * the signer of decision 014 with the purpose 'review' and the order's id as subject, for
 * REVIEW_LINK_TTL_MS after delivery. It lets its holder review that one order, nothing else.
 */

/** The review page of a delivered order with its token: what the delivered e-mail links to. */
export function reviewPath(
  services: Pick<AppServices, 'links'>,
  order: { id: string },
  deliveredAt: Date,
): string {
  const token = services.links.sign(
    'review',
    order.id,
    new Date(deliveredAt.getTime() + REVIEW_LINK_TTL_MS),
  );
  return `/review/${order.id}?${new URLSearchParams({ t: token })}`;
}

/** Whether a token lets its holder review this order now. */
export function reviewTokenValid(
  services: Pick<AppServices, 'links'>,
  orderId: string,
  token: string | null | undefined,
  now: Date,
): boolean {
  const given = token?.slice(0, 200);
  return Boolean(given && services.links.verify('review', orderId, given, now));
}
