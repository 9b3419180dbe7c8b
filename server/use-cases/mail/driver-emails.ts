import type { Brand } from '@shared/brand';
import { londonWindow } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';
import { renderEmail } from '../../adapters/mail/layout';
import type { MailMessage } from '../../adapters/mail/mail-service';
import type { orders } from '../../db/schema';
import { reschedulePagePath } from '../../auth/reschedule-access';
import type { SiteLinks } from './order-emails';
import { trackingUrl } from './tracking-link';

type Order = typeof orders.$inferSelect;

/** The customer's page to choose a new window after a missed stop (signed, no login). */
export function rescheduleLink(
  site: SiteLinks,
  stop: { orderId: string; eventId: number; at: Date },
): string {
  return `${site.config.publicUrl}${reschedulePagePath(site, stop)}`;
}

/**
 * The driver found nobody home (issue 16): the customer is asked to choose a new window for
 * that collection or delivery, with a signed link that works until they have chosen one.
 */
export function notHomeEmail(
  brand: Brand,
  site: SiteLinks,
  input: { order: Order; leg: 'collection' | 'delivery'; eventId: number; at: Date },
): MailMessage {
  const { order, leg } = input;
  const number = orderNumber(brand, order.orderNo);
  const window =
    leg === 'collection'
      ? londonWindow(order.pickupStartsAt, order.pickupEndsAt)
      : londonWindow(order.deliveryStartsAt, order.deliveryEndsAt);
  const url = rescheduleLink(site, { orderId: order.id, eventId: input.eventId, at: input.at });
  const what = leg === 'collection' ? 'collect your order' : 'deliver your order';
  const content = renderEmail(brand, {
    heading: `We missed you: choose a new time for order ${number}`,
    paragraphs: [
      `Hello ${order.customerName},`,
      `Our driver came to ${what} (${window}) but nobody was home.`,
      `Please choose a new ${leg === 'collection' ? 'collection' : 'delivery'} window with the button below; no login is needed. If you would rather talk to us, call ${brand.phone}.`,
    ],
    details: [
      { label: 'Order number', value: number },
      { label: leg === 'collection' ? 'Missed collection' : 'Missed delivery', value: window },
    ],
    action: { label: 'Choose a new time', url },
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: `We missed you: choose a new time for order ${number}`,
    template: leg === 'collection' ? 'stop-not-home-collection' : 'stop-not-home-delivery',
    ...content,
  };
}

/**
 * The customer chose a new window after "not home": what was agreed, in writing, with the
 * delivery too when the new collection moved it.
 */
export function newWindowEmail(
  brand: Brand,
  site: SiteLinks,
  input: { order: Order; leg: 'collection' | 'delivery'; deliveryMoved: boolean },
): MailMessage {
  const { order, leg } = input;
  const number = orderNumber(brand, order.orderNo);
  const collection = londonWindow(order.pickupStartsAt, order.pickupEndsAt);
  const delivery = londonWindow(order.deliveryStartsAt, order.deliveryEndsAt);
  const content = renderEmail(brand, {
    heading: `Your new ${leg} time for order ${number}`,
    paragraphs: [
      `Hello ${order.customerName},`,
      leg === 'collection'
        ? `Thank you: our driver will come to collect your order ${collection}.`
        : `Thank you: our driver will bring your order back ${delivery}.`,
      ...(input.deliveryMoved
        ? [`So that we have time to clean it, your delivery has moved to ${delivery}.`]
        : []),
      `If that time no longer suits you, call us on ${brand.phone}.`,
    ],
    details: [
      { label: 'Order number', value: number },
      { label: 'Collection', value: collection },
      { label: 'Delivery', value: delivery },
    ],
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: `Your new ${leg} time for order ${number}`,
    template: leg === 'collection' ? 'new-collection-window' : 'new-delivery-window',
    ...content,
  };
}
