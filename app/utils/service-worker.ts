/**
 * Registers the service worker (decision 059) with workbox-window, once the page has loaded
 * and the browser is idle: a first visit's own loading goes first, and Workbox's code comes in
 * its own chunk then (it is not in any page's initial scripts). Production builds only: the
 * development server has no sw.js.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined') return;
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    void import('workbox-window')
      .then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register())
      .catch(() => {
        // No worker (a private window that refuses it): the site works as before.
      });
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 4000 });
    else setTimeout(register, 1500);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
