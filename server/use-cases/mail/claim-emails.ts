import type { Brand } from '@shared/brand';
import { consumerRightsSentence } from '@shared/claims/offer';
import { londonDateTime } from '@shared/claims/window';
import { formatGbp } from '@shared/money';
import { orderNumber } from '@shared/order-number';
import { renderEmail } from '../../adapters/mail/layout';
import type { MailAttachment, MailMessage } from '../../adapters/mail/mail-service';
import type { claims, orders } from '../../db/schema';
import type { SiteLinks } from './order-emails';

/*
 * The e-mails of a claim (issue 34, decision 063): the offer made, the claim paid (with the
 * credit note), declined, and the owner's answer to a dispute. Each links to the claim's page.
 */

type Order = typeof orders.$inferSelect;
type Claim = typeof claims.$inferSelect;

const claimUrl = (site: SiteLinks, claim: Claim) =>
  `${site.config.publicUrl}/account/claims/${claim.id}`;

export function claimOfferEmail(
  brand: Brand,
  site: SiteLinks,
  input: { order: Order; claim: Claim; totalPence: number; lines: string[] },
): MailMessage {
  const number = orderNumber(brand, input.order.orderNo);
  const content = renderEmail(brand, {
    heading: `Our offer for your claim on order ${number}: ${formatGbp(input.totalPence)}`,
    paragraphs: [
      `Hello ${input.order.customerName}, we have looked into your claim and we are sorry.`,
      ...input.lines,
      'You can take it as a refund to the card or PayPal you paid with, or as account credit with a bonus, or tell us why it is not fair.',
      consumerRightsSentence,
    ],
    action: { label: 'See the offer', url: claimUrl(site, input.claim) },
  });
  return {
    to: input.order.customerEmail,
    subject: `Our offer for your claim on order ${number}`,
    template: 'claim-offer',
    ...content,
  };
}

export function claimPaidEmail(
  brand: Brand,
  site: SiteLinks,
  input: {
    order: Order;
    claim: Claim;
    method: 'refund' | 'credit';
    paidPence: number;
    offerPence: number;
    /** Of a refund: the part the card or PayPal refused, put on the account as credit. */
    creditPence?: number;
    creditNote: { number: string; attachment: MailAttachment } | null;
  },
): MailMessage {
  const number = orderNumber(brand, input.order.orderNo);
  const rest = input.method === 'refund' ? (input.creditPence ?? 0) : 0;
  const how =
    input.method === 'refund'
      ? `${formatGbp(input.paidPence - rest)} has been refunded to the card or PayPal account you paid with; it usually shows within 5 to 10 working days.${rest > 0 ? ` The card or PayPal refused the other ${formatGbp(rest)}, so it is on your account as credit, used first on your next order.` : ''}`
      : `${formatGbp(input.paidPence)} is now on your account as credit (the offer of ${formatGbp(input.offerPence)} with our bonus), used first on your next order.`;
  const content = renderEmail(brand, {
    heading: `Your claim on order ${number} is paid`,
    paragraphs: [
      `Hello ${input.order.customerName}, thank you for accepting our offer.`,
      how,
      ...(input.creditNote ? [`Our credit note ${input.creditNote.number} is attached.`] : []),
      consumerRightsSentence,
    ],
    action: { label: 'See your claim', url: claimUrl(site, input.claim) },
  });
  return {
    to: input.order.customerEmail,
    subject: `Your claim on order ${number} is paid`,
    template: 'claim-paid',
    ...content,
    attachments: input.creditNote ? [input.creditNote.attachment] : [],
  };
}

export function claimAnswerEmail(
  brand: Brand,
  site: SiteLinks,
  input: { order: Order; claim: Claim; heading: string; paragraphs: string[] },
): MailMessage {
  const number = orderNumber(brand, input.order.orderNo);
  const content = renderEmail(brand, {
    heading: input.heading,
    paragraphs: [
      `Hello ${input.order.customerName},`,
      ...input.paragraphs,
      `Questions? Call us on ${brand.phone} or write to ${brand.email}.`,
      consumerRightsSentence,
    ],
    details: [{ label: 'Order number', value: number }],
    action: { label: 'See your claim', url: claimUrl(site, input.claim) },
  });
  return {
    to: input.order.customerEmail,
    subject: `Your claim on order ${number}`,
    template: 'claim-answer',
    ...content,
  };
}

/** The whole file to the owner when the customer disputes the offer. */
export function claimDisputeEmail(
  brand: Brand,
  site: SiteLinks,
  input: { order: Order; claim: Claim; reason: string; offerPence: number; answerBy: Date },
): MailMessage {
  const number = orderNumber(brand, input.order.orderNo);
  const content = renderEmail(brand, {
    heading: `Claim ${input.claim.id} on order ${number} disputed`,
    paragraphs: [
      `The customer disputes our offer of ${formatGbp(input.offerPence)}: "${input.reason}"`,
      `The file (evidence, finding, offer) is on the claim's page. We promised an answer by ${londonDateTime(input.answerBy)}.`,
    ],
    action: {
      label: 'Open the claim',
      url: `${site.config.publicUrl}/admin/claims/${input.claim.id}`,
    },
  });
  return {
    to: brand.email,
    subject: `Claim disputed: order ${number}`,
    template: 'claim-disputed',
    ...content,
  };
}

/** To the shop: a claim's refund still unanswered when the provider may forget its keys. */
export function claimRefundStuckEmail(
  brand: Brand,
  site: SiteLinks,
  input: { order: Order; claimId: number; offerPence: number; since: Date },
): MailMessage {
  const number = orderNumber(brand, input.order.orderNo);
  const content = renderEmail(brand, {
    heading: `Claim ${input.claimId} on order ${number}: the refund needs you`,
    paragraphs: [
      `The refund of ${formatGbp(input.offerPence)} asked since ${londonDateTime(input.since)} has had no answer from the card or PayPal provider. We no longer ask again (the provider forgets a refund's key after a day, so asking again could refund twice).`,
      'Check in the provider’s dashboard whether the refund was made, then settle the claim with the customer.',
    ],
    action: {
      label: 'Open the claim',
      url: `${site.config.publicUrl}/admin/claims/${input.claimId}`,
    },
  });
  return {
    to: brand.email,
    subject: `Claim refund needs attention: order ${number}`,
    template: 'claim-needs-attention',
    ...content,
  };
}
