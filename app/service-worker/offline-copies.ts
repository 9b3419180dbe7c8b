// Relative, not '@shared/…': the worker is bundled on its own (scripts/build-service-worker.ts).
import { LONDON_ZONE } from '../../shared/london-zone';

/**
 * What the service worker keeps for reading offline, and how such a copy is marked (issue 33,
 * decision 059). Pure: no worker globals, so the unit tests run it as it is.
 *
 * Only a signed-in customer's own order pages are kept: the orders list, an order's page, its
 * documents, and the tracking pages (a tracking link is the order's); and the driver's round. Prices, slots, the
 * booking form and the API are never answered from a copy: a page that is not one of these is
 * the network's, or an "offline" page that says so.
 */

/** The page a request is for: a client navigation's `/x.data` is `/x`, `/_.data` is `/`. */
export function pagePathOf(pathname: string): string {
  if (!pathname.endsWith('.data')) return pathname;
  const page = pathname.slice(0, -'.data'.length);
  if (page === '/_root' || page === '/_') return '/';
  return page.endsWith('/_') ? page.slice(0, -2) : page;
}

const readableOffline = [
  /^\/account\/orders$/,
  /^\/account\/orders\/[^/]+$/,
  /^\/account\/orders\/[^/]+\/documents\/[^/]+$/,
  /^\/track\/[^/]+$/,
  // The driver's round as last opened (issue 33's driver part keeps its data on the phone).
  /^\/admin\/driver$/,
];

/** Whether a GET of this path may be kept for reading offline (page, data or document). */
export function isReadableOffline(pathname: string): boolean {
  const page = pagePathOf(pathname);
  return readableOffline.some((pattern) => pattern.test(page));
}

/** How many copies are kept, and for how long: "seen recently". */
export const OFFLINE_COPIES_MAX = 60;
export const OFFLINE_COPIES_MAX_AGE_SECONDS = 14 * 24 * 3600;

/** The header a kept copy carries: when it was fetched (ISO 8601). */
export const COPY_TIME_HEADER = 'x-offline-copy-at';

const signInOrOut =
  /^\/(?:api\/(?:admin\/)?(?:login|logout|signup|register)|login|signup|account\/delete|admin\/login)(?:\.data)?$/;

/**
 * Whether a request signs someone in or out (or deletes the account): the kept copies are
 * thrown away before it is sent, so that the next person on the phone never reads them.
 * `body` is the form's text, for the account page's Logout (intent=logout).
 */
export function changesWhoIsSignedIn(method: string, pathname: string, body: string): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  if (signInOrOut.test(pathname)) return true;
  if (pathname === '/account' || pathname === '/account.data') {
    return new URLSearchParams(body).get('intent') === 'logout';
  }
  return false;
}

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const day = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** "as of 14:05, offline" (London time); a copy from another day names its day. */
export function offlineLabel(at: Date, now: Date): string {
  const sameDay = day.format(at) === day.format(now);
  return `as of ${sameDay ? '' : `${day.format(at)}, `}${clock.format(at)}, offline`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The id of the banner put into a kept page (app/components/site/offline-status.tsx). */
export const OFFLINE_BANNER_ID = 'offline-copy-banner';

/**
 * A kept page's HTML with the offline banner as the first thing in <body>. It is an element
 * of its own name (<offline-copy>): when React DOM 19 hydrates <body>, it passes over an
 * element of a tag it did not render there (a <div> would be taken for its own, a mismatch).
 * The banner shows before then; app/components/site/offline-status.tsx takes it over.
 */
export function withOfflineBanner(html: string, label: string, path: string): string {
  const banner =
    `<offline-copy id="${OFFLINE_BANNER_ID}" role="status" data-path="${escapeHtml(path)}" ` +
    `data-label="${escapeHtml(label)}" ` +
    `style="display:block;position:sticky;top:0;z-index:60;background:#fef3c7;color:#78350f;` +
    `padding:calc(env(safe-area-inset-top) + 8px) 16px 8px;font:600 14px/1.4 system-ui,sans-serif;` +
    `text-align:center;border-bottom:1px solid #f59e0b">` +
    `${escapeHtml(label.charAt(0).toUpperCase() + label.slice(1))}: ` +
    `<span style="font-weight:400">this is the copy kept on this device; it may have changed since.</span></offline-copy>`;
  const body = /<body[^>]*>/i.exec(html);
  if (!body) return banner + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + banner + html.slice(at);
}

/** The page for a page that needs the network, or a form sent without it. */
export function offlinePageHtml(kind: 'page' | 'form', brandColour = '#0f4c5c'): string {
  const [title, text] =
    kind === 'form'
      ? [
          'You are offline: nothing was sent',
          'Bookings and changes cannot be made offline. Nothing was booked or changed: go back and send it again when your phone is back online.',
        ]
      : [
          'You are offline',
          'This page needs a connection: prices and collection slots are always shown live. Your orders and tracking pages you opened recently can still be read offline.',
        ];
  return (
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">` +
    `<title>${title}</title></head>` +
    `<body style="margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a">` +
    `<main role="alert" style="max-width:36rem;margin:0 auto;padding:calc(env(safe-area-inset-top) + 48px) 24px 48px">` +
    `<h1 style="font-size:1.5rem;color:${escapeHtml(brandColour)}">${title}</h1><p>${text}</p>` +
    `<p><a href="/account/orders" style="color:${escapeHtml(brandColour)};font-weight:600">My orders</a></p>` +
    `</main></body></html>`
  );
}
