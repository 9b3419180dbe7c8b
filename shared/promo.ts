import { z } from 'zod';
import { formatGbp, MAX_ORDER_PENCE, parsePounds } from './money';
import { londonDayRange } from './london-time';
import { londonDate } from './london-zone';
import { text } from './text';
import { promoDiscount } from './promo-discount';

export {
  appliedCodeLabel,
  describeOffer,
  estimateWithCode,
  invoicePromoDiscount,
  promoDiscount,
  type AppliedCode,
} from './promo-discount';

/*
 * Promo codes and referral codes (issue 18, decision 037): the rules, pure. Money in pence.
 * The server reads the code's row and the customer's history; these functions decide.
 */

/** A promo code's rules, as stored (promo_codes) or as the referral offer below. */
export type PromoRule = {
  code: string;
  kind: 'percent' | 'fixed';
  /** 1–100 when kind is 'percent'. */
  percentOff: number | null;
  /** Pence off when kind is 'fixed'. */
  amountOffPence: number | null;
  firstOrderOnly: boolean;
  minSpendPence: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Uses per customer; null: no limit. */
  perCustomerLimit: number | null;
  /** Uses in total; null: no limit. */
  totalLimit: number | null;
  used: number;
  active: boolean;
};

/** Why a code is refused, one per rule. */
export type PromoRefusal =
  | 'unknown'
  | 'not-started'
  | 'expired'
  | 'used-up'
  | 'customer-limit'
  | 'below-minimum'
  | 'first-order-only'
  | 'own-referral';

export type PromoCheck =
  { ok: true; discountPence: number } | { ok: false; reason: PromoRefusal; message: string };

/** What the customer and their order look like to the rules. */
export type PromoContext = {
  now: Date;
  /** The customer's earlier orders (cancelled ones not counted). */
  previousOrders: number;
  /** How many of those used this code. */
  customerUses: number;
  /**
   * What the discount is taken from: the items at invoicing, the estimate at placing; null
   * when not known yet (placing with no estimate): the minimum spend is checked at invoicing.
   */
  spendPence: number | null;
};

/** The referral offer: a friend's first order, £10 off (decision 037). */
export const REFERRAL_DISCOUNT_PENCE = 1000;
/** What the referrer is credited once the friend's order is paid. */
export const REFERRAL_CREDIT_PENCE = 1000;

/**
 * A built-in offer (not a code staff made) as a rule like any promo code: once per customer,
 * no dates, no minimum spend of its own. The one builder of the referral offer and the app's
 * offer (shared/app-offer.ts).
 */
export function builtInOfferRule(
  code: string,
  off: { kind: 'percent'; percentOff: number } | { kind: 'fixed'; amountOffPence: number },
  firstOrderOnly: boolean,
): PromoRule {
  return {
    code,
    kind: off.kind,
    percentOff: off.kind === 'percent' ? off.percentOff : null,
    amountOffPence: off.kind === 'fixed' ? off.amountOffPence : null,
    firstOrderOnly,
    minSpendPence: 0,
    startsAt: null,
    endsAt: null,
    perCustomerLimit: 1,
    totalLimit: null,
    used: 0,
    active: true,
  };
}

/** The offer behind a customer's referral code, as a rule like any promo code. */
export function referralRule(code: string): PromoRule {
  return builtInOfferRule(code, { kind: 'fixed', amountOffPence: REFERRAL_DISCOUNT_PENCE }, true);
}

/** As customers type it: trimmed, upper case, inner spaces dropped ("app 30" → "APP30"). */
export function normalisePromoCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export const promoMessages = {
  unknown: (code: string) => `We do not know the code ${code}. Please check it and try again.`,
  notStarted: (code: string, startsAt: Date) =>
    `The code ${code} starts on ${londonDate(startsAt)}.`,
  expired: (code: string) => `The code ${code} has expired.`,
  usedUp: (code: string) => `The code ${code} has been used up.`,
  customerLimit: (code: string, limit: number) =>
    limit === 1
      ? `You have already used the code ${code}.`
      : `You have already used the code ${code} ${limit} times, its limit per customer.`,
  belowMinimum: (code: string, minPence: number) =>
    `The code ${code} is for orders of ${formatGbp(minPence)} or more.`,
  firstOrderOnly: (code: string) => `The code ${code} is for a first order only.`,
  ownReferral: () =>
    'Your own referral code is for your friends: it cannot be used on your orders.',
};

/**
 * Whether a code may be used, and what it takes off: the first rule broken is named. `rule`
 * null is an unknown code; an inactive code (staff deactivated it) reads as unknown too.
 * The total limit here is a courtesy check; the database keeps it (promo_codes_used).
 */
export function checkPromo(code: string, rule: PromoRule | null, ctx: PromoContext): PromoCheck {
  const refuse = (reason: PromoRefusal, message: string): PromoCheck => ({
    ok: false,
    reason,
    message,
  });
  if (!rule || !rule.active) return refuse('unknown', promoMessages.unknown(code));
  if (rule.startsAt && ctx.now < rule.startsAt) {
    return refuse('not-started', promoMessages.notStarted(rule.code, rule.startsAt));
  }
  if (rule.endsAt && ctx.now >= rule.endsAt) {
    return refuse('expired', promoMessages.expired(rule.code));
  }
  if (rule.totalLimit !== null && rule.used >= rule.totalLimit) {
    return refuse('used-up', promoMessages.usedUp(rule.code));
  }
  if (rule.firstOrderOnly && ctx.previousOrders > 0) {
    return refuse('first-order-only', promoMessages.firstOrderOnly(rule.code));
  }
  if (rule.perCustomerLimit !== null && ctx.customerUses >= rule.perCustomerLimit) {
    return refuse('customer-limit', promoMessages.customerLimit(rule.code, rule.perCustomerLimit));
  }
  if (ctx.spendPence !== null && ctx.spendPence < rule.minSpendPence) {
    return refuse('below-minimum', promoMessages.belowMinimum(rule.code, rule.minSpendPence));
  }
  return {
    ok: true,
    discountPence: ctx.spendPence === null ? 0 : promoDiscount(rule, ctx.spendPence),
  };
}

/** A code's rules besides its amount, for staff: "first order only", "minimum £40.00"… */
export function describeRules(
  rule: Pick<
    PromoRule,
    'firstOrderOnly' | 'minSpendPence' | 'startsAt' | 'endsAt' | 'perCustomerLimit'
  >,
): string[] {
  return [
    rule.firstOrderOnly ? 'first order only' : null,
    rule.minSpendPence > 0 ? `minimum ${formatGbp(rule.minSpendPence)}` : null,
    rule.startsAt ? `from ${londonDate(rule.startsAt)}` : null,
    // Stored as the end of the last day: shown as that day.
    rule.endsAt ? `until ${londonDate(new Date(rule.endsAt.getTime() - 1))}` : null,
    rule.perCustomerLimit !== null ? `${rule.perCustomerLimit} per customer` : null,
  ].filter((x): x is string => x !== null);
}

const optionalCount = (message: string) =>
  text()
    .trim()
    .refine((v) => v === '' || /^\d{1,6}$/.test(v), message)
    .transform((v) => (v === '' ? null : Number(v)))
    .refine((v) => v === null || v >= 1, message);
const optionalDate = text()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a date like 2026-12-01.')
  .transform((v) => (v === '' ? null : v));

/**
 * A new promo code as the back office's form posts it (issue 18): the amount is a percentage
 * (1–100) or pounds ('10.00'); dates are London days, the code running from the start of the
 * first to the end of the last.
 */
export const newPromoCodeSchema = z
  .object({
    code: text()
      .transform(normalisePromoCode)
      .refine((v) => /^[A-Z0-9-]{3,20}$/.test(v), 'Use 3 to 20 letters, digits or dashes.'),
    description: text().trim().max(200).default(''),
    kind: z.enum(['percent', 'fixed'], { error: 'Choose a percentage or a fixed amount.' }),
    amount: text().trim(),
    first_order_only: text()
      .optional()
      .transform((v) => v === 'on' || v === 'true'),
    min_spend: text()
      .trim()
      .default('')
      .transform((v, ctx) => {
        if (v === '') return 0;
        const pence = parsePounds(v);
        if (pence === null) {
          ctx.addIssue({ code: 'custom', message: 'Enter an amount like 40.00.' });
          return z.NEVER;
        }
        return pence;
      }),
    starts_on: optionalDate.default(null),
    ends_on: optionalDate.default(null),
    per_customer_limit: optionalCount('A whole number of uses, or empty.').default(null),
    total_limit: optionalCount('A whole number of uses, or empty.').default(null),
  })
  .transform((v, ctx) => {
    let percentOff: number | null = null;
    let amountOffPence: number | null = null;
    if (v.kind === 'percent') {
      percentOff = /^\d{1,3}$/.test(v.amount) ? Number(v.amount) : NaN;
      if (!(percentOff >= 1 && percentOff <= 100)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A percentage from 1 to 100.' });
        return z.NEVER;
      }
    } else {
      amountOffPence = parsePounds(v.amount);
      if (!amountOffPence || amountOffPence > MAX_ORDER_PENCE) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount like 10.00.' });
        return z.NEVER;
      }
    }
    const startsAt = v.starts_on ? londonDayRange(v.starts_on).from : null;
    const endsAt = v.ends_on ? londonDayRange(v.ends_on).to : null;
    if (startsAt && endsAt && endsAt <= startsAt) {
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'The end is before the start.' });
      return z.NEVER;
    }
    return {
      code: v.code,
      description: v.description,
      kind: v.kind,
      percentOff,
      amountOffPence,
      firstOrderOnly: v.first_order_only,
      minSpendPence: v.min_spend,
      startsAt,
      endsAt,
      perCustomerLimit: v.per_customer_limit,
      totalLimit: v.total_limit,
    };
  });
export type NewPromoCode = z.output<typeof newPromoCodeSchema>;
