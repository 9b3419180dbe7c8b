import { DateTime } from 'luxon';
import { LONDON_ZONE } from '@shared/london-time';
import type { textMessages } from '../../db/schema';
import type { MessagePreferences } from './message-preferences';

/*
 * How texts (issue 17) are shown: in the customer's order history, on the back office's order
 * page and in its mailbox beside the mails. Times are London's.
 */

export type TextRow = typeof textMessages.$inferSelect;

const CHANNEL = { sms: 'SMS', whatsapp: 'WhatsApp' } as const;

/** "24/11/2026 18:05", London time. */
function londonStamp(instant: Date) {
  return DateTime.fromJSDate(instant, { zone: LONDON_ZONE }).toFormat('dd/MM/yyyy HH:mm');
}

/** Held for quiet hours: "08:00", or "08:00 on 25/11/2026" when not today (London). */
function heldUntil(sendAfter: Date, now: Date) {
  const at = DateTime.fromJSDate(sendAfter, { zone: LONDON_ZONE });
  const today = DateTime.fromJSDate(now, { zone: LONDON_ZONE }).toISODate();
  const tomorrow = DateTime.fromJSDate(now, { zone: LONDON_ZONE }).plus({ days: 1 }).toISODate();
  const day = at.toISODate();
  const time = at.toFormat('HH:mm');
  if (day === today) return time;
  if (day === tomorrow) return `${time} tomorrow`;
  return `${time} on ${at.toFormat('dd/MM/yyyy')}`;
}

/** What became of a text, in words. `who` decides how a reply and a suppression read. */
export function textStatusLabel(row: TextRow, now: Date, who: 'customer' | 'staff'): string {
  switch (row.status) {
    case 'queued':
      return row.sendAfter.getTime() > now.getTime()
        ? `Held until ${heldUntil(row.sendAfter, now)} (no texts at night)`
        : 'Waiting to be sent';
    case 'sent':
      return 'Sent';
    case 'delivered':
      return 'Delivered';
    case 'undelivered':
    case 'failed':
      return 'Not delivered';
    case 'not-sent':
      return 'Kept in the outbox (texts not configured)';
    case 'suppressed':
      return row.statusReason ? `Not sent: ${row.statusReason}` : 'Not sent';
    case 'received':
      return who === 'customer' ? 'Your reply' : 'Reply from the customer';
  }
}

/** One text in the customer's order history: their own texts and replies, never a suppressed one. */
export function customerTextView(row: TextRow, now: Date) {
  return {
    id: row.id,
    direction: row.direction,
    channel: row.channel,
    channel_label: CHANNEL[row.channel],
    at: row.createdAt.toISOString(),
    at_display: londonStamp(row.createdAt),
    body: row.body,
    status: row.status,
    status_label: textStatusLabel(row, now, 'customer'),
  };
}

/** Texts a customer is shown: not the ones that were never sent (opt-out, daily cap). */
export function customerTexts(rows: TextRow[], now: Date) {
  return rows.filter((r) => r.status !== 'suppressed').map((r) => customerTextView(r, now));
}

/** One text as staff see it (order page, mailbox): with its number, reason and order. */
export function staffTextView(
  row: TextRow,
  now: Date,
  order: { id: string; order_no: string } | null,
) {
  return {
    ...customerTextView(row, now),
    status_label: textStatusLabel(row, now, 'staff'),
    phone: row.phone,
    template: row.template,
    purpose: row.purpose,
    status_reason: row.statusReason,
    /** The offline default kept it: nothing went to the customer. */
    kept_in_outbox: row.status === 'not-sent',
    attempts: row.attempts,
    last_error: row.lastError,
    sent_at: row.sentAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    order,
  };
}
export type StaffTextView = ReturnType<typeof staffTextView>;

/** The account's message choices (GET /api/account/preferences, the account page). */
export function preferencesView(p: MessagePreferences) {
  const c = p.customer;
  return {
    notify_email: c.notifyEmail,
    notify_sms: c.notifySms,
    notify_whatsapp: c.notifyWhatsapp,
    marketing_email: c.marketingEmail,
    marketing_sms: c.marketingSms,
    marketing_consent_at: c.marketingConsentAt?.toISOString() ?? null,
    marketing_consent_display: c.marketingConsentAt ? londonStamp(c.marketingConsentAt) : null,
    // Where texts go: the profile's phone (the customer itself is customerView's).
    texts_to: c.phone,
    /** Whether the profile's phone can take texts (a mobile number). */
    phone_textable: p.textable,
    /** The number replied STOP: no texts until it replies START. */
    phone_opted_out: p.optedOut,
  };
}
export type PreferencesView = ReturnType<typeof preferencesView>;
