import { asc, eq } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { customerCredits, orderEvents, orderItems, payments, textMessages } from '../../db/schema';
import { documentsOfOrders } from '../invoices/vat-documents';
import { savedCardOf } from '../payments/charge-order';
import { overpaidPence } from '../payments/settle-overpayment';
import { findOrder } from './find-order';
import { latestApprovalOf } from '../approvals/price-approval';
import { orderThread } from '../approvals/order-thread';
import { careOfCustomers } from '../accounts/care-preferences';
import { branchOfOrder } from '../branches/order-branch';

/** Everything staff see of one order (its approval request and thread too), as rows (adminOrderView presents it). */
export async function adminOrderDetail(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { id: string },
) {
  const { db } = deps;
  const now = deps.now();
  const { id } = input;
  const order = await findOrder(db, id);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.id));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, id))
    .orderBy(asc(payments.createdAt));
  const card = await savedCardOf(db, id);
  const credits = await db
    .select()
    .from(customerCredits)
    .where(eq(customerCredits.orderId, id))
    .orderBy(asc(customerCredits.id));
  return {
    order,
    items,
    events,
    payments: paymentRows,
    credits,
    documents: (await documentsOfOrders(db, [id])).get(id) ?? [],
    savedCard: card ?? null,
    overpaidPence: overpaidPence(order),
    approval: await latestApprovalOf(db, id),
    messages: await orderThread(db, id),
    /** Issue 17: the order's texts and the customer's replies, oldest first. */
    texts: await db
      .select()
      .from(textMessages)
      .where(eq(textMessages.orderId, id))
      .orderBy(asc(textMessages.createdAt), asc(textMessages.id)),
    /** Issue 18: the customer's garment care preferences. */
    care: (await careOfCustomers(db, [order.customerId])).get(order.customerId ?? '') ?? null,
    /** Issue 32: the branch that processes it and its moves. */
    branch: await branchOfOrder(db, order),
    now,
  };
}
