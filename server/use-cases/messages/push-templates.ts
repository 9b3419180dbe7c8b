import type { Brand } from '@shared/brand';
import { expectedBetween } from '@shared/driver-day';
import { londonIsoDate } from '@shared/london-time';
import { formatGbp } from '@shared/money';
import { orderNumber } from '@shared/order-number';
import type { PushPayload } from '../../adapters/push/push-sender';
import { trackingUrl } from '../mail/tracking-link';
import {
  textHours,
  textWindow,
  type TextEvent,
  type TextFacts,
  type TextOrder,
} from './text-templates';

/*
 * What a customer's push notifications say (issue 33, decision 060): pure functions of the
 * brand, the site's address, the order and the event's facts, beside the texts' words. A
 * notification is a title and a line or two; a click opens the order's tracking page (the
 * tracking link the texts carry, decision 043), whatever the event: the pages that ask the
 * customer to act (approval, a new time) are one tap away from it and signed for the e-mail.
 */

/**
 * The events a customer is notified of on their devices: every event they are texted about
 * (issue 33; decision 064 added the collection reminder, invoice, failed charge, out for
 * delivery and uncollected tickets to 060's seven), under the texts' quiet hours and cap.
 */
export const PUSH_EVENTS = [
  'booking-confirmed',
  'collection-reminder',
  'driver-on-the-way',
  'not-home',
  'intake-report',
  'approval-needed',
  'invoice',
  'charge-failed',
  'out-for-delivery',
  'counter-ready',
  'counter-uncollected',
  'delivered',
] as const satisfies readonly TextEvent[];
export type PushEvent = (typeof PUSH_EVENTS)[number];

export function isPushEvent(event: TextEvent): event is PushEvent {
  return (PUSH_EVENTS as readonly TextEvent[]).includes(event);
}

/**
 * How long a push service keeps a notification for a device that is off: "on the way" is
 * stale within the hour, the rest keep for a day.
 */
export function pushTtlSeconds(template: string): number {
  return template === 'driver-on-the-way' ? 60 * 60 : 24 * 60 * 60;
}

/** One tag per order: a newer notification about it replaces the older one on the device. */
export const orderTag = (brand: Brand, order: Pick<TextOrder, 'orderNo'>) =>
  `order-${orderNumber(brand, order.orderNo)}`;

/** The notification of an event (every text event has one: the switch is exhaustive). */
export function pushNotice(
  brand: Brand,
  publicUrl: string,
  order: TextOrder,
  facts: TextFacts,
): PushPayload {
  const number = orderNumber(brand, order.orderNo);
  const say = (title: string, body: string): PushPayload => ({
    title: `${brand.shortName}: ${title}`,
    body,
    url: trackingUrl(publicUrl, order.trackingToken),
    tag: orderTag(brand, order),
  });
  switch (facts.event) {
    case 'booking-confirmed':
      return say(
        'booking confirmed',
        `Order ${number}: we collect ${textWindow(order.pickupStartsAt, order.pickupEndsAt)}.`,
      );
    case 'driver-on-the-way':
      return say(
        'our driver is on the way',
        `Order ${number}, ${expectedBetween(facts.expected, facts.now ?? facts.expected.from)}.`,
      );
    case 'not-home':
      return say(
        'we missed you',
        `We came to ${facts.leg === 'collection' ? 'collect' : 'deliver'} order ${number} but nobody was home. Choose a new time from the link we sent you.`,
      );
    case 'intake-report':
      return say(
        'your items are checked in',
        `Order ${number}: see the photos and the report of your items.`,
      );
    case 'approval-needed':
      return say(
        'your approval is needed',
        `Order ${number} comes to more than the limit you agreed. Please approve it or ask us a question.`,
      );
    case 'counter-ready':
      return say(
        'ready for collection',
        `Ticket ${number} is ready at our ${facts.branchName} branch.`,
      );
    case 'collection-reminder':
      return say(
        'collection tomorrow',
        `We collect order ${number} tomorrow, ${textHours(order.pickupStartsAt, order.pickupEndsAt)}.`,
      );
    case 'invoice':
      return say(
        'your invoice is ready',
        `Order ${number}: ${formatGbp(order.amountDuePence)} due: pay from the link in our e-mail.`,
      );
    case 'charge-failed':
      return say(
        'payment needed',
        `We could not charge your card for order ${number} (${formatGbp(order.amountDuePence)}). Please pay from the link in our e-mail.`,
      );
    case 'out-for-delivery':
      return say(
        'out for delivery',
        !facts.now || londonIsoDate(facts.now) === londonIsoDate(order.deliveryStartsAt)
          ? `Order ${number} comes today, ${textHours(order.deliveryStartsAt, order.deliveryEndsAt)}.`
          : `Order ${number} comes ${textWindow(order.deliveryStartsAt, order.deliveryEndsAt)}.`,
      );
    case 'counter-uncollected':
      return say(
        facts.days >= 90 ? 'last notice: please collect' : 'waiting for you',
        `Ticket ${number} has been ready at our ${facts.branchName} branch for ${facts.days} days. Items may be disposed of after 90 days.`,
      );
    case 'delivered':
      return say('delivered', `Order ${number} is delivered. Thank you!`);
  }
}
