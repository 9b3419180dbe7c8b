import type { Brand } from '@shared/brand';
import { londonWindow } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';
import { renderEmail } from '../../adapters/mail/layout';
import type { MailMessage } from '../../adapters/mail/mail-service';
import type { orders } from '../../db/schema';
import { trackingUrl } from './tracking-link';

type Order = typeof orders.$inferSelect;

/**
 * "E-mail me the link to change it" from the tracking page (issue 31, decision 029): the
 * signed link to change a leg's window goes to the order's own address only, so a forwarded
 * tracking link can ask for it but never receives it.
 */
export function changeLinkEmail(
  brand: Brand,
  publicUrl: string,
  input: { order: Order; leg: 'collection' | 'delivery'; path: string },
): MailMessage {
  const { order, leg } = input;
  const number = orderNumber(brand, order.orderNo);
  const window =
    leg === 'collection'
      ? londonWindow(order.pickupStartsAt, order.pickupEndsAt)
      : londonWindow(order.deliveryStartsAt, order.deliveryEndsAt);
  const content = renderEmail(brand, {
    heading: `Change the ${leg} time of order ${number}`,
    paragraphs: [
      `Hello ${order.customerName},`,
      `You asked on the tracking page for the link to change the ${leg} time of order ${number}. Choose a new window with the button below; no login is needed.`,
      `If you did not ask for it, you can ignore this e-mail: nothing changes until a new time is chosen with this link. Please do not forward it.`,
    ],
    details: [
      { label: 'Order number', value: number },
      { label: leg === 'collection' ? 'Collection' : 'Delivery', value: window },
    ],
    action: { label: `Change the ${leg} time`, url: `${publicUrl}${input.path}` },
    track: trackingUrl(publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: `Change the ${leg} time of order ${number}`,
    template: 'change-link',
    ...content,
  };
}
