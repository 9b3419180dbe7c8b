import type { Brand } from '@shared/brand';
import { DELIVERY_CLAIM_WINDOW_MS, hoursText } from '@shared/intake-report';
import { formatGbp, formatPence } from '@shared/money';
import { londonWindow } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';
import type { OrderStatus } from '@shared/order-status';
import { renderEmail } from '../../adapters/mail/layout';
import type { MailMessage } from '../../adapters/mail/mail-service';
import type { orderItems, orders } from '../../db/schema';
import { paymentPagePath } from '../../auth/order-access';
import { reviewPath } from '../../auth/review-access';
import type { AppServices } from '../../services';
import { trackingUrl } from './tracking-link';

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;

/** Where links in e-mails point: the site, and the signer of links that need no login. */
export type SiteLinks = Pick<AppServices, 'config' | 'links'>;

/**
 * The payment page of an order (the account's Pay Now), with its amount and tag (spec 4) and
 * the signed token that lets whoever holds the e-mail pay without logging in.
 */
export function paymentLink(
  site: SiteLinks,
  order: Pick<Order, 'id' | 'amountDuePence'>,
  now: Date,
): string {
  const amount = formatPence(order.amountDuePence);
  return `${site.config.publicUrl}${paymentPagePath(site, order.id, now, { amount, tag: 'Skip Basket' })}`;
}

/** What a customer is told when staff move their order; null for moves they need not hear of. */
export function statusEmail(
  brand: Brand,
  site: SiteLinks,
  order: Order,
  to: OrderStatus,
  now: Date,
): MailMessage | null {
  const number = orderNumber(brand, order.orderNo);
  const delivery = londonWindow(order.deliveryStartsAt, order.deliveryEndsAt);
  const byStatus: Partial<
    Record<OrderStatus, { template: string; subject: string; heading: string; body: string[] }>
  > = {
    collected: {
      template: 'order-collected',
      subject: `We have collected your order ${number}`,
      heading: 'Your items are on their way to our workshop',
      body: [
        `Hello ${order.customerName}, our driver has collected order ${number}.`,
        'We will list and price every item at the workshop and e-mail you the invoice before delivery.',
      ],
    },
    'out for delivery': {
      template: 'order-out-for-delivery',
      subject: `Order ${number} is out for delivery`,
      heading: 'Your clean items are on their way',
      body: [
        `Hello ${order.customerName}, order ${number} left our workshop and will reach you in the delivery window below.`,
        ...(order.amountDuePence > 0
          ? [`Amount due: ${formatGbp(order.amountDuePence)}. You can pay with the link below.`]
          : []),
      ],
    },
    delivered: {
      template: 'order-delivered',
      subject: `Order ${number} is delivered`,
      heading: 'Delivered. Thank you!',
      body: [
        `Hello ${order.customerName}, order ${number} has been delivered. Thank you for choosing ${brand.name}.`,
        `If anything is not right, reply to this e-mail or call us on ${brand.phone} within ${hoursText(DELIVERY_CLAIM_WINDOW_MS)}.`,
        'How did we do? Rate your order with the button below: it takes a minute and helps other Londoners choose.',
      ],
    },
    cancelled: {
      template: 'order-cancelled-by-shop',
      subject: `Order ${number} is cancelled`,
      heading: `Order ${number} is cancelled`,
      body: [
        `Hello ${order.customerName}, we have cancelled order ${number}. Nothing will be charged.`,
        `If you did not expect this, please call us on ${brand.phone}.`,
      ],
    },
  };
  const message = byStatus[to];
  if (!message) return null;
  const content = renderEmail(brand, {
    heading: message.heading,
    paragraphs: message.body,
    details: [
      { label: 'Order number', value: number },
      ...(to === 'out for delivery' ? [{ label: 'Delivery', value: delivery }] : []),
    ],
    ...(to === 'out for delivery' && order.amountDuePence > 0
      ? { action: { label: 'Pay now', url: paymentLink(site, order, now) } }
      : {}),
    // Issue 18: the signed link to review the order, no login needed (decision 038).
    ...(to === 'delivered'
      ? {
          action: {
            label: 'Rate your order',
            url: `${site.config.publicUrl}${reviewPath(site, order, now)}`,
          },
        }
      : {}),
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: message.subject,
    template: message.template,
    ...content,
  };
}

/** The itemised invoice with its payment link (spec 1: invoice and payment link by e-mail). */
export function invoiceEmail(
  brand: Brand,
  site: SiteLinks,
  /** With the discount's words (issue 18: its promo or referral code) when known. */
  order: Order & { discountLabel?: string },
  items: Item[],
  now: Date,
  reason: 'invoice' | 'charge-failed' = 'invoice',
): MailMessage {
  const number = orderNumber(brand, order.orderNo);
  const lines = items.map((item) => ({
    label: `${item.quantity} × ${item.itemName}`,
    value: formatGbp(item.quantity * item.unitPricePence),
  }));
  const content = renderEmail(brand, {
    heading:
      reason === 'invoice'
        ? `Your invoice for order ${number}`
        : `Please confirm your payment for order ${number}`,
    paragraphs: [
      `Hello ${order.customerName},`,
      reason === 'invoice'
        ? 'Your items are cleaned and priced. Here is your invoice; you can pay it online with the button below.'
        : 'We could not take the payment with your saved card. Please pay online with the button below, or call us and we will help.',
    ],
    details: [
      { label: 'Order number', value: number },
      ...lines,
      { label: 'Subtotal', value: formatGbp(order.subtotalPence) },
      { label: order.discountLabel ?? 'Discount', value: formatGbp(order.discountPence) },
      { label: 'Total', value: formatGbp(order.totalPence) },
      ...(order.creditAppliedPence > 0
        ? [{ label: 'Account credit used', value: formatGbp(order.creditAppliedPence) }]
        : []),
      { label: 'Amount due', value: formatGbp(order.amountDuePence) },
      { label: 'Delivery', value: londonWindow(order.deliveryStartsAt, order.deliveryEndsAt) },
    ],
    action: {
      label: `Pay ${formatGbp(order.amountDuePence)}`,
      url: paymentLink(site, order, now),
    },
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject:
      reason === 'invoice'
        ? `Invoice for order ${number}: ${formatGbp(order.amountDuePence)} due`
        : `Payment needed for order ${number}`,
    template: reason === 'invoice' ? 'order-invoice' : 'order-charge-failed',
    ...content,
  };
}

/** Receipt after a successful charge. */
export function receiptEmail(
  brand: Brand,
  site: Pick<SiteLinks, 'config'>,
  order: Order,
  amountPence: number,
): MailMessage {
  const number = orderNumber(brand, order.orderNo);
  const content = renderEmail(brand, {
    heading: `Payment received for order ${number}`,
    paragraphs: [`Hello ${order.customerName}, thank you: we have received your payment.`],
    details: [
      { label: 'Order number', value: number },
      { label: 'Paid', value: formatGbp(amountPence) },
    ],
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: `Receipt for order ${number}`,
    template: 'order-receipt',
    ...content,
  };
}

/** Money given back to the card or PayPal account it came from. */
export function refundEmail(
  brand: Brand,
  site: Pick<SiteLinks, 'config'>,
  order: Order,
  amountPence: number,
  to: { paypal: boolean; cardLast4: string | null; reason?: string },
): MailMessage {
  const number = orderNumber(brand, order.orderNo);
  const where = to.paypal ? 'your PayPal account' : `your card ending ${to.cardLast4 ?? '····'}`;
  const content = renderEmail(brand, {
    heading: `A refund for order ${number}`,
    paragraphs: [
      `Hello ${order.customerName}, we have refunded ${formatGbp(amountPence)} to ${where}.`,
      ...(to.reason
        ? [`Why: ${to.reason}`, 'The credit note for it is attached to this e-mail.']
        : []),
      'Refunds usually reach you within 5 to 10 working days, depending on your bank.',
    ],
    details: [
      { label: 'Order number', value: number },
      { label: 'Refunded', value: formatGbp(amountPence) },
      { label: 'Order total', value: formatGbp(order.totalPence) },
      { label: 'Paid towards it', value: formatGbp(order.paidPence) },
    ],
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: `Refund of ${formatGbp(amountPence)} for order ${number}`,
    template: 'order-refund',
    ...content,
  };
}

/** What was paid above the total, kept as credit on the customer's account. */
export function overpaymentCreditEmail(
  brand: Brand,
  site: Pick<SiteLinks, 'config'>,
  order: Order,
  amountPence: number,
): MailMessage {
  const number = orderNumber(brand, order.orderNo);
  const content = renderEmail(brand, {
    heading: `${formatGbp(amountPence)} credit on your account`,
    paragraphs: [
      `Hello ${order.customerName}, the final price of order ${number} came to less than you paid.`,
      `We have kept the difference, ${formatGbp(amountPence)}, as credit on your account: it is taken off your next order. If you would rather have it back, reply to this e-mail or call us on ${brand.phone}.`,
    ],
    details: [
      { label: 'Order number', value: number },
      { label: 'Order total', value: formatGbp(order.totalPence) },
      { label: 'Credit', value: formatGbp(amountPence) },
    ],
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: `${formatGbp(amountPence)} credit from order ${number}`,
    template: 'order-credit',
    ...content,
  };
}
