import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/*
 * Offline, said plainly (issue 33, decision 059).
 * - A page read from the copy kept on the device says "as of 14:05, offline": the service
 *   worker puts that banner into a kept page it serves whole (app/service-worker/sw.ts), and
 *   for a client navigation it sends a message, shown here.
 * - A form sent while the device is offline is stopped before anything is pretended: the
 *   booking, a change or a payment says it cannot be done offline and nothing was sent.
 *   Forms that keep their work for later (the driver's round) carry `data-offline-queue`.
 */

/** The worker's banner (offline-copies.ts OFFLINE_BANNER_ID), for this component to replace. */
const WORKER_BANNER_ID = 'offline-copy-banner';

type Copy = { path: string; label: string };

export function OfflineStatus() {
  const { pathname } = useLocation();
  const [copy, setCopy] = useState<Copy | null>(null);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    // The worker's own banner, when the page itself came from the copy: taken over here.
    const banner = document.getElementById(WORKER_BANNER_ID);
    const path = banner?.getAttribute('data-path');
    const label = banner?.getAttribute('data-label');
    if (banner && path && label) {
      banner.remove();
      setCopy({ path, label });
    }
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; path?: string; label?: string } | null;
      if (data?.type === 'offline-copy' && data.path && data.label) {
        setCopy({ path: data.path, label: data.label });
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      // The back office keeps its own offline work (the driver's round queues its actions).
      if (navigator.onLine || window.location.pathname.startsWith('/admin')) return;
      const form = event.target as HTMLFormElement | null;
      if (!form || form.closest('[data-offline-queue]')) return;
      // Before React's own listener: nothing is sent, nothing shows as done.
      event.preventDefault();
      event.stopImmediatePropagation();
      setRefused(true);
    };
    const onOnline = () => setRefused(false);
    window.addEventListener('submit', onSubmit, true);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('submit', onSubmit, true);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  const shown = copy && copy.path === pathname ? copy : null;
  return (
    <>
      {shown ? (
        <div
          role="status"
          className="sticky top-0 z-[60] border-b border-amber-400 bg-amber-100 px-4 pt-[calc(env(safe-area-inset-top)+0.5rem)] pb-2 text-center text-sm font-semibold text-amber-900"
        >
          {shown.label.charAt(0).toUpperCase() + shown.label.slice(1)}:{' '}
          <span className="font-normal">
            this is the copy kept on this device; it may have changed since.
          </span>
        </div>
      ) : null}
      {refused ? (
        <div
          role="alert"
          className="fixed inset-x-3 bottom-[calc(env(safe-area-inset-bottom)+5rem)] z-[70] mx-auto max-w-md rounded-xl bg-slate-900 p-4 text-sm text-white shadow-lg"
        >
          <p className="font-semibold">You are offline: nothing was sent.</p>
          <p className="mt-1">
            Bookings and changes cannot be made offline. Nothing was booked or changed: send it
            again when your phone is back online.
          </p>
          <button
            type="button"
            onClick={() => setRefused(false)}
            className="mt-3 rounded-md bg-white px-3 py-1.5 font-semibold text-slate-900"
          >
            OK
          </button>
        </div>
      ) : null}
    </>
  );
}
