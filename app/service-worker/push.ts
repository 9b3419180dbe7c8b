/**
 * The service worker's side of Web Push (issue 33; the server's side sends the payload): a
 * push shows a notification from its JSON payload {title, body, url, tag}, and a click on it
 * focuses a window of the site already on that page, or opens it (the order's tracking
 * page). The worker's globals are passed in, so the unit tests give their own.
 */

export type PushPayload = { title: string; body: string; url: string; tag?: string };

/** What the notification keeps, for its click. */
type NotificationData = { url: string };

/**
 * The payload of a push, read defensively: a push with no usable JSON still shows something
 * (a push that shows nothing costs the site its push permission in Chromium).
 */
export function readPushPayload(
  text: string | null,
  origin: string,
  siteName: string,
): PushPayload {
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  const field = (name: string) => {
    const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[name] : null;
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  };
  return {
    title: field('title') ?? siteName,
    body: field('body') ?? (text && !raw ? text : 'You have an update on your order.'),
    url: sameOriginUrl(field('url'), origin),
    ...(field('tag') ? { tag: field('tag')! } : {}),
  };
}

/** A path or URL of this site; anything else (another site, javascript:) opens the orders. */
export function sameOriginUrl(url: string | null, origin: string): string {
  if (!url) return `${origin}/account/orders`;
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin === origin) return parsed.href;
  } catch {
    // not a URL
  }
  return `${origin}/account/orders`;
}

type Registration = {
  showNotification(title: string, options: NotificationOptions): Promise<void>;
};

export function showPushNotification(
  registration: Registration,
  payload: PushPayload,
  icon = '/icons/icon-192.png',
): Promise<void> {
  const data: NotificationData = { url: payload.url };
  return registration.showNotification(payload.title, {
    body: payload.body,
    icon,
    badge: '/icons/icon-96.png',
    data,
    // The same tag replaces the order's earlier notification instead of piling up.
    ...(payload.tag ? { tag: payload.tag } : {}),
    lang: 'en-GB',
  });
}

type WindowClientLike = {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
};
type ClientsLike = {
  matchAll(options: {
    type: 'window';
    includeUncontrolled: boolean;
  }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
};

/** Focus, where the browser allows it (only within a click's own few seconds). */
const tryFocus = (client: WindowClientLike) => client.focus().catch(() => undefined);

/**
 * A click on a notification: closes it, then focuses a window already on its page, or opens
 * the page in a new window (the installed app's, when it is installed). Where the browser
 * refuses a new window (the click's permission to open one ran out, decision 064), a window
 * of the site already open is taken to the page instead, so the click still lands on it.
 */
export async function openNotificationUrl(
  notification: { data?: unknown; close(): void },
  clients: ClientsLike,
  origin: string,
): Promise<void> {
  notification.close();
  const data = notification.data as Partial<NotificationData> | undefined;
  const url = sameOriginUrl(typeof data?.url === 'string' ? data.url : null, origin);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url);
  if (open) {
    await tryFocus(open);
    return;
  }
  const other = windows.find((client) => client.navigate);
  try {
    await clients.openWindow(url);
    return;
  } catch (error) {
    if (!other) throw error;
  }
  // Refused: the site's window already open goes to the page.
  await other.navigate!(url);
  await tryFocus(other);
}
