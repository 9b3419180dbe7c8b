import type { OrderSource } from '@shared/app-offer';
import type { OrderStatus } from '@shared/order-status';
import type { PersonKeys } from '@shared/same-person';
import type { Transaction } from '../../db/client';
import { orderEvents, orders, referrals } from '../../db/schema';
import { branchForPostcode } from '../branches/order-branch';
import type { RedeemedCode } from '../promos/redeem-promo-code';
import type { ReservedSlot } from '../slots/reserve-slots';
import type { OrderAddress, PlaceOrderInput } from './place-order';
import type { PricedEstimate } from './price-estimate';

/**
 * Writes the order, the referral it came with and its first event, in the caller's
 * transaction: a step (decision 020).
 */
export async function insertOrder(
  tx: Transaction,
  input: {
    customer: { id: string; email: string; phone: string; passwordHash: string | null };
    order: Pick<PlaceOrderInput, 'who' | 'name' | 'notes' | 'company' | 'ip' | 'idempotencyKey'>;
    status: OrderStatus;
    address: OrderAddress;
    slots: { pickup: ReservedSlot; delivery: ReservedSlot };
    priced: PricedEstimate;
    redeemed: RedeemedCode | null;
    /** Issue 33: where it was placed, and the app's offer it claimed (a percentage). */
    source: OrderSource;
    appOfferPercent: number | null;
    /** Who placed it, as offers compare people (issue 31). */
    keys: PersonKeys;
    now: Date;
  },
) {
  const { customer, order: placed, address, slots, priced, redeemed, now } = input;
  const [order] = await tx
    .insert(orders)
    .values({
      customerId: customer.id,
      status: input.status,
      customerName: placed.name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      customerNotes: placed.notes,
      companyName: placed.company || address.company,
      doorNumber: address.door,
      postcode: address.postcode,
      branchId: await branchForPostcode(tx, address.postcode),
      addressType: address.type,
      fullAddress: address.fullAddress,
      addressJson: address.json,
      accessNotes: address.accessNotes,
      pickupStartsAt: slots.pickup.startsAt,
      pickupEndsAt: slots.pickup.endsAt,
      deliveryStartsAt: slots.delivery.startsAt,
      deliveryEndsAt: slots.delivery.endsAt,
      estimate: priced.estimate,
      estimatePence: priced.estimatePence,
      priceCapPence: priced.priceCapPence,
      ip: placed.ip,
      idempotencyKey: placed.idempotencyKey,
      promoCodeId: redeemed?.promoCodeId ?? null,
      referredBy: redeemed?.referredBy ?? null,
      source: input.source,
      appOfferPercent: input.appOfferPercent,
      emailKey: input.keys.email,
      phoneKey: input.keys.phone,
      addressKey: input.keys.address,
      createdAt: now,
      statusChangedAt: now,
    })
    .returning();
  if (redeemed?.referredBy) {
    await tx.insert(referrals).values({
      referrerId: redeemed.referredBy,
      orderId: order!.id,
      createdAt: now,
    });
  }
  await tx.insert(orderEvents).values({
    orderId: order!.id,
    fromStatus: null,
    toStatus: input.status,
    // Who booked, in the history's words (walkthrough 24): someone who made an account in
    // the checkout is not a guest.
    actor:
      placed.who.kind === 'session'
        ? 'customer'
        : customer.passwordHash
          ? 'registered at checkout'
          : 'guest',
    at: now,
  });
  return order!;
}
