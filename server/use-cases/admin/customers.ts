import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { normalisePostcode } from '@shared/postcode';
import type { AppServices } from '../../services';
import {
  areaWaitlist,
  customerAddresses,
  customers,
  newsletterSubscribers,
  orderEvents,
  orderItems,
  orders,
  payments,
  sessions,
} from '../../db/schema';
import { NotFoundError } from '../../errors';
import { recordAudit, type Actor } from '../audit/record-audit';
import { escapeLike } from '../../db/sql';
import { customerView, orderExportView } from '../orders/present-order';

/** Customers whose name, e-mail, phone or postcode matches; erased ones are not listed. */
export async function searchCustomers(deps: Pick<AppServices, 'db'>, input: { query: string }) {
  const { db } = deps;
  const q = input.query.trim();
  if (q.length < 2) return [];
  const like = `%${escapeLike(q)}%`;
  const digits = q.replace(/\D/g, '');
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
    .where(
      and(
        isNull(customers.deletedAt),
        or(
          ilike(customers.name, like),
          ilike(customers.email, like),
          digits.length >= 4
            ? sql`regexp_replace(${customers.phone}, '\\D', '', 'g') like ${`%${digits}%`}`
            : undefined,
          inArray(customers.id, byPostcode),
        ),
      ),
    )
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

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Everything held about one customer, for a data-access request (terms, spec 9): account,
 * addresses, orders with items, events and payments, sessions, newsletter and waiting-list
 * entries. Secrets (password and token hashes) are not personal data of theirs and stay out.
 */
export async function exportCustomer(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: { actor: Actor; id: string },
) {
  const { db } = deps;
  const { actor, id } = input;
  const now = deps.now();
  const numbering = deps.config.brand;
  const [customer] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!customer) throw new NotFoundError('We could not find that customer.');
  const addresses = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, id));
  const orderRows = await db.select().from(orders).where(eq(orders.customerId, id));
  const orderIds = orderRows.map((o) => o.id);
  const items = orderIds.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds))
    : [];
  const events = orderIds.length
    ? await db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds))
    : [];
  const paymentRows = orderIds.length
    ? await db.select().from(payments).where(inArray(payments.orderId, orderIds))
    : [];
  const sessionRows = await db.select().from(sessions).where(eq(sessions.customerId, id));
  const newsletter = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, customer.email));
  const waitlist = await db
    .select()
    .from(areaWaitlist)
    .where(eq(areaWaitlist.email, customer.email));
  await recordAudit(db, {
    actor,
    now,
    action: 'customer.export',
    entity: 'customer',
    entityId: id,
    after: { email: customer.email },
  });
  return {
    exported_at: now.toISOString(),
    customer: {
      id: customer.id,
      ...customerView(customer),
      registered: !customer.isGuest,
      created_at: iso(customer.createdAt),
      deleted_at: iso(customer.deletedAt),
    },
    addresses: addresses.map((a) => ({
      door_number: a.doorNumber,
      company: a.company,
      line1: a.line1,
      line2: a.line2,
      town: a.town,
      postcode: a.postcode,
      address_type: a.addressType,
      created_at: iso(a.createdAt),
    })),
    orders: orderRows.map((o) =>
      orderExportView(numbering, o, {
        items: items.filter((i) => i.orderId === o.id),
        events: events.filter((e) => e.orderId === o.id),
        payments: paymentRows.filter((p) => p.orderId === o.id),
      }),
    ),
    sessions: sessionRows.map((s) => ({
      created_at: iso(s.createdAt),
      expires_at: iso(s.expiresAt),
      revoked_at: iso(s.revokedAt),
      device: s.userAgent,
    })),
    newsletter: newsletter.map((n) => ({ email: n.email, subscribed_at: iso(n.createdAt) })),
    area_waitlist: waitlist.map((w) => ({ postcode: w.postcode, added_at: iso(w.createdAt) })),
  };
}
