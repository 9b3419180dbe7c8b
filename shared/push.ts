/*
 * Web Push (issue 33, decision 060): the statuses a notification can have and the events a
 * member of staff may choose, the one list the database schema and the API contract read;
 * the words of the account's section. Pure.
 */

/**
 * What became of a notification: queued (waiting, perhaps until `send_after` for quiet
 * hours); sent (at least one device's push service took it, or the last device was gone);
 * failed (no device left to try); suppressed (never sent: over the daily cap).
 */
export const pushStatuses = ['queued', 'sent', 'failed', 'suppressed'] as const;
export type PushStatus = (typeof pushStatuses)[number];

/** What a member of staff may be notified of at their branch (issue 33). */
export const staffPushEvents = ['new-order', 'new-case', 'new-claim'] as const;
export type StaffPushEvent = (typeof staffPushEvents)[number];

export const staffPushEventLabels: Record<StaffPushEvent, string> = {
  'new-order': 'New orders at my branch',
  'new-case': 'New cases (missing item, wrong note)',
  'new-claim': 'New claims (damaged, missing, re-clean)',
};

/**
 * The hosts of the browsers' push services (Chrome, Edge, Firefox, Safari): a subscription's
 * endpoint must be at one of them (or their subdomains), so the server never posts to an
 * address a visitor chose (our network, another site). PUSH_SERVICE_ORIGINS adds the tests'
 * local stand-in.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** Whether `endpoint` is an https URL at a known push service, or at one of `extraOrigins`. */
export function isPushServiceEndpoint(
  endpoint: string,
  extraOrigins: readonly string[] = [],
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  return PUSH_SERVICE_HOSTS.some(
    (host) => url.hostname === host || url.hostname.endsWith(`.${host}`),
  );
}

export const pushCopy = {
  invalid: 'Please check this device’s notification details.',
  unknownService: 'This browser’s push service is not one we can send notifications through.',
  subscribed: 'Notifications are on for this device.',
  removed: 'That device will no longer get notifications.',
  notFound: 'We could not find that device.',
} as const;

/**
 * A short name for the device a subscription came from, from its user agent: "Chrome on
 * Android", "Safari on iPhone", "Firefox on Windows"; "A browser" when nothing is recognised.
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'A browser');
}
