import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { appOfferMessages, checkAppOffer, type OrderSource } from '@shared/app-offer';
import type { DbOrTx } from '../../db/client';
import { orders, payments } from '../../db/schema';
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
    earlierClaims: (claims?.n ?? 0) + (await claimsWithTheirCards(tx, input.person)),
    otherOffer: Boolean(input.redeemed?.promoCodeId || input.redeemed?.referredBy),
  });
  if (!checked.ok) {
    throw new ValidationError(checked.message, { app_offer: [checked.message] }, checked.code);
  }
  return input.percent;
}

/** Succeeded card saves of these card fingerprints on orders that had the offer, but `except`. */
async function offerOrdersWithCards(
  tx: DbOrTx,
  fingerprints: string[],
  except?: string,
): Promise<number> {
  if (fingerprints.length === 0) return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${orders.id})::int` })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        inArray(payments.cardFingerprint, fingerprints),
        eq(payments.kind, 'card_setup'),
        eq(payments.status, 'succeeded'),
        isNotNull(orders.appOfferPercent),
        ne(orders.status, 'cancelled'),
        except ? ne(orders.id, except) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Earlier claims by another account with a card this person saved before (064). */
async function claimsWithTheirCards(tx: DbOrTx, person: OrderingPerson): Promise<number> {
  const cards = await tx
    .selectDistinct({ fingerprint: payments.cardFingerprint })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(ordersOf(person), isNotNull(payments.cardFingerprint), eq(payments.status, 'succeeded')),
    );
  return offerOrdersWithCards(
    tx,
    cards.map((c) => c.fingerprint!),
  );
}

/**
 * The offer's "one per card" when the card is saved (decision 064): cards are saved after the
 * order is placed, so an order that claimed the offer is checked again then. When the same
 * card (the provider's fingerprint) is saved on another order that had the offer, this order
 * loses it (kept at the usual price, the card saved all the same) and the customer is told
 * why. A step in the card's transaction, the order locked; the card's lock makes two orders
 * saving one card at once take turns. Returns the refusal's message, or null.
 */
export async function appOfferCardCheck(
  tx: DbOrTx,
  input: {
    order: Pick<typeof orders.$inferSelect, 'id' | 'appOfferPercent'>;
    fingerprint: string | null | undefined;
  },
): Promise<string | null> {
  const { order, fingerprint } = input;
  if (order.appOfferPercent === null || !fingerprint) return null;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`app-offer-card:${fingerprint}`}))`);
  if ((await offerOrdersWithCards(tx, [fingerprint], order.id)) === 0) return null;
  await tx.update(orders).set({ appOfferPercent: null }).where(eq(orders.id, order.id));
  return appOfferMessages.usedCard(order.appOfferPercent);
}
