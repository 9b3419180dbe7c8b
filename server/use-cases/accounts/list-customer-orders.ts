import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { customerAddresses, customers, orderItems, orders, textMessages } from '../../db/schema';
import { UnauthorizedError } from '../../errors';
import { preparedQuery } from '../../db/prepared';
import { checkCancellation, checkReschedule } from './cancellation-policy';
import { pendingEmailChange } from './change-email';
import { documentsOfOrders } from '../invoices/vat-documents';
import { openApprovalsOf } from '../approvals/price-approval';
import { awaitsApproval } from '@shared/order-approval';

// Read on every account page: prepared once (server/db/prepared.ts).
const customerRow = preparedQuery('account_customer', (db, name) =>
  db
    .select()
    .from(customers)
    .where(and(eq(customers.id, sql.placeholder('customerId')), isNull(customers.deletedAt)))
    .limit(1)
    .prepare(name),
);
const customerOrderRows = preparedQuery('account_orders', (db, name) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.customerId, sql.placeholder('customerId')))
    .orderBy(desc(orders.createdAt), desc(orders.orderNo))
    .limit(200)
    .prepare(name),
);
const addressBook = preparedQuery('account_addresses', (db, name) =>
  db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, sql.placeholder('customerId')))
    .orderBy(asc(customerAddresses.createdAt))
    .prepare(name),
);

/**
 * GET /orders: the customer with their orders (newest first, each with its lines and whether
 * it may still be cancelled, and the approval request it waits on) and address book, as rows; customerOrdersView presents them.
 */
export async function listCustomerOrders(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { customerId: string },
) {
  const { db } = deps;
  const { customerId } = input;
  const now = deps.now();
  // Two rounds of reads at once, not nine one after another (issue 30: the account's p99):
  // what needs only the customer, then what needs their orders' ids.
  const [[customer], orderRows, addresses, pendingEmail] = await Promise.all([
    customerRow(db).execute({ customerId }),
    customerOrderRows(db).execute({ customerId }),
    addressBook(db).execute({ customerId }),
    pendingEmailChange(db, { customerId, now }),
  ]);
  if (!customer) throw new UnauthorizedError();
  const orderIds = orderRows.map((o) => o.id);
  const [items, documents, texts, approvals] = await Promise.all([
    orderIds.length
      ? db
          .select()
          .from(orderItems)
          .where(inArray(orderItems.orderId, orderIds))
          .orderBy(asc(orderItems.id))
      : [],
    documentsOfOrders(db, orderIds),
    // Issue 17: the texts about each order and the replies to them, oldest first. Only texts
    // of this customer's own orders: the order ids come from their orders above.
    orderIds.length
      ? db
          .select()
          .from(textMessages)
          .where(inArray(textMessages.orderId, orderIds))
          .orderBy(asc(textMessages.createdAt), asc(textMessages.id))
      : [],
    openApprovalsOf(
      db,
      orderRows.filter((o) => awaitsApproval(o)).map((o) => o.id),
    ),
  ]);

  return {
    customer,
    pendingEmail,
    now,
    orders: orderRows.map((order) => ({
      order,
      items: items.filter((i) => i.orderId === order.id),
      canCancel: checkCancellation(order, now).allowed,
      canChange: {
        collection: checkReschedule(order, 'collection', now).allowed,
        delivery: checkReschedule(order, 'delivery', now).allowed,
      },
      documents: documents.get(order.id) ?? [],
      /** The request waiting for the customer's approval (issue 15), or null. */
      approval: approvals.get(order.id) ?? null,
      texts: texts.filter((t) => t.orderId === order.id),
    })),
    addresses,
  };
}
