import { trackingPath } from '@shared/tracking';

/**
 * The "Track your order" link every e-mail about an order carries (issue 16, decision 029):
 * the absolute URL of its tracking page. New e-mails about an order add
 * `track: trackingUrl(publicUrl, order.trackingToken)` to their `renderEmail` content.
 */
export function trackingUrl(publicUrl: string, trackingToken: string): string {
  return `${publicUrl}${trackingPath(trackingToken)}`;
}
