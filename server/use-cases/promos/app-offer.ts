import { and, isNotNull, sql } from 'drizzle-orm';
import { checkAppOffer, type OrderSource } from '@shared/app-offer';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { ValidationError } from '../../errors';
import type { RedeemedCode } from './redeem-promo-code';
import { lockPerson, ordersOf, type OrderingPerson } from './same-person';

/**
 * A step of placing an order (issue 33, decision 061), in the order's transaction, after the
 * code was redeemed: the app's first-order offer claimed by an order placed from the app,
 * checked by the pure rules (shared/app-offer.ts) under the person's lock, so of two checkouts
 * of one person one only has it. Returns the percentage to keep on the order, or null when
 * the order does not claim it; a refusal is a 422 on `app_offer` with its code, nothing
 * written.
 */
export async function claimAppOffer(
  tx: DbOrTx,
  input: {
    person: OrderingPerson;
    percent: number;
    source: OrderSource;
    claimed: boolean;
    redeemed: RedeemedCode | null;
  },
): Promise<number | null> {
  if (!input.claimed) return null;
  await lockPerson(tx, input.person.keys);
  const [claims] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(ordersOf(input.person), isNotNull(orders.appOfferPercent)));
  const checked = checkAppOffer(input.percent, {
    source: input.source,
    earlierClaims: claims?.n ?? 0,
    otherOffer: Boolean(input.redeemed?.promoCodeId || input.redeemed?.referredBy),
  });
  if (!checked.ok) {
    throw new ValidationError(checked.message, { app_offer: [checked.message] }, checked.code);
  }
  return input.percent;
}
