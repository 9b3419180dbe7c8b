/**
 * Where an order's tracking page lives (issue 16): /track/{token}, the order's random
 * tracking token, never its id. Every e-mail, the account and the driver's messages link here.
 */
export function trackingPath(trackingToken: string): string {
  return `/track/${encodeURIComponent(trackingToken)}`;
}

/**
 * Where the tracking page's "change the time" leads (issue 31): a page that asks for the
 * e-mailed change link (or sign-in). The tracking link itself never carries a signed change
 * link or the order id, so it is safe to forward.
 */
export function trackingChangePath(trackingToken: string, leg: 'collection' | 'delivery'): string {
  return `${trackingPath(trackingToken)}/change?leg=${leg}`;
}
