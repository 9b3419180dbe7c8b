import { eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  areaWaitlist,
  carePreferences,
  customerAddresses,
  customerCredits,
  customers,
  newsletterSubscribers,
  orderCases,
  orderEvents,
  orderGarments,
  orderItems,
  orderMessages,
  orders,
  payments,
  priceApprovals,
  recurringOccurrences,
  recurringPlans,
  referrals,
  reviews,
  sessions,
  textMessages,
} from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { customerDataView } from './present-customer-data';

/*
 * Everything held about one customer (a data-access request, terms and spec 9; "download my
 * data" of issue 18, decision 038): the account, addresses, garment care, orders with their
 * items, history, payments, approvals, garments, messages and cases, texts, credit, reviews,
 * repeat collections and referrals. One read for the customer's own download and for staff's
 * export. Never a secret (password hash, session or link tokens, codes, provider ids), never
 * staff's ids, never another customer's data (a referral names no friend).
 */

export async function customerData(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: { customerId: string },
) {
  const db: DbOrTx = deps.db;
  const id = input.customerId;
  const [customer] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!customer) throw new NotFoundError('We could not find that customer.');
  const addresses = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, id));
  const orderRows = await db.select().from(orders).where(eq(orders.customerId, id));
  const orderIds = orderRows.map((o) => o.id);
  const byOrder = async <T>(read: () => Promise<T[]>) => (orderIds.length ? read() : []);
  const items = await byOrder(() =>
    db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
  );
  const events = await byOrder(() =>
    db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)),
  );
  const paymentRows = await byOrder(() =>
    db.select().from(payments).where(inArray(payments.orderId, orderIds)),
  );
  const approvals = await byOrder(() =>
    db.select().from(priceApprovals).where(inArray(priceApprovals.orderId, orderIds)),
  );
  const garments = await byOrder(() =>
    db.select().from(orderGarments).where(inArray(orderGarments.orderId, orderIds)),
  );
  const messages = await byOrder(() =>
    db.select().from(orderMessages).where(inArray(orderMessages.orderId, orderIds)),
  );
  const cases = await byOrder(() =>
    db.select().from(orderCases).where(inArray(orderCases.orderId, orderIds)),
  );
  const texts = await db
    .select()
    .from(textMessages)
    .where(
      or(
        eq(textMessages.customerId, id),
        orderIds.length ? inArray(textMessages.orderId, orderIds) : undefined,
      ),
    );
  const [care] = await db.select().from(carePreferences).where(eq(carePreferences.customerId, id));
  const credits = await db.select().from(customerCredits).where(eq(customerCredits.customerId, id));
  const reviewRows = await db
    .select()
    .from(reviews)
    .where(
      or(
        eq(reviews.customerId, id),
        orderIds.length ? inArray(reviews.orderId, orderIds) : undefined,
      ),
    );
  const plans = await db.select().from(recurringPlans).where(eq(recurringPlans.customerId, id));
  const occurrences = plans.length
    ? await db
        .select()
        .from(recurringOccurrences)
        .where(
          inArray(
            recurringOccurrences.planId,
            plans.map((p) => p.id),
          ),
        )
    : [];
  const referred = await db.select().from(referrals).where(eq(referrals.referrerId, id));
  const sessionRows = await db.select().from(sessions).where(eq(sessions.customerId, id));
  const newsletter = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, customer.email));
  const waitlist = await db
    .select()
    .from(areaWaitlist)
    .where(eq(areaWaitlist.email, customer.email));
  return customerDataView(deps.config.brand, deps.now(), {
    customer,
    addresses,
    care: care ?? null,
    orders: orderRows,
    items,
    events,
    payments: paymentRows,
    approvals,
    garments,
    messages,
    cases,
    texts,
    credits,
    reviews: reviewRows,
    plans,
    occurrences,
    referred,
    sessions: sessionRows,
    newsletter,
    waitlist,
  });
}
