import type { Brand } from '@shared/brand';
import { formatGbp } from '@shared/money';
import { londonDate } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';
import { renderEmail } from '../../adapters/mail/layout';
import type { MailMessage } from '../../adapters/mail/mail-service';
import type { orderItems, orders, priceApprovals } from '../../db/schema';
import { approvalPagePath } from '../../auth/approval-access';
import type { SiteLinks } from './order-emails';
import { trackingUrl } from './tracking-link';

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;
type Approval = Pick<typeof priceApprovals.$inferSelect, 'id' | 'expiresAt' | 'amountPence'>;

/** The approval page of a request, with its signed token (no login needed). */
export function approvalLink(site: SiteLinks, approval: Approval): string {
  return `${site.config.publicUrl}${approvalPagePath(site, approval)}`;
}

/**
 * The itemised invoice of an order above the customer's cap, asking for their approval before
 * the card is charged (issue 15); with `reminder`, the one reminder a day later.
 */
export function approvalRequestEmail(
  brand: Brand,
  site: SiteLinks,
  input: {
    order: Order;
    items: Item[];
    approval: Approval;
    capPence: number;
    reminder?: boolean;
  },
): MailMessage {
  const { order, items, approval, capPence, reminder = false } = input;
  const number = orderNumber(brand, order.orderNo);
  const url = approvalLink(site, approval);
  const content = renderEmail(brand, {
    heading: reminder
      ? `Reminder: order ${number} is waiting for your approval`
      : `Order ${number} comes to ${formatGbp(approval.amountPence)}: please approve`,
    paragraphs: [
      `Hello ${order.customerName},`,
      `We have checked in and priced your items. The total is ${formatGbp(approval.amountPence)}, above the limit of ${formatGbp(capPence)} you set when booking, so we will not charge your card until you approve it.`,
      'Approve the total with the button below, or ask us a question about it. The itemised VAT invoice is attached.',
      `This link works until ${londonDate(approval.expiresAt)}. You can also approve from your account.`,
    ],
    details: [
      { label: 'Order number', value: number },
      ...items.map((item) => ({
        label: `${item.quantity} × ${item.itemName}`,
        value: formatGbp(item.quantity * item.unitPricePence),
      })),
      ...(order.discountPence > 0
        ? [{ label: 'Discount', value: `−${formatGbp(order.discountPence)}` }]
        : []),
      { label: 'Total', value: formatGbp(order.totalPence) },
      { label: 'Your limit', value: formatGbp(capPence) },
    ],
    action: { label: `Approve ${formatGbp(approval.amountPence)}`, url },
    secondaryAction: { label: 'Ask a question', url: `${url}#question` },
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: reminder
      ? `Reminder: please approve ${formatGbp(approval.amountPence)} for order ${number}`
      : `Please approve ${formatGbp(approval.amountPence)} for order ${number}`,
    template: reminder ? 'order-approval-reminder' : 'order-approval',
    ...content,
  };
}

/** The shop's answer to a customer's question, with the approval link while it is open. */
export function staffAnswerEmail(
  brand: Brand,
  site: SiteLinks,
  input: { order: Order; body: string; approval: Approval | null },
): MailMessage {
  const { order, body, approval } = input;
  const number = orderNumber(brand, order.orderNo);
  const url = approval ? approvalLink(site, approval) : null;
  const content = renderEmail(brand, {
    heading: `An answer about order ${number}`,
    paragraphs: [
      `Hello ${order.customerName}, thank you for your question. Our answer:`,
      body,
      url
        ? 'When you are happy with the total, approve it with the button below, or ask us another question.'
        : `If you have any other question, call us on ${brand.phone}.`,
    ],
    details: [{ label: 'Order number', value: number }],
    ...(approval && url
      ? {
          action: { label: `Approve ${formatGbp(approval.amountPence)}`, url },
          secondaryAction: { label: 'Ask another question', url: `${url}#question` },
        }
      : {}),
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: `Re: your question about order ${number}`,
    template: 'order-message-answer',
    ...content,
  };
}

/** The shop is told of a customer's question (staff answer it on the order's page). */
export function customerQuestionEmail(
  brand: Brand,
  site: SiteLinks,
  input: { order: Order; body: string },
): MailMessage {
  const { order, body } = input;
  const number = orderNumber(brand, order.orderNo);
  const content = renderEmail(brand, {
    heading: `A question about order ${number}`,
    paragraphs: [`${order.customerName} asks about the total of order ${number}:`, body],
    details: [
      { label: 'Order number', value: number },
      { label: 'Total', value: formatGbp(order.totalPence) },
    ],
    action: {
      label: 'Answer in the back office',
      url: `${site.config.publicUrl}/admin/orders/${order.id}#thread`,
    },
  });
  return {
    to: brand.email,
    subject: `Question about order ${number}`,
    template: 'order-question-staff',
    ...content,
  };
}
