import type { Brand } from '@shared/brand';
import { londonWindow } from '@shared/london-time';
import { formatGbp } from '@shared/money';
import { orderNumber } from '@shared/order-number';
import { minimumOrder } from '@shared/price-rules';
import { renderEmail } from '../../adapters/mail/layout';
import type { MailMessage } from '../../adapters/mail/mail-service';
import { trackingUrl } from './tracking-link';

export type PlacedOrderFacts = {
  orderId: string;
  orderNo: number;
  status: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  notes: string;
  fullAddress: string;
  pickup: { startsAt: Date; endsAt: Date };
  delivery: { startsAt: Date; endsAt: Date };
  trackingToken: string;
  /** The customer's estimate (null: "not sure") and the most we charge without asking. */
  estimatePence: number | null;
  priceCapPence: number | null;
  /**
   * The signed link to change the collection window (issue 18, decision 035): the one
   * reschedule page, opened without logging in.
   */
  changeCollectionPath?: string | null;
};

/** What the customer agreed to at booking, as e-mail detail rows (issue 15). */
function agreedPriceDetails(order: PlacedOrderFacts) {
  return [
    ...(order.estimatePence !== null
      ? [{ label: 'Your estimate', value: formatGbp(order.estimatePence) }]
      : []),
    ...(order.priceCapPence !== null
      ? [
          {
            label: 'Price limit',
            value: `${formatGbp(order.priceCapPence)}: above this we ask you before charging`,
          },
        ]
      : []),
  ];
}

/** The customer's confirmation: what was booked, what happens next, how to cancel. */
export function orderConfirmationEmail(
  brand: Brand,
  publicUrl: string,
  order: PlacedOrderFacts,
): MailMessage {
  const number = orderNumber(brand, order.orderNo);
  const content = renderEmail(brand, {
    heading: `Your collection is booked: ${number}`,
    paragraphs: [
      `Thank you, ${order.customerName}. Our driver will collect your items in the window below. Please have them ready in a bag; we will list and price every item when they reach our workshop.`,
      `What happens next: cleaning takes 24 to 48 hours. Once your items are priced we e-mail you the invoice with a payment link before delivery. Minimum order ${minimumOrder}, collection and delivery are free.`,
      `To cancel or change your order, do it from your account or call us on ${brand.phone} up to 2 hours before your collection window starts.`,
    ],
    details: [
      { label: 'Order number', value: number },
      { label: 'Collection', value: londonWindow(order.pickup.startsAt, order.pickup.endsAt) },
      { label: 'Delivery', value: londonWindow(order.delivery.startsAt, order.delivery.endsAt) },
      { label: 'Address', value: order.fullAddress },
      ...agreedPriceDetails(order),
    ],
    action: { label: 'View your order', url: `${publicUrl}/order/complete/${order.orderId}` },
    ...(order.changeCollectionPath
      ? {
          secondaryAction: {
            label: 'Change the collection time',
            url: `${publicUrl}${order.changeCollectionPath}`,
          },
        }
      : {}),
    track: trackingUrl(publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: `${brand.name}: collection booked, ${number}`,
    template: 'order-confirmation',
    ...content,
  };
}

/** The shop's notification of a new order, with what the driver needs. */
export function newOrderNotificationEmail(brand: Brand, order: PlacedOrderFacts): MailMessage {
  const number = orderNumber(brand, order.orderNo);
  const content = renderEmail(brand, {
    heading: `New order ${number}`,
    paragraphs: [`A new collection was booked online (status: ${order.status}).`],
    details: [
      { label: 'Customer', value: order.customerName },
      { label: 'Phone', value: order.customerPhone },
      { label: 'E-mail', value: order.customerEmail },
      { label: 'Collection', value: londonWindow(order.pickup.startsAt, order.pickup.endsAt) },
      { label: 'Delivery', value: londonWindow(order.delivery.startsAt, order.delivery.endsAt) },
      { label: 'Address', value: order.fullAddress },
      { label: 'Notes', value: order.notes || '(none)' },
      ...agreedPriceDetails(order),
    ],
  });
  return {
    to: brand.shopEmail,
    subject: `New order ${number}`,
    template: 'order-notification',
    ...content,
  };
}
