import { isUniqueViolation } from '../../db/errors';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { EstimateInput } from '@shared/checkout';
import type { TextUpdateChoice } from '@shared/message-preferences';
import type { SlotChoice } from '@shared/slots';
import type { OrderSource } from '@shared/app-offer';
import type { OrderStatus } from '@shared/order-status';
import type { AddressInput } from '@shared/validation';
import type { Database, Transaction } from '../../db/client';
import { customerAddresses, customers, orders } from '../../db/schema';
import { UnauthorizedError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import type { OrderingCustomer } from '../../auth/ordering-customer';
import { saveCustomerAddress, type SavedAddressRow } from '../accounts/save-address';
import { coverageOf } from '../booking/coverage';
import { reserveSlots } from '../slots/reserve-slots';
import { priceEstimate } from './price-estimate';
import { collectionChangePath } from '../../auth/reschedule-access';
import { newOrderNotificationEmail, orderConfirmationEmail } from '../mail/placed-order-emails';
import { chooseTextUpdates } from '../messages/message-preferences';
import { notifyNewBooking } from '../messages/push-staff';
import { redeemPromoCode } from '../promos/redeem-promo-code';
import { claimAppOffer } from '../promos/app-offer';
import { insertOrder } from './insert-order';
import { orderKeys } from '../promos/same-person';

/**
 * How the customer will pay after cleaning: `now`, they save a card or verify PayPal on the
 * payment page once the order is placed (the order is 'pending payment' until they do);
 * `with-invoice`, by the link of the invoice e-mailed before delivery ('pending').
 */
export type PaymentDetails = 'now' | 'with-invoice';

/** An order as placeOrder takes it, from the checkout page, the API or a repeat collection. */
export type PlaceOrderInput = {
  who: OrderingCustomer;
  pickup: SlotChoice;
  delivery: SlotChoice;
  /**
   * For a logged-in customer, the booking's address, kept in their address book; without one
   * the latest entry of the book. A checkout token's order is collected from the token's.
   */
  address?: AddressInput & { building?: string };
  /** Issue 18: how to get in; empty, the address-book entry's. */
  accessNotes: string;
  /** The name the order is for (the e-mail and phone are the account's). */
  name: string;
  notes: string;
  /** A company to name on the order; empty, the address's. */
  company: string;
  paymentDetails: PaymentDetails;
  /** What the customer says they are sending, and the cap they chose (decision 022). */
  estimate?: EstimateInput;
  capPence?: number;
  /** Issue 17: "Text me updates"; absent leaves the customer's choices as they are. */
  textUpdates?: TextUpdateChoice;
  /** Issue 18: a promo code, or a friend's referral code on a first order. */
  promoCode?: string;
  /** Issue 33: placed from the installed app ('app') or the site ('web', by default). */
  source?: OrderSource;
  /** Issue 33: the order claims the app's first-order offer (shared/app-offer.ts). */
  appOffer?: boolean;
  /** One per checkout attempt: a retry with the same key returns the same order. */
  idempotencyKey?: string;
  ip: string;
};

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

/** Where the order is collected from, as the order keeps it. */
export type OrderAddress = {
  fullAddress: string;
  postcode: string;
  door: string;
  company: string;
  type: string;
  json: unknown;
  /** Issue 18: how to get in, as the customer entered it (the booking's, else the entry's). */
  accessNotes: string;
  /** The first line, which with the door and postcode says which home it is (issue 31). */
  line1: string;
};

function entryAddress(entry: SavedAddressRow, accessNotes: string): OrderAddress {
  return {
    fullAddress: entry.fullAddress,
    postcode: entry.postcode,
    door: entry.doorNumber,
    company: entry.company,
    type: entry.addressType,
    json: entry,
    accessNotes: accessNotes || entry.accessNotes,
    line1: entry.line1,
  };
}

/**
 * The address the order is collected from: the checkout token's entry; for a session the
 * booking's (kept in the address book unless it is already there), else the latest entry.
 */
async function orderAddress(
  tx: Transaction,
  input: Pick<PlaceOrderInput, 'who' | 'address' | 'accessNotes'> & { now: Date },
): Promise<OrderAddress> {
  const { who, accessNotes } = input;
  if (who.kind === 'checkout-token') {
    const [entry] = await tx
      .select()
      .from(customerAddresses)
      .where(
        and(
          eq(customerAddresses.id, who.addressId),
          eq(customerAddresses.customerId, who.customerId),
        ),
      )
      .limit(1);
    if (!entry) {
      throw new UnauthorizedError(
        'Please fill in your details again to place the order.',
        'checkout-expired',
      );
    }
    return entryAddress(entry, accessNotes);
  }
  if (!input.address) {
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
    return entryAddress(latest, accessNotes);
  }
  const address = {
    ...input.address,
    building: input.address.building ?? '',
    access_notes: accessNotes,
  };
  const { fullAddress } = await saveCustomerAddress(tx, {
    customerId: who.customerId,
    address,
    now: input.now,
  });
  return {
    fullAddress,
    postcode: address.postcode,
    door: address.door_number,
    company: address.company,
    type: address.address_type,
    json: address,
    accessNotes,
    line1: address.line1,
  };
}

/** The status an order starts in, from how the customer will pay (PaymentDetails). */
function statusAtBooking(paymentDetails: PaymentDetails): OrderStatus {
  return paymentDetails === 'now' ? 'pending payment' : 'pending';
}

/**
 * POST /placeorder, the checkout page and a repeat collection's booking. One transaction: the
 * slots are re-checked and their places taken, the order, its first event and both e-mails
 * are written, or nothing is. A repeated submission with the same idempotency key returns the
 * order the first one made.
 */
export async function placeOrder(
  services: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const now = services.now();
  const { db, config } = services;
  const { who } = input;
  const key = input.idempotencyKey;
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
        throw new UnauthorizedError(
          'Please fill in your details again to place the order.',
          'checkout-expired',
        );
      // Issue 17: "Text me updates" (absent: the customer's choices stay as they are).
      if (input.textUpdates) {
        await chooseTextUpdates(tx, {
          customerId: customer.id,
          phone: customer.phone,
          choice: input.textUpdates,
        });
      }
      // Priced from the price list in this transaction; the cap is the customer's or the
      // default for the estimate (decision 022).
      const priced = await priceEstimate(tx, {
        estimate: input.estimate,
        priceCapPence: input.capPence,
      });
      const address = await orderAddress(tx, { ...input, now });
      // Who this is, as first-order offers and referrals compare people (issue 31, N3).
      const keys = orderKeys({
        email: customer.email,
        phone: customer.phone,
        postcode: address.postcode,
        line1: address.line1,
        door: address.door,
      });
      // Issue 18: a promo or referral code, checked and its use counted (decision 037).
      const redeemed = input.promoCode
        ? await redeemPromoCode(tx, {
            person: { customerId: customer.id, keys },
            code: input.promoCode,
            spendPence: priced.estimate?.items.length
              ? priced.estimate.items.reduce((sum, i) => sum + i.quantity * i.unitPricePence, 0)
              : null,
            now,
          })
        : null;
      const appOfferPercent = await claimAppOffer(tx, {
        person: { customerId: customer.id, keys },
        percent: config.brand.appDiscountPercent,
        source: input.source ?? 'web',
        claimed: input.appOffer === true,
        redeemed,
      });
      const coverage = await coverageOf(tx, { postcode: address.postcode, brand: config.brand });
      if (!coverage.served) {
        throw new ValidationError(
          coverage.message,
          { postalcode: [coverage.message] },
          'postcode-not-covered',
        );
      }
      const slots = await reserveSlots(tx, { pickup: input.pickup, delivery: input.delivery, now });
      const order = await insertOrder(tx, {
        customer,
        order: input,
        status: statusAtBooking(input.paymentDetails),
        address,
        slots,
        priced,
        redeemed,
        source: input.source ?? 'web',
        appOfferPercent,
        keys,
        now,
      });
      const facts = {
        orderId: order.id,
        orderNo: order.orderNo,
        status: order.status,
        customerName: input.name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        notes: input.notes,
        fullAddress: address.fullAddress,
        pickup: slots.pickup,
        delivery: slots.delivery,
        trackingToken: order.trackingToken,
        estimatePence: order.estimatePence,
        priceCapPence: order.priceCapPence,
        changeCollectionPath: collectionChangePath(services, order),
      };
      await services.mail.enqueue(
        orderConfirmationEmail(config.brand, config.publicUrl, facts),
        tx,
      );
      await services.mail.enqueue(newOrderNotificationEmail(config.brand, facts), tx);
      // The customer's text and push (issues 17, 33); staff's push of a new order (issue 33).
      await notifyNewBooking(tx, { order, now }, services);
      return {
        orderId: order.id,
        orderNo: order.orderNo,
        status: order.status,
        estimatePence: order.estimatePence,
        priceCapPence: order.priceCapPence,
        changeCollectionPath: collectionChangePath(services, order),
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
