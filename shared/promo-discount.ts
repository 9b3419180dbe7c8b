import { formatGbp, MINIMUM_ORDER_PENCE } from './money';

/*
 * What a promo or referral code takes off (issue 18, decision 037), with no schema library:
 * the checkout's estimate shows it in the browser (issue 31), so this stays out of zod.
 * shared/promo.ts re-exports these with the rest of the rules.
 */

/** What a code takes off, as the rules price it. */
export type PromoAmount = {
  kind: 'percent' | 'fixed';
  percentOff: number | null;
  amountOffPence: number | null;
};

/** What a code takes off an amount: a percentage rounded down to the penny, or a fixed sum; never more than the amount. */
export function promoDiscount(rule: PromoAmount, spendPence: number): number {
  if (!Number.isInteger(spendPence) || spendPence <= 0) return 0;
  const off =
    rule.kind === 'percent'
      ? Math.floor((spendPence * (rule.percentOff ?? 0)) / 100)
      : (rule.amountOffPence ?? 0);
  return Math.max(0, Math.min(off, spendPence));
}

/**
 * The discount at invoicing, from the items (before the £25 minimum is topped up): nothing
 * when the items are below the code's minimum spend. The code's other rules were checked
 * when the order was placed, where its use was counted.
 */
export function invoicePromoDiscount(
  rule: PromoAmount & { minSpendPence: number },
  itemsPence: number,
): number {
  if (itemsPence < rule.minSpendPence) return 0;
  return promoDiscount(rule, itemsPence);
}

/** A code the checkout's Apply accepted (issue 31): enough to show its line as the estimate changes. */
export type AppliedCode = PromoAmount & {
  code: string;
  /** A promo code of the shop, or a customer's referral code. */
  source: 'promo' | 'referral';
  minSpendPence: number;
};

/** The line's words: "Promo APP30", "Referral code GRACE-7QX2". */
export function appliedCodeLabel(applied: Pick<AppliedCode, 'code' | 'source'>): string {
  return applied.source === 'referral' ? `Referral code ${applied.code}` : `Promo ${applied.code}`;
}

/**
 * The estimate with the code (issue 31): what it takes off the listed items, and the total
 * after it with the minimum order (the shop's floor, discounts included; decision 037).
 * Nothing listed: the discount is not known until the shop prices the items (null).
 */
export function estimateWithCode(
  applied: AppliedCode,
  estimate: { itemsPence: number; totalPence: number | null },
): { discountPence: number | null; totalPence: number | null; belowMinimumSpend: boolean } {
  if (estimate.totalPence === null) {
    return { discountPence: null, totalPence: null, belowMinimumSpend: false };
  }
  const belowMinimumSpend = estimate.itemsPence < applied.minSpendPence;
  const discountPence = invoicePromoDiscount(applied, estimate.itemsPence);
  return {
    discountPence,
    totalPence: Math.max(estimate.itemsPence - discountPence, MINIMUM_ORDER_PENCE),
    belowMinimumSpend,
  };
}

/** What a code takes off, for people: "30 % off" or "£10.00 off". */
export function describeOffer(rule: Pick<PromoAmount, 'kind' | 'percentOff' | 'amountOffPence'>) {
  return rule.kind === 'percent'
    ? `${rule.percentOff ?? 0} % off`
    : `${formatGbp(rule.amountOffPence ?? 0)} off`;
}
