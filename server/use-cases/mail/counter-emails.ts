import type { Brand } from '@shared/brand';
import { formatGbp } from '@shared/money';
import { orderNumber } from '@shared/order-number';
import { renderEmail } from '../../adapters/mail/layout';
import type { MailMessage } from '../../adapters/mail/mail-service';
import type { orders } from '../../db/schema';
import type { SiteLinks } from './order-emails';
import { trackingUrl } from './tracking-link';

type Order = typeof orders.$inferSelect;

/**
 * A counter ticket is ready (issue 32, decision 050): collected at the branch, so the words are
 * "ready for collection at Maida Vale branch" with what is still to pay there. A walk-in with
 * no e-mail address gets none (the outbox skips an empty address).
 */
export function counterReadyEmail(
  brand: Brand,
  site: SiteLinks,
  order: Order,
  branch: { name: string; address: string },
): MailMessage {
  const number = orderNumber(brand, order.orderNo);
  const where = `${branch.name} branch`;
  const content = renderEmail(brand, {
    heading: `Ready for collection at ${where}`,
    paragraphs: [
      `Hello ${order.customerName}, your items on ticket ${number} are clean and ready for collection at ${where}, ${branch.address}.`,
      order.amountDuePence > 0
        ? `Amount due: ${formatGbp(order.amountDuePence)}, paid at the counter when you collect.`
        : 'Your ticket is paid: bring your ticket or tell us your phone number.',
    ],
    details: [
      { label: 'Ticket number', value: number },
      { label: 'Collect from', value: `${where}, ${branch.address}` },
      { label: 'Amount due', value: formatGbp(order.amountDuePence) },
    ],
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: `Ticket ${number} is ready for collection at ${where}`,
    template: 'counter-ready',
    ...content,
  };
}

/**
 * A ready ticket not collected (decision 054): 30, 60 and 80 days after ready, and the last
 * notice at 90, with the branch, the ticket number, what is due and the spec's terms line.
 */
export function counterUncollectedEmail(
  brand: Brand,
  site: SiteLinks,
  order: Order,
  branch: { name: string; address: string },
  days: number,
): MailMessage {
  const number = orderNumber(brand, order.orderNo);
  const where = `${branch.name} branch`;
  const last = days >= 90;
  const content = renderEmail(brand, {
    heading: last
      ? `Last notice: ready for collection at ${where}`
      : `Still ready for collection at ${where}`,
    paragraphs: [
      `Hello ${order.customerName}, your items on ticket ${number} have been ready for collection at ${where}, ${branch.address}, for ${days} days.`,
      order.amountDuePence > 0
        ? `Amount due: ${formatGbp(order.amountDuePence)}, paid at the counter when you collect.`
        : 'Your ticket is paid: bring your ticket or tell us your phone number.',
      last
        ? 'This is our last notice. Items may be disposed of after 90 days undelivered: please collect them or call us.'
        : 'Items may be disposed of after 90 days undelivered.',
    ],
    details: [
      { label: 'Ticket number', value: number },
      { label: 'Collect from', value: `${where}, ${branch.address}` },
      { label: 'Amount due', value: formatGbp(order.amountDuePence) },
    ],
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: last
      ? `Last notice: ticket ${number} is ready for collection at ${where}`
      : `Ticket ${number} is ready for collection at ${where}`,
    template: 'counter-uncollected',
    ...content,
  };
}
