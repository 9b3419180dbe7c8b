/**
 * The conversion event of spec section 9 (value 30.0 GBP), pushed into `window.dataLayer`
 * where a real analytics tag (Google Tag Manager or similar) can read it. Each order fires
 * once: a reload or a second visit of the result page does not count it again.
 */
export const CONVERSION_VALUE = 30.0;

type DataLayerEvent = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

export function trackConversionOnce(orderId: string): boolean {
  const key = `conversion_sent_${orderId}`;
  try {
    if (localStorage.getItem(key)) return false;
    localStorage.setItem(key, new Date().toISOString());
  } catch {
    // without storage we cannot remember; sending once per page load is the best we can do
  }
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({
    event: 'conversion',
    transaction_id: orderId,
    value: CONVERSION_VALUE,
    currency: 'GBP',
  });
  return true;
}
