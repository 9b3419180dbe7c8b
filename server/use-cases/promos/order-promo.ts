import { eq } from 'drizzle-orm';
import { referralRule, type PromoRule } from '@shared/promo';
import { appOfferLabel, appOfferRule } from '@shared/app-offer';
import type { DbOrTx } from '../../db/client';
import { promoCodes } from '../../db/schema';
import { ruleOf } from './redeem-promo-code';

type OrderCodes = {
  promoCodeId: number | null;
  referredBy: string | null;
  /** Issue 33: the app's first-order offer it claimed, as a percentage. */
  appOfferPercent?: number | null;
};

/**
 * The offer an order was placed with (issue 18): the app's first-order offer (issue 33), its
 * promo code's rules, the referral offer for a friend's first order, or null. Read when the order is priced (writeOrderItems).
 */
export async function orderPromoRule(db: DbOrTx, order: OrderCodes): Promise<PromoRule | null> {
  if (order.appOfferPercent) return appOfferRule(order.appOfferPercent);
  if (order.promoCodeId !== null) {
    const [row] = await db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.id, order.promoCodeId))
      .limit(1);
    // A code staff deactivated after the order was placed still counts for that order.
    return row ? ruleOf({ ...row, active: true }) : null;
  }
  return order.referredBy ? referralRule('REFERRAL') : null;
}

/** The discount's words on the invoice, the payment page and the PDF. */
export async function discountLabel(db: DbOrTx, order: OrderCodes): Promise<string> {
  if (order.appOfferPercent) return appOfferLabel(order.appOfferPercent);
  if (order.promoCodeId !== null) {
    const [row] = await db
      .select({ code: promoCodes.code })
      .from(promoCodes)
      .where(eq(promoCodes.id, order.promoCodeId))
      .limit(1);
    if (row) return `Discount (promo code ${row.code})`;
  }
  return order.referredBy ? 'Discount (a friend’s referral)' : 'Discount';
}
