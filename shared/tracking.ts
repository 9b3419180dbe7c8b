/**
 * Where an order's tracking page lives (issue 16): /track/{token}, the order's random
 * tracking token, never its id. Every e-mail, the account and the driver's messages link here.
 */
export function trackingPath(trackingToken: string): string {
  return `/track/${encodeURIComponent(trackingToken)}`;
}
