import { and, asc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  addressKey,
  personKeys,
  samePerson,
  type PersonKeys,
  type SameBy,
} from '@shared/same-person';
import type { DbOrTx } from '../../db/client';
import { customerAddresses, customers, orders } from '../../db/schema';

/**
 * "The same person" in the database (issue 31, N3; decision 037): the pure rules of
 * shared/same-person.ts applied to orders through their stored keys. The one place that
 * decides whether an order is someone's first: promo codes for a first order (the app's
 * APP30 among them) and a friend's referral ask here.
 */

/** Arbitrary constant: the advisory lock's namespace for one person's checkouts. */
const PERSON_LOCK_ID = 73_285_018;

/** The person placing an order: their customer row and the order's keys. */
export type OrderingPerson = { customerId: string; keys: PersonKeys };

/** The keys an order is written with (and compared by). */
export function orderKeys(order: {
  email: string;
  phone: string;
  postcode: string;
  line1: string;
  door: string;
}): PersonKeys {
  return personKeys({
    email: order.email,
    phone: order.phone,
    address: { postcode: order.postcode, line1: order.line1, door: order.door },
  });
}

/**
 * One checkout at a time per person, in the caller's transaction: a lock per key (e-mail,
 * phone, home), taken in one order so that two checkouts never wait for each other in a ring.
 * A guest is a new customer row each time, so the keys are what holds them apart.
 */
export async function lockPerson(tx: DbOrTx, keys: PersonKeys): Promise<void> {
  const names = (['email', 'phone', 'address'] as const)
    .filter((by) => keys[by])
    .map((by) => `${by}:${keys[by]}`)
    .sort();
  for (const name of names) {
    await tx.execute(sql`select pg_advisory_xact_lock(${PERSON_LOCK_ID}, hashtext(${name}))`);
  }
}

/** The condition "this order is the person's": by customer, e-mail, phone or home. */
export function ordersOf(person: OrderingPerson): SQL {
  const { keys } = person;
  const by: SQL[] = [eq(orders.customerId, person.customerId)];
  if (keys.email) by.push(eq(orders.emailKey, keys.email));
  if (keys.phone) by.push(eq(orders.phoneKey, keys.phone));
  if (keys.address) by.push(eq(orders.addressKey, keys.address));
  return and(or(...by), ne(orders.status, 'cancelled'))!;
}

/** How many orders (not cancelled) the person has placed before, under any of their keys. */
export async function countEarlierOrders(tx: DbOrTx, person: OrderingPerson): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(ordersOf(person));
  return row?.n ?? 0;
}

/** Whether this would be the person's first order: the rule of every first-order offer. */
export async function isFirstOrder(tx: DbOrTx, person: OrderingPerson): Promise<boolean> {
  return (await countEarlierOrders(tx, person)) === 0;
}

/**
 * Whether the referrer is the person placing the order, and by what: their account's
 * e-mail or phone, an address in their address book, or the keys of any order they placed.
 */
export async function referrerMatch(
  tx: DbOrTx,
  referrerId: string,
  person: OrderingPerson,
): Promise<SameBy | 'customer' | null> {
  if (referrerId === person.customerId) return 'customer';
  const [referrer] = await tx
    .select({ email: customers.email, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, referrerId))
    .limit(1);
  if (!referrer) return null;
  const theirs: PersonKeys[] = [personKeys(referrer)];
  const book = await tx
    .select({
      postcode: customerAddresses.postcode,
      line1: customerAddresses.line1,
      door: customerAddresses.doorNumber,
    })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, referrerId));
  for (const entry of book) theirs.push({ email: '', phone: '', address: addressKey(entry) });
  const placed = await tx
    .select({ email: orders.emailKey, phone: orders.phoneKey, address: orders.addressKey })
    .from(orders)
    .where(eq(orders.customerId, referrerId));
  for (const o of placed) {
    theirs.push({ email: o.email ?? '', phone: o.phone ?? '', address: o.address ?? '' });
  }
  for (const keys of theirs) {
    const by = samePerson(keys, person.keys);
    if (by) return by;
  }
  return null;
}

/**
 * Fills the keys of orders placed before they existed (migration 0016), from what each order
 * kept: run at start-up after the migrations, a few hundred rows at a time; a second instance
 * doing the same writes the same values.
 */
export async function backfillPersonKeys(db: DbOrTx, batch = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({
        id: orders.id,
        email: orders.customerEmail,
        phone: orders.customerPhone,
        postcode: orders.postcode,
        door: orders.doorNumber,
        line1: sql<string | null>`${orders.addressJson}->>'line1'`,
      })
      .from(orders)
      .where(isNull(orders.emailKey))
      .orderBy(asc(orders.id))
      .limit(batch);
    if (rows.length === 0) return filled;
    for (const row of rows) {
      const keys = orderKeys({ ...row, line1: row.line1 ?? '' });
      await db
        .update(orders)
        .set({ emailKey: keys.email, phoneKey: keys.phone, addressKey: keys.address })
        .where(and(eq(orders.id, row.id), isNull(orders.emailKey)));
    }
    filled += rows.length;
  }
}
