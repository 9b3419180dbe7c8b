import { lazy, Suspense, useEffect, useState } from 'react';
import type { Brand } from '@shared/brand';
import { bookingFormTouched, useBookingFormTouched } from './booking-form-touched';

// Its own chunk: the pop-up is not part of what a page needs to show and hydrate.
const PromoPopup = lazy(() => import('./promo-popup').then((m) => ({ default: m.PromoPopup })));

/**
 * The promo pop-up (spec 2: on every load), opened a few seconds after the page has loaded
 * and the browser is idle: the visitor sees the page first (the pop-up no longer covers it on
 * arrival), and it is neither in the page's first scripts nor its largest paint. Before that,
 * and on the server, nothing is rendered (as before: the pop-up never was in the HTML).
 *
 * Issue 31: it never opens once the visitor has focused, typed in or tapped the booking form
 * (a modal takes the focus, so it would swallow their next keystroke): checked again the
 * moment before it opens, so a field focused before hydration counts too.
 */
export function DeferredPromo({ brand }: { brand: Brand }) {
  const idle = usePageIdle();
  const touched = useBookingFormTouched();
  if (!idle || touched) return null;
  return (
    <Suspense fallback={null}>
      <PromoPopup brand={brand} mayOpen={() => !bookingFormTouched()} />
    </Suspense>
  );
}

/** After the page's load event, an idle moment and then this long, the pop-up opens. */
export const PROMO_DELAY_MS = 3000;

/** True once the document has loaded, the browser has been idle, and PROMO_DELAY_MS passed. */
function usePageIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(later, { timeout: 2000 });
        cancel = () => cancelIdleCallback(id);
      } else later();
    };
    const later = () => {
      const id = setTimeout(() => setIdle(true), PROMO_DELAY_MS);
      cancel = () => clearTimeout(id);
    };
    if (document.readyState === 'complete') whenIdle();
    else {
      window.addEventListener('load', whenIdle, { once: true });
      cancel = () => window.removeEventListener('load', whenIdle);
    }
    return () => cancel();
  }, []);
  return idle;
}
