import { DateTime } from 'luxon';
import type { Brand } from '@shared/brand';
import { expectedBetween } from '@shared/driver-day';
import { LONDON_ZONE, londonIsoDate } from '@shared/london-time';
import { formatGbp } from '@shared/money';
import { orderNumber } from '@shared/order-number';
import type { TextChannel } from '@shared/texts';
import type { orders } from '../../db/schema';
import { trackingUrl } from '../mail/tracking-link';

/*
 * What a customer's texts say (issue 17, docs/decisions/031): pure functions of the brand, the
 * site's address, the order and the event's facts, like the e-mail builders of use-cases/mail
 * (so, like them, they may format money). Every text names the brand and the order number and
 * carries the order's tracking link, except the five that ask the customer to act on a page
 * of its own (approval, invoice, failed charge, and the reminder's and "not home"'s change of
 * time, issue 31): they carry that signed page's link instead, as two links do not fit in two
 * segments and the tracking page is read-only (decision 043). Each is short (one or two SMS segments) and GSM-7
 * only, since one curly quote or en dash turns a 160-character SMS into a UCS-2 one of
 * 70. WhatsApp sends the same words, except where a counter customer is told their ticket waits
 * (ready, uncollected): there `whatsappText` gives its own, on lines of their own and with the
 * shop's punctuation, as WhatsApp counts no segments (decision 056).
 */

export type TextEvent =
  | 'booking-confirmed'
  | 'collection-reminder'
  | 'driver-on-the-way'
  | 'not-home'
  | 'intake-report'
  | 'approval-needed'
  | 'invoice'
  | 'charge-failed'
  | 'out-for-delivery'
  | 'delivered'
  | 'counter-ready'
  | 'counter-uncollected';

/** Each event's facts beyond the order, with its links already made (signed where needed). */
export type TextFacts =
  | { event: 'booking-confirmed' }
  | { event: 'collection-reminder'; changeUrl: string }
  | { event: 'driver-on-the-way'; expected: { from: Date; to: Date }; now?: Date }
  | { event: 'not-home'; leg: 'collection' | 'delivery'; rescheduleUrl: string }
  | { event: 'intake-report' }
  | { event: 'approval-needed'; approvalUrl: string; amountPence: number }
  | { event: 'invoice'; paymentUrl: string }
  | { event: 'charge-failed'; paymentUrl: string }
  | { event: 'out-for-delivery'; now?: Date }
  | { event: 'delivered' }
  | { event: 'counter-ready'; branchName: string }
  | { event: 'counter-uncollected'; branchName: string; days: number };

export type TextOrder = Pick<
  typeof orders.$inferSelect,
  | 'orderNo'
  | 'trackingToken'
  | 'pickupStartsAt'
  | 'pickupEndsAt'
  | 'deliveryStartsAt'
  | 'deliveryEndsAt'
  | 'amountDuePence'
>;

const london = (at: Date) => DateTime.fromJSDate(at, { zone: LONDON_ZONE });
/** "09:00" London. */
export const textTime = (at: Date) => london(at).toFormat('HH:mm');
/** "09:00-10:00" London, with a plain hyphen (GSM-7). */
export const textHours = (start: Date, end: Date) => `${textTime(start)}-${textTime(end)}`;
/** "Tue 24 Nov 09:00-10:00" London. */
export function textWindow(start: Date, end: Date): string {
  return `${london(start).toFormat('ccc d LLL')} ${textHours(start, end)}`;
}

/** The words every text ends with: the order's tracking link. */
const track = (publicUrl: string, order: TextOrder) =>
  `Track: ${trackingUrl(publicUrl, order.trackingToken)}`;

/** What a counter ticket still asks for: the amount due, or that it is paid. */
const dueWords = (order: TextOrder) =>
  order.amountDuePence > 0 ? `${formatGbp(order.amountDuePence)} to pay.` : 'Paid.';

/**
 * WhatsApp's own words for the counter's "ready for collection" and uncollected reminders
 * (issue 32): a line each, not squeezed into SMS segments; null for the events that send the
 * SMS words.
 */
export function whatsappText(
  brand: Brand,
  publicUrl: string,
  order: TextOrder,
  facts: TextFacts,
): string | null {
  const number = orderNumber(brand, order.orderNo);
  const link = trackingUrl(publicUrl, order.trackingToken);
  const due =
    order.amountDuePence > 0
      ? `To pay when you collect: ${formatGbp(order.amountDuePence)}.`
      : 'It is paid: just bring your ticket, or give us your phone number.';
  switch (facts.event) {
    case 'counter-ready':
      return [
        `*${brand.shortName}*`,
        `Good news: your ticket ${number} is ready for collection at ${facts.branchName} branch.`,
        due,
        `See your ticket: ${link}`,
      ].join('\n');
    case 'counter-uncollected':
      return [
        `*${brand.shortName}*`,
        `${facts.days >= 90 ? 'Last notice: your' : 'A reminder: your'} ticket ${number} has been ready for collection at ${facts.branchName} branch for ${facts.days} days.`,
        due,
        'Under our terms, items may be disposed of after 90 days undelivered.',
        `See your ticket: ${link}`,
      ].join('\n');
    default:
      return null;
  }
}

/**
 * The text of a service message about an order; on WhatsApp, its own words where it has them
 * (`whatsappText`).
 */
export function serviceText(
  brand: Brand,
  publicUrl: string,
  order: TextOrder,
  facts: TextFacts,
  channel: TextChannel = 'sms',
): string {
  if (channel === 'whatsapp') {
    const own = whatsappText(brand, publicUrl, order, facts);
    if (own) return own;
  }
  const name = brand.shortName;
  const number = orderNumber(brand, order.orderNo);
  const pickup = textWindow(order.pickupStartsAt, order.pickupEndsAt);
  const delivery = textWindow(order.deliveryStartsAt, order.deliveryEndsAt);
  const tracked = track(publicUrl, order);
  let body: string;
  switch (facts.event) {
    case 'booking-confirmed':
      body = `${name}: order ${number} is booked. Collection ${pickup}, delivery ${delivery}. ${tracked}`;
      break;
    case 'collection-reminder':
      // The signed change link itself: the tracking page no longer offers one (issue 31, a
      // tracking link is safe to forward). One link keeps the text in two segments.
      body = `${name}: we collect order ${number} tomorrow, ${textHours(order.pickupStartsAt, order.pickupEndsAt)}. Reply SKIP to cancel, or change the time here: ${facts.changeUrl}`;
      break;
    case 'driver-on-the-way':
      // The day is named when it is not today (issue 31); `now` is when the text is written.
      body = `${name}: our driver is on the way with order ${number}, ${expectedBetween(facts.expected, facts.now ?? facts.expected.from)}. ${tracked}`;
      break;
    case 'not-home':
      // The signed page to choose a new time, as the e-mail's (decision 026; issue 31): one
      // link keeps the text in two segments.
      body = `${name}: we came to ${facts.leg === 'collection' ? 'collect' : 'deliver'} order ${number} but nobody was home. Choose a new time here: ${facts.rescheduleUrl}`;
      break;
    case 'intake-report':
      body = `${name}: your items of order ${number} are checked in and photographed. See the report: ${trackingUrl(publicUrl, order.trackingToken)}`;
      break;
    case 'approval-needed':
      body = `${name}: order ${number} comes to ${formatGbp(facts.amountPence)}, above the limit you agreed. Please approve it or ask us a question: ${facts.approvalUrl}`;
      break;
    case 'invoice':
      body = `${name}: your invoice for order ${number} is ready, ${formatGbp(order.amountDuePence)} due. Pay: ${facts.paymentUrl}`;
      break;
    case 'charge-failed':
      body = `${name}: we could not charge your card for order ${number} (${formatGbp(order.amountDuePence)}). Please pay here: ${facts.paymentUrl}`;
      break;
    case 'out-for-delivery':
      body =
        !facts.now || londonIsoDate(facts.now) === londonIsoDate(order.deliveryStartsAt)
          ? `${name}: order ${number} is out for delivery today, ${textHours(order.deliveryStartsAt, order.deliveryEndsAt)}. ${tracked}`
          : `${name}: order ${number} is out for delivery, ${delivery}. ${tracked}`;
      break;
    case 'counter-ready':
      // A counter ticket (decision 050): collected at the branch, with what is still to pay.
      body = `${name}: ticket ${number} is ready for collection at ${facts.branchName} branch. ${dueWords(order)} ${tracked}`;
      break;
    case 'counter-uncollected':
      // Decision 054: 30, 60 and 80 days after ready, the last notice at 90; the terms' words.
      body = `${name}: ticket ${number} has been ready for collection at ${facts.branchName} branch for ${facts.days} days. ${dueWords(order)} ${facts.days >= 90 ? 'Last notice: ' : ''}Items may be disposed of after 90 days undelivered. ${tracked}`;
      break;
    case 'delivered':
      body = `${name}: order ${number} is delivered. Thank you! Anything wrong? Call ${brand.phone}. ${tracked}`;
      break;
  }
  return gsm7(body);
}

/** What every marketing text ends with (PECR: an easy way to refuse, in every message). */
export const MARKETING_OPT_OUT = 'Reply STOP to opt out';

/** A marketing text: the brand, the owner's words, the opt-out. */
export function marketingText(brand: Brand, body: string): string {
  return gsm7(`${brand.shortName}: ${body.trim()} ${MARKETING_OPT_OUT}`);
}

/** The answers to keywords (handle-inbound.ts). */
export const replyTexts = {
  skipped: (brand: Brand, number: string, bookUrl: string) =>
    gsm7(
      `${brand.shortName}: order ${number} is cancelled, we will not come to collect it. Book again any time: ${bookUrl}`,
    ),
  nothingToSkip: (brand: Brand) =>
    gsm7(
      `${brand.shortName}: there is no upcoming collection to skip. Questions? Call ${brand.phone}.`,
    ),
  cannotSkip: (brand: Brand, reason: string) => gsm7(`${brand.shortName}: ${reason}`),
  stopped: (brand: Brand) =>
    gsm7(`${brand.shortName}: you will get no more texts from us. Reply START to get them again.`),
  started: (brand: Brand) =>
    gsm7(`${brand.shortName}: texts are back on. Reply STOP to stop them.`),
  help: (brand: Brand) =>
    gsm7(
      `${brand.shortName}: call us on ${brand.phone} or e-mail ${brand.email}. Reply SKIP to cancel your next collection, STOP to stop texts.`,
    ),
} as const;

// ─── GSM-7 ─────────────────────────────────────────────────────────────────

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€';

/** Whether every character is in the GSM-7 alphabet (its basic set or its extension). */
export function isGsm7(text: string): boolean {
  return [...text].every((c) => GSM7_BASIC.includes(c) || GSM7_EXTENSION.includes(c));
}

/** How many SMS segments a GSM-7 text takes (160 alone, 153 each when split); UCS-2 else. */
export function smsSegments(text: string): number {
  if (isGsm7(text)) {
    const septets = [...text].reduce((n, c) => n + (GSM7_EXTENSION.includes(c) ? 2 : 1), 0);
    return septets <= 160 ? 1 : Math.ceil(septets / 153);
  }
  const units = text.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/**
 * The text in GSM-7: typographic quotes, dashes and ellipses become their plain forms, and
 * anything else outside the alphabet (an emoji in a name) a question mark.
 */
export function gsm7(text: string): string {
  const plain = text
    .replace(/[\u2018\u2019\u201A\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\u00A0\u2009\u202F]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...plain]
    .map((c) => (GSM7_BASIC.includes(c) || GSM7_EXTENSION.includes(c) ? c : '?'))
    .join('');
}
