import type { Brand } from '@shared/brand';
import { expectedBetween } from '@shared/driver-day';
import { orderNumber } from '@shared/order-number';
import type { PushPayload } from '../../adapters/push/push-sender';
import { trackingUrl } from '../mail/tracking-link';
import { textWindow, type TextEvent, type TextFacts, type TextOrder } from './text-templates';

/*
 * What a customer's push notifications say (issue 33, decision 060): pure functions of the
 * brand, the site's address, the order and the event's facts, beside the texts' words. A
 * notification is a title and a line or two; a click opens the order's tracking page (the
 * tracking link the texts carry, decision 043), whatever the event: the pages that ask the
 * customer to act (approval, a new time) are one tap away from it and signed for the e-mail.
 */

/** The events a customer is notified of on their devices (issue 33). */
export const PUSH_EVENTS = [
  'booking-confirmed',
  'driver-on-the-way',
  'not-home',
  'intake-report',
  'approval-needed',
  'counter-ready',
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

/** The notification of an event, or null for the events not pushed. */
export function pushNotice(
  brand: Brand,
  publicUrl: string,
  order: TextOrder,
  facts: TextFacts,
): PushPayload | null {
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
    case 'delivered':
      return say('delivered', `Order ${number} is delivered. Thank you!`);
    default:
      return null;
  }
}
