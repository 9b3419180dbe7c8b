import type { Brand } from '@shared/brand';
import { caseKindLabels, caseWindowEndsAt } from '@shared/intake-report';
import { LONDON_ZONE } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';
import { DateTime } from 'luxon';
import { renderEmail } from '../../adapters/mail/layout';
import type { MailMessage } from '../../adapters/mail/mail-service';
import type { orderCases, orderGarments, orders } from '../../db/schema';
import { intakeReportPath } from '../../auth/intake-report-access';
import type { SiteLinks } from './order-emails';
import { trackingUrl } from './tracking-link';

/*
 * The e-mails of the intake report and its cases (issue 16, docs/decisions/028). Photos are
 * not in the e-mail: their URLs are signed for an hour, so the e-mail links to the report
 * page (signed for the link's life), which signs fresh ones each time it is opened.
 */

type Order = typeof orders.$inferSelect;
type Garment = typeof orderGarments.$inferSelect;
type Case = typeof orderCases.$inferSelect;

/** "Thu 26 Nov, 10:00", London time. */
function londonMoment(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: LONDON_ZONE }).toFormat('ccc d LLL, HH:mm');
}

/** One garment in a line: "White · Jaeger · Damage: … · Pockets: …". */
export function garmentNotes(g: Garment): string {
  return [
    g.colour,
    g.brand,
    g.damageNote ? `Damage: ${g.damageNote}` : '',
    g.pocketNote ? `Found in pockets: ${g.pocketNote}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function reportLink(site: SiteLinks, order: Order & { intakeReportedAt: Date }) {
  return `${site.config.publicUrl}${intakeReportPath(site, order)}`;
}

/** The intake report: every garment recorded, and the link to see photos and open a case. */
export function intakeReportEmail(
  brand: Brand,
  site: SiteLinks,
  input: { order: Order & { intakeReportedAt: Date }; garments: Garment[] },
): MailMessage {
  const { order, garments } = input;
  const number = orderNumber(brand, order.orderNo);
  const url = reportLink(site, order);
  const content = renderEmail(brand, {
    heading: `We have checked in your ${garments.length} item${garments.length === 1 ? '' : 's'}`,
    paragraphs: [
      `Hello ${order.customerName},`,
      `Your order ${number} is at our shop. Each item has its own tag, and we noted what it looks like, any damage or stains already there, and anything we found in the pockets. The photos are on your intake report.`,
      `If an item is missing or a note is wrong, tell us from the report by ${londonMoment(caseWindowEndsAt(order.intakeReportedAt))}, and we will look into it before cleaning.`,
    ],
    details: [
      { label: 'Order number', value: number },
      ...garments.map((g) => ({
        label: `Tag ${g.tagNumber} · ${g.itemName}`,
        value: garmentNotes(g) || '—',
      })),
    ],
    action: { label: 'See your intake report and photos', url },
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: `Your intake report for order ${number}: ${garments.length} item${garments.length === 1 ? '' : 's'}`,
    template: 'intake-report',
    ...content,
  };
}

/** The shop is told of a new case (staff answer it on the order's page). */
export function caseOpenedEmail(
  brand: Brand,
  site: SiteLinks,
  input: { order: Order; kase: Case; garment: Garment | null },
): MailMessage {
  const { order, kase, garment } = input;
  const number = orderNumber(brand, order.orderNo);
  const content = renderEmail(brand, {
    heading: `${caseKindLabels[kase.kind]}: order ${number}`,
    paragraphs: [`${order.customerName} says about the intake report of ${number}:`, kase.body],
    details: [
      { label: 'Order number', value: number },
      ...(garment
        ? [{ label: 'Garment', value: `Tag ${garment.tagNumber} · ${garment.itemName}` }]
        : []),
    ],
    action: {
      label: 'Answer in the back office',
      url: `${site.config.publicUrl}/admin/orders/${order.id}#cases`,
    },
  });
  return {
    to: brand.email,
    subject: `Case on order ${number}: ${caseKindLabels[kase.kind].toLowerCase()}`,
    template: 'intake-case-staff',
    ...content,
  };
}

/** Staff's answer to the customer's case, which closes it. */
export function caseAnswerEmail(
  brand: Brand,
  site: SiteLinks,
  input: { order: Order; kase: Case; answer: string },
): MailMessage {
  const { order, kase, answer } = input;
  const number = orderNumber(brand, order.orderNo);
  const content = renderEmail(brand, {
    heading: `Our answer about order ${number}`,
    paragraphs: [
      `Hello ${order.customerName}, thank you for telling us: "${kase.body}"`,
      answer,
      `If anything is still not right, call us on ${brand.phone} or write to ${brand.email}.`,
    ],
    details: [
      { label: 'Order number', value: number },
      { label: 'You said', value: caseKindLabels[kase.kind] },
    ],
    ...(order.intakeReportedAt
      ? {
          action: {
            label: 'See your intake report',
            url: reportLink(site, { ...order, intakeReportedAt: order.intakeReportedAt }),
          },
        }
      : {}),
    track: trackingUrl(site.config.publicUrl, order.trackingToken),
  });
  return {
    to: order.customerEmail,
    subject: `Re: your intake report for order ${number}`,
    template: 'intake-case-answer',
    ...content,
  };
}
