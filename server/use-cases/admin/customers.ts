import { asc, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { normalisePostcode } from '@shared/postcode';
import type { AppServices } from '../../services';
import { customerAddresses, customers, orders } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { recordAudit, type Actor } from '../audit/record-audit';
import { escapeLike, liveCustomerMatching } from '../../db/sql';
import { customerView } from '../orders/present-order-parts';
import { customerData } from '../customer-data/customer-data';

/** Customers whose name, e-mail, phone or postcode matches; erased ones are not listed. */
export async function searchCustomers(deps: Pick<AppServices, 'db'>, input: { query: string }) {
  const { db } = deps;
  const q = input.query.trim();
  if (q.length < 2) return [];
  const postcode = normalisePostcode(q) ?? q.toUpperCase();
  const byPostcode = db
    .select({ id: customerAddresses.customerId })
    .from(customerAddresses)
    .where(
      or(
        ilike(customerAddresses.postcode, `${escapeLike(postcode)}%`),
        ilike(customerAddresses.postcode, `${escapeLike(q.toUpperCase())}%`),
      ),
    );
  const rows = await db
    .select()
    .from(customers)
    .where(liveCustomerMatching(q, inArray(customers.id, byPostcode)))
    .orderBy(asc(customers.name))
    .limit(50);
  return rows.map((c) => ({
    id: c.id,
    ...customerView(c),
    guest: c.isGuest,
    created_at: c.createdAt.toISOString(),
  }));
}

/** One customer with their addresses and orders, as rows (customerDetailView presents them). */
export async function customerDetail(deps: Pick<AppServices, 'db'>, input: { id: string }) {
  const { db } = deps;
  const { id } = input;
  const [customer] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!customer) throw new NotFoundError('We could not find that customer.');
  const addresses = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, id))
    .orderBy(asc(customerAddresses.createdAt));
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, id))
    .orderBy(desc(orders.createdAt));
  return { customer, addresses, orders: orderRows };
}

/**
 * Everything held about one customer, for a data-access request (terms, spec 9): account,
 * addresses, orders with items, events and payments, sessions, newsletter and waiting-list
 * entries. Secrets (password and token hashes) are not personal data of theirs and stay out.
 */
export async function exportCustomer(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: { actor: Actor; id: string },
) {
  const data = await customerData(deps, { customerId: input.id });
  await recordAudit(deps.db, {
    actor: input.actor,
    now: deps.now(),
    action: 'customer.export',
    entity: 'customer',
    entityId: input.id,
    after: { email: data.customer.email },
  });
  return data;
}
