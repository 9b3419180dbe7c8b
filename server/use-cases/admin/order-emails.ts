import type { Brand } from '@shared/brand';
import { formatGbp } from '@shared/money';
import { londonWindow, orderNumber } from '@shared/london-time';
import type { PipelineStatus } from '@shared/order-pipeline';
import { renderEmail } from '../../adapters/mail/layout';
import type { MailMessage } from '../../adapters/mail/mail-service';
import type { orderItems, orders } from '../../db/schema';

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;

/** The payment page of an order (the account's Pay Now), with its amount and tag (spec 4). */
export function paymentLink(publicUrl: string, order: Pick<Order, 'id' | 'amountDuePence'>) {
  const amount = (order.amountDuePence / 100).toFixed(2);
  return `${publicUrl}/order/payment/${order.id}?amount=${amount}&tag=Skip%20Basket`;
}

/** What a customer is told when staff move their order; null for moves they need not hear of. */
export function statusEmail(
  brand: Brand,
  publicUrl: string,
  order: Order,
  to: PipelineStatus,
): MailMessage | null {
  const number = orderNumber(order.orderNo);
  const delivery = londonWindow(order.deliveryStartsAt, order.deliveryEndsAt);
  const byStatus: Partial<
    Record<PipelineStatus, { template: string; subject: string; heading: string; body: string[] }>
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
        `If anything is not right, reply to this e-mail or call us on ${brand.phone} within 48 hours.`,
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
      ? { action: { label: 'Pay now', url: paymentLink(publicUrl, order) } }
      : {}),
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
  publicUrl: string,
  order: Order,
  items: Item[],
  reason: 'invoice' | 'charge-failed' = 'invoice',
): MailMessage {
  const number = orderNumber(order.orderNo);
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
      { label: 'Discount', value: formatGbp(order.discountPence) },
      { label: 'Total', value: formatGbp(order.totalPence) },
      { label: 'Amount due', value: formatGbp(order.amountDuePence) },
      { label: 'Delivery', value: londonWindow(order.deliveryStartsAt, order.deliveryEndsAt) },
    ],
    action: { label: `Pay ${formatGbp(order.amountDuePence)}`, url: paymentLink(publicUrl, order) },
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
export function receiptEmail(brand: Brand, order: Order, amountPence: number): MailMessage {
  const number = orderNumber(order.orderNo);
  const content = renderEmail(brand, {
    heading: `Payment received for order ${number}`,
    paragraphs: [`Hello ${order.customerName}, thank you: we have received your payment.`],
    details: [
      { label: 'Order number', value: number },
      { label: 'Paid', value: formatGbp(amountPence) },
    ],
  });
  return {
    to: order.customerEmail,
    subject: `Receipt for order ${number}`,
    template: 'order-receipt',
    ...content,
  };
}
