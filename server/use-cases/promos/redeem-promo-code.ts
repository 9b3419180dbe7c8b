import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  checkPromo,
  normalisePromoCode,
  promoMessages,
  referralRule,
  type PromoRefusal,
  type PromoRule,
} from '@shared/promo';
import type { ErrorCodeOf } from '@shared/error-codes';
import type { DbOrTx } from '../../db/client';
import { customers, orders, promoCodes } from '../../db/schema';
import { ValidationError } from '../../errors';
import {
  countEarlierOrders,
  lockPerson,
  ordersOf,
  referrerMatch,
  type OrderingPerson,
} from './same-person';

export type RedeemedCode = { promoCodeId: number | null; referredBy: string | null };

/** The code of each refusal of the promo rules (shared/promo.ts), for the page to act on. */
const REFUSAL_CODES: Record<PromoRefusal, ErrorCodeOf<'invalid'>> = {
  unknown: 'promo-unknown',
  'not-started': 'promo-not-started',
  expired: 'promo-expired',
  'used-up': 'promo-used-up',
  'customer-limit': 'promo-customer-limit',
  'below-minimum': 'promo-below-minimum',
  'first-order-only': 'first-order-only',
  'own-referral': 'own-referral',
};

const refuse = (message: string, reason: PromoRefusal) =>
  new ValidationError(message, { promo_code: [message] }, REFUSAL_CODES[reason]);

/** A promo_codes row as the rules read it. */
export function ruleOf(row: typeof promoCodes.$inferSelect): PromoRule {
  return {
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOffPence: row.amountOffPence,
    firstOrderOnly: row.firstOrderOnly,
    minSpendPence: row.minSpendPence,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    perCustomerLimit: row.perCustomerLimit,
    totalLimit: row.totalLimit,
    used: row.used,
    active: row.active,
  };
}

/**
 * A step of placing an order (issue 18, decision 037), in the order's transaction: the code
 * the customer entered, a promo code or a friend's referral code, checked against its rules
 * (shared/promo.ts) and its use counted. Earlier orders are the person's: their customer's and
 * those placed under the same e-mail (in its normal form), phone or home (issue 31, N3;
 * `same-person.ts`); a lock per key makes their own two checkouts wait for each other, so a
 * first-order or once-per-customer code is taken once. A referral code is refused when its
 * owner is that person. The total limit is kept by a conditional update (and the
 * promo_codes_used check), so the last use is taken once. A refusal is a 422 on `promo_code`
 * naming the rule; nothing is written.
 */
export async function redeemPromoCode(
  tx: DbOrTx,
  input: {
    /** Who is ordering: their customer row and the order's keys (e-mail, phone, home). */
    person: OrderingPerson;
    code: string;
    spendPence: number | null;
    now: Date;
  },
): Promise<RedeemedCode> {
  const code = normalisePromoCode(input.code);
  if (!code) return { promoCodeId: null, referredBy: null };
  const { person } = input;
  // One checkout at a time per person (a guest is a new customer row each time).
  await lockPerson(tx, person.keys);
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  const [referrer] = row
    ? []
    : await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.referralCode, code), isNull(customers.deletedAt)))
        .limit(1);
  if (referrer && (await referrerMatch(tx, referrer.id, person))) {
    throw refuse(promoMessages.ownReferral(), 'own-referral');
  }
  const previous = await countEarlierOrders(tx, person);
  const [uses] = row
    ? await tx
        .select({ n: count() })
        .from(orders)
        .where(and(ordersOf(person), eq(orders.promoCodeId, row.id)))
    : [{ n: 0 }];
  const rule = row ? ruleOf(row) : referrer ? referralRule(code) : null;
  const checked = checkPromo(code, rule, {
    now: input.now,
    previousOrders: previous,
    customerUses: uses?.n ?? 0,
    spendPence: input.spendPence,
  });
  if (!checked.ok) throw refuse(checked.message, checked.reason);
  if (!row) return { promoCodeId: null, referredBy: referrer!.id };
  // The database keeps the total: of two checkouts for the last use, the second finds none.
  const taken = await tx
    .update(promoCodes)
    .set({ used: sql`${promoCodes.used} + 1` })
    .where(
      and(
        eq(promoCodes.id, row.id),
        eq(promoCodes.active, true),
        sql`(${promoCodes.totalLimit} is null or ${promoCodes.used} < ${promoCodes.totalLimit})`,
      ),
    )
    .returning({ id: promoCodes.id });
  if (taken.length === 0) throw refuse(promoMessages.usedUp(row.code), 'used-up');
  return { promoCodeId: row.id, referredBy: null };
}

/**
 * A step of cancelling an order (issue 18, decision 037), in the cancel's transaction: the
 * promo code it was placed with gets its use back (`used` down by one, never below 0), so a
 * code used up in total can be used again. Every cancel passes here: the customer's own
 * (cancellations/cancel-order.ts, which SKIP by text and a recurring skip go through too) and
 * staff's (orders/move-order.ts `applyMove`). `order` is the row as read, locked, before the
 * cancel: an order already cancelled gives nothing back (cancelled is final, so an order
 * gives its use back once). The per-customer limit needs nothing here: it never counts
 * cancelled orders (`redeemPromoCode`). True when a use was given back.
 */
export async function givePromoUseBack(
  tx: DbOrTx,
  order: { status: string; promoCodeId: number | null },
): Promise<boolean> {
  if (order.promoCodeId === null || order.status === 'cancelled') return false;
  const back = await tx
    .update(promoCodes)
    .set({ used: sql`${promoCodes.used} - 1` })
    .where(and(eq(promoCodes.id, order.promoCodeId), gt(promoCodes.used, 0)))
    .returning({ id: promoCodes.id });
  return back.length > 0;
}
