import { useEffect, useState, type ComponentType } from 'react';

/**
 * The offline marking and the offline form guard (offline-status.tsx), loaded after the page
 * has hydrated, in their own chunk: they matter only once a service worker exists, and no
 * public page's first load carries them (tests/e2e/page-weight.spec.ts). Rendered as nothing
 * on the server and at hydration, so nothing differs.
 */
export function OfflineStatusLater() {
  const [Status, setStatus] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let live = true;
    void import('./offline-status').then((module) => {
      if (live) setStatus(() => module.OfflineStatus);
    });
    return () => {
      live = false;
    };
  }, []);
  return Status ? <Status /> : null;
}
