import { lazy, Suspense, useEffect, useState } from 'react';
import type { Brand } from '@shared/brand';

// Its own chunk: the pop-up is not part of what a page needs to show and hydrate.
const PromoPopup = lazy(() => import('./promo-popup').then((m) => ({ default: m.PromoPopup })));

/**
 * The promo pop-up (spec 2: on every load), opened once the page has loaded and the browser
 * is idle, so it neither delays the page's own first paint nor becomes its largest paint.
 * Before that, and on the server, nothing is rendered (as before: the pop-up never was in the
 * server's HTML).
 */
export function DeferredPromo({ brand }: { brand: Brand }) {
  const idle = usePageIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <PromoPopup brand={brand} />
    </Suspense>
  );
}

/** True once the document has loaded and the browser has had an idle moment after it. */
function usePageIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(() => setIdle(true), 200);
        cancel = () => clearTimeout(id);
      }
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
