import { useSyncExternalStore } from 'react';

const STANDALONE = '(display-mode: standalone)';

/** Whether the page runs in the installed app: display-mode standalone, or iOS's home screen. */
function installed(): boolean {
  const ios = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios || (typeof matchMedia === 'function' && matchMedia(STANDALONE).matches);
}

function subscribe(changed: () => void) {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(STANDALONE);
  query.addEventListener?.('change', changed);
  return () => query.removeEventListener?.('change', changed);
}

/**
 * Issue 33: true once JavaScript runs the page inside the installed app (the home-screen app
 * opens the site in display-mode standalone), false in the server's HTML, during hydration and
 * in a browser tab. The checkout shows the app's first-order offer and sends `source: 'app'`
 * only then.
 */
export function useInstalledApp(): boolean {
  return useSyncExternalStore(subscribe, installed, () => false);
}
