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
export const staffPushEvents = ['new-order', 'new-case'] as const;
export type StaffPushEvent = (typeof staffPushEvents)[number];

export const staffPushEventLabels: Record<StaffPushEvent, string> = {
  'new-order': 'New orders at my branch',
  'new-case': 'New cases (missing item, wrong note)',
};

export const pushCopy = {
  invalid: 'Please check this device’s notification details.',
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
