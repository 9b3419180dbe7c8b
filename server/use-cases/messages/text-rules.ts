import { DateTime } from 'luxon';
import { LONDON_ZONE } from '@shared/london-time';
import { QUIET_FROM_HOUR, QUIET_UNTIL_HOUR } from '@shared/quiet-hours';
import type { customers, TextChannel } from '../../db/schema';
import type { TextEvent } from './text-templates';

/*
 * When and how a customer is texted (issue 17, docs/decisions/031): pure rules of the
 * customer's choices and the clock, unit-tested at pinned instants (text-rules.test.ts). The
 * use-case that applies them is notify-customer.ts.
 */

/**
 * At most this many texts to one customer per London day, counted on the day each is (or will
 * be) sent: a text held overnight by quiet hours counts on the morning it goes out.
 */
export const DAILY_TEXT_CAP = 5;

/** The one event that may text during quiet hours: the customer is waiting at the door. */
export const QUIET_HOURS_EXEMPT: readonly TextEvent[] = ['driver-on-the-way'];

/**
 * Events whose e-mail a customer may turn off (notify_email = false) when a text tells them
 * instead: status updates only. Booking confirmations, reports, invoices, approvals, failed
 * charges, "not home", receipts and account mail are e-mailed whatever the choice.
 */
export const EMAIL_OPTIONAL_EVENTS: readonly TextEvent[] = ['out-for-delivery', 'delivered'];

const london = (at: Date) => DateTime.fromJSDate(at, { zone: LONDON_ZONE });

/** Whether `at` is within quiet hours in London. */
export function inQuietHours(at: Date): boolean {
  const hour = london(at).hour;
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/**
 * When a text due at `now` may go: now, or during quiet hours the next 08:00 London (the same
 * morning after midnight, else the next one), a wall-clock time whatever the clocks did
 * overnight. Driver-on-the-way goes now.
 */
export function sendAfterFor(event: TextEvent | 'marketing', now: Date): Date {
  if (event !== 'marketing' && QUIET_HOURS_EXEMPT.includes(event)) return now;
  if (!inQuietHours(now)) return now;
  const local = london(now);
  const day = local.hour < QUIET_UNTIL_HOUR ? local : local.plus({ days: 1 });
  return day.set({ hour: QUIET_UNTIL_HOUR, minute: 0, second: 0, millisecond: 0 }).toJSDate();
}

/** The London day [from, to) a text sent at `at` counts on, for the daily cap. */
export function capDay(at: Date): { from: Date; to: Date } {
  const start = london(at).startOf('day');
  return { from: start.toJSDate(), to: start.plus({ days: 1 }).toJSDate() };
}

/** Whether one more text fits under the cap, given those already counted on its day. */
export function underDailyCap(alreadyThatDay: number): boolean {
  return alreadyThatDay < DAILY_TEXT_CAP;
}

type Choices = Pick<typeof customers.$inferSelect, 'notifySms' | 'notifyWhatsapp'>;

/**
 * The channel of a customer's service texts: WhatsApp when they chose it, else SMS, else
 * none. One channel per message: a customer who ticked both is not told everything twice.
 */
export function textChannelOf(customer: Choices): TextChannel | null {
  if (customer.notifyWhatsapp) return 'whatsapp';
  if (customer.notifySms) return 'sms';
  return null;
}

/**
 * Whether the event's e-mail still goes: always, except a status update (EMAIL_OPTIONAL_EVENTS)
 * to a customer who turned e-mail off and whose text about it was queued; so nobody who turned
 * e-mail off misses the news because their text was suppressed.
 */
export function emailStillGoes(
  customer: Pick<typeof customers.$inferSelect, 'notifyEmail'> | null,
  event: TextEvent,
  textQueued: boolean,
): boolean {
  if (!customer || customer.notifyEmail) return true;
  return !(EMAIL_OPTIONAL_EVENTS.includes(event) && textQueued);
}

/** The keywords of replies (handle-inbound.ts), trimmed and case-insensitive. */
export type Keyword = 'skip' | 'stop' | 'start' | 'help' | null;

const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'];
const START_WORDS = ['START', 'UNSTOP'];

export function keywordOf(body: string): Keyword {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (word === 'SKIP') return 'skip';
  if (STOP_WORDS.includes(word)) return 'stop';
  if (START_WORDS.includes(word)) return 'start';
  if (word === 'HELP' || word === 'INFO') return 'help';
  return null;
}
