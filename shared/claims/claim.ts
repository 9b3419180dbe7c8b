import type { Offer } from './offer';
import type { ClaimItemKind } from './window';

/*
 * A claim's states and staff's finding of fault (issue 34, decision 063). Pure.
 */

/**
 * open: waiting for staff's finding; sign-off: an offer above the threshold waits for the
 * owner; offered: the customer may accept or dispute; disputed: the owner answers; paid;
 * declined (not ours, or the owner declined a dispute); closed (re-cleans only, opened);
 * mix-up (someone else's garment, "not mine", found ours: traced by staff, no offer).
 */
export const claimStatuses = [
  'open',
  'sign-off',
  'offered',
  'disputed',
  'paid',
  'declined',
  'closed',
  'mix-up',
] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

export const claimStatusLabels: Record<ClaimStatus, string> = {
  open: 'We are looking into it',
  'sign-off': 'Our owner is checking the offer',
  offered: 'Offer made',
  disputed: 'Disputed: with our owner',
  paid: 'Paid',
  declined: 'Declined',
  closed: 'Re-clean on its way',
  'mix-up': 'A mix-up: we are putting it right',
};

export const claimFaults = ['ours', 'not-ours-care-label', 'not-ours-wear'] as const;
export type ClaimFault = (typeof claimFaults)[number];

export const claimFaultLabels: Record<ClaimFault, string> = {
  ours: 'Ours',
  'not-ours-care-label': 'Not ours: the care label was followed',
  'not-ours-wear': 'Not ours: wear and tear',
};

/**
 * One garment's part of an offer, as kept with it. `adjustmentPence`: what the owner added
 * (or, raising a declined claim, set) after a dispute, or changed when signing the offer off
 * (`adjustedAt: 'sign-off'`), on top of the table's figure; then
 * `totalPence` = `valuePence` + `cleaningChargePence` + `adjustmentPence`.
 */
export type ClaimOfferLine = Offer & {
  claimItemId: number;
  garment: string;
  adjustmentPence?: number;
  adjustedAt?: 'sign-off';
};

export const claimPayMethods = ['refund', 'credit'] as const;
export type ClaimPayMethod = (typeof claimPayMethods)[number];

/**
 * One part of a claim's refund: what one charge of the order gives back, and of it the
 * cleaning charge (a VAT supply credited; the rest is compensation, outside the scope of VAT).
 */
/**
 * A part of a claim's refund plan. `outcome` is written once the provider answered it (with the
 * refund's id when made), so a retry never asks a part again (decision 063).
 */
export type ClaimRefundPart = {
  chargeId: string;
  amountPence: number;
  cleaningPence?: number;
  outcome?: { status: 'refunded'; refundId: string } | { status: 'refused' };
};

/** The cleaning charges within an offer (the part that is a supply credited), at most its total. */
export function offerCleaningPence(offer: {
  totalPence: number;
  lines: { cleaningChargePence: number }[];
}): number {
  const cleaning = offer.lines.reduce((sum, l) => sum + l.cleaningChargePence, 0);
  return Math.min(cleaning, offer.totalPence);
}

const notOursWords: Record<Exclude<ClaimItemKind, 're-clean'>, string> = {
  damaged: 'the damage was not caused by our cleaning',
  missing: 'the garment reported missing was not lost in our care',
  'not-mine': 'the garment you did not recognise is the one we collected from you',
};

/**
 * The sentence declining a claim, worded by the kinds of its garments found not ours (a missing
 * garment is not "damage"), with staff's reason. Pure.
 */
export function declinedSentence(kinds: ClaimItemKind[], reason: string): string {
  const phrases = [...new Set(kinds)]
    .filter((k): k is Exclude<ClaimItemKind, 're-clean'> => k !== 're-clean')
    .map((k) => notOursWords[k]);
  return `We found that ${phrases.join(', and that ')}: ${reason}.`;
}
