import { isUniqueViolation } from '../../db/errors';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PlaceOrderPayload } from '@shared/checkout';
import type { AddressInput } from '@shared/validation';
import type { Database, Transaction } from '../../db/client';
import { customerAddresses, customers, orderEvents, orders, referrals } from '../../db/schema';
import { UnauthorizedError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { saveCustomerAddress } from '../accounts/save-address';
import { coverageOf } from '../booking/coverage';
import { reserveSlots } from '../slots/reserve-slots';
import { priceEstimate } from './price-estimate';
import { collectionChangePath } from '../../auth/reschedule-access';
import { newOrderNotificationEmail, orderConfirmationEmail } from '../mail/placed-order-emails';
import { chooseTextUpdates } from '../messages/message-preferences';
import { notifyCustomer } from '../messages/notify-customer';
import { redeemPromoCode } from '../promos/redeem-promo-code';

/** Who is ordering, as the server established it (session or checkout token). */
export type OrderingCustomer =
  | { kind: 'session'; customerId: string }
  | { kind: 'checkout-token'; customerId: string; addressId: string };

export type PlacedOrder = {
  orderId: string;
  orderNo: number;
  status: string;
  /** The estimate as the server priced it (null: nothing listed) and the cap, in pence. */
  estimatePence: number | null;
  priceCapPence: number | null;
};

async function existingOrder(db: Database, key: string, customerId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      customerId: orders.customerId,
      estimatePence: orders.estimatePence,
      priceCapPence: orders.priceCapPence,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, key))
    .limit(1);
  if (!row) return null;
  // A key is only good for its own customer; someone else's key is just a conflict.
  if (row.customerId !== customerId) {
    throw new ValidationError('Please check mandatory fields.', {
      idempotency_key: ['This checkout attempt belongs to someone else.'],
    });
  }
  return {
    orderId: row.id,
    orderNo: row.orderNo,
    status: row.status,
    estimatePence: row.estimatePence,
    priceCapPence: row.priceCapPence,
  };
}

/** The address the order is collected from: the token's, or the booking's for a session. */
async function addressFor(
  tx: Transaction,
  who: OrderingCustomer,
  payload: PlaceOrderPayload,
  now: Date,
): Promise<{
  fullAddress: string;
  postcode: string;
  door: string;
  company: string;
  type: string;
  json: unknown;
  /** Issue 18: how to get in, as the customer entered it (the booking's, else the entry's). */
  accessNotes: string;
}> {
  if (who.kind === 'checkout-token') {
    const [address] = await tx
      .select()
      .from(customerAddresses)
      .where(
        and(
          eq(customerAddresses.id, who.addressId),
          eq(customerAddresses.customerId, who.customerId),
        ),
      )
      .limit(1);
    if (!address)
      throw new UnauthorizedError('Please fill in your details again to place the order.');
    return {
      fullAddress: address.fullAddress,
      postcode: address.postcode,
      door: address.doorNumber,
      company: address.company,
      type: address.addressType,
      json: address,
      accessNotes: payload.access_notes || address.accessNotes,
    };
  }
  if (!payload.address || typeof payload.address === 'string') {
    // A logged-in customer without a booking address: their latest address-book entry.
    const [latest] = await tx
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, who.customerId))
      .orderBy(desc(customerAddresses.updatedAt))
      .limit(1);
    if (!latest) {
      throw new ValidationError('Please check mandatory fields.', {
        address: ['Please choose your address'],
      });
    }
    return {
      fullAddress: latest.fullAddress,
      postcode: latest.postcode,
      door: latest.doorNumber,
      company: latest.company,
      type: latest.addressType,
      json: latest,
      accessNotes: payload.access_notes || latest.accessNotes,
    };
  }
  const address: AddressInput & { building: string; access_notes: string } = {
    ...payload.address,
    door_number: payload.door_number || payload.address.door_number,
    building: payload.building,
    access_notes: payload.access_notes,
  };
  // Kept in the customer's address book unless it is already there.
  const { fullAddress } = await saveCustomerAddress(tx, {
    customerId: who.customerId,
    address,
    now,
  });
  return {
    fullAddress,
    postcode: address.postcode,
    door: address.door_number,
    company: address.company,
    type: address.address_type,
    json: address,
    accessNotes: address.access_notes,
  };
}

/**
 * POST /placeorder. One transaction: the slots are re-checked and their places taken, the
 * order, its first event and both e-mails are written, or nothing is. A repeated submission
 * with the same idempotency key returns the order the first one made.
 */
export async function placeOrder(
  services: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: {
    who: OrderingCustomer;
    payload: PlaceOrderPayload;
    ip: string;
  },
): Promise<PlacedOrder> {
  const now = services.now();
  const { db, config } = services;
  const { who, payload } = input;
  const key = payload.idempotency_key;
  if (key) {
    const done = await existingOrder(db, key, who.customerId);
    if (done) return done;
  }
  try {
    return await db.transaction(async (tx) => {
      const [customer] = await tx
        .select()
        .from(customers)
        .where(and(eq(customers.id, who.customerId), isNull(customers.deletedAt)))
        .limit(1);
      if (!customer)
        throw new UnauthorizedError('Please fill in your details again to place the order.');
      // Issue 17: "Text me updates" (absent: the customer's choices stay as they are).
      if (payload.text_updates) {
        await chooseTextUpdates(tx, {
          customerId: customer.id,
          phone: customer.phone,
          choice: payload.text_updates,
        });
      }
      // Priced from the price list in this transaction; the cap is the customer's or the
      // default for the estimate (decision 022).
      const priced = await priceEstimate(tx, {
        estimate: payload.estimate,
        priceCapPence: payload.price_cap,
      });
      // Issue 18: a promo or referral code, checked and its use counted (decision 037).
      const redeemed = payload.promo_code
        ? await redeemPromoCode(tx, {
            customerId: customer.id,
            email: customer.email,
            code: payload.promo_code,
            spendPence: priced.estimate?.items.length
              ? priced.estimate.items.reduce((sum, i) => sum + i.quantity * i.unitPricePence, 0)
              : null,
            now,
          })
        : null;
      const address = await addressFor(tx, who, payload, now);
      const coverage = await coverageOf(tx, { postcode: address.postcode, brand: config.brand });
      if (!coverage.served) {
        throw new ValidationError(coverage.message, { postalcode: [coverage.message] });
      }
      const slots = await reserveSlots(tx, {
        pickup: { date: payload.pickup_date, start: payload.pickup_start },
        delivery: { date: payload.delivery_date, start: payload.delivery_start },
        now,
      });
      const [order] = await tx
        .insert(orders)
        .values({
          customerId: customer.id,
          status: payload.status,
          customerName: payload.customer_name,
          customerEmail: customer.email,
          customerPhone: customer.phone,
          customerNotes: payload.customer_notes,
          companyName: payload.company_name || address.company,
          doorNumber: address.door,
          postcode: address.postcode,
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
          ip: input.ip,
          idempotencyKey: key,
          promoCodeId: redeemed?.promoCodeId ?? null,
          referredBy: redeemed?.referredBy ?? null,
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
        toStatus: payload.status,
        actor: who.kind === 'session' ? 'customer' : 'guest',
        at: now,
      });
      const facts = {
        orderId: order!.id,
        orderNo: order!.orderNo,
        status: order!.status,
        customerName: payload.customer_name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        notes: payload.customer_notes,
        fullAddress: address.fullAddress,
        pickup: slots.pickup,
        delivery: slots.delivery,
        trackingToken: order!.trackingToken,
        estimatePence: order!.estimatePence,
        priceCapPence: order!.priceCapPence,
        changeCollectionPath: collectionChangePath(services, order!),
      };
      await services.mail.enqueue(
        orderConfirmationEmail(config.brand, config.publicUrl, facts),
        tx,
      );
      await services.mail.enqueue(newOrderNotificationEmail(config.brand, facts), tx);
      // The customer's text, when they chose texts (issue 17, decision 031).
      await notifyCustomer(tx, { order: order!, now, event: 'booking-confirmed' }, services);
      return {
        orderId: order!.id,
        orderNo: order!.orderNo,
        status: order!.status,
        estimatePence: order!.estimatePence,
        priceCapPence: order!.priceCapPence,
        changeCollectionPath: collectionChangePath(services, order!),
      };
    });
  } catch (error) {
    // Two submissions with one key at the same moment: the loser returns the winner's order.
    if (key && isUniqueViolation(error, 'orders_idempotency_key_unique')) {
      const done = await existingOrder(db, key, who.customerId);
      if (done) return done;
    }
    throw error;
  }
}
