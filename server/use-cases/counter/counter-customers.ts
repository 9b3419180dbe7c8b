import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { emailKey, phoneKey } from '@shared/same-person';
import { normaliseEmail, normaliseUkMobile } from '@shared/validation';
import type { DbOrTx } from '../../db/client';
import type { AppServices } from '../../services';
import { customers, orders } from '../../db/schema';
import { escapeLike, liveCustomerMatching } from '../../db/sql';
import { NotFoundError } from '../../errors';
import { recordAudit, type Actor } from '../audit/record-audit';
import { garmentTagged } from '../intake/find-tag';
import { recordScans, type Scanner } from '../intake/garment-scans';

/*
 * The counter's customers (issue 32, decision 049): found by phone, name or e-mail, or a
 * ticket by its number (a scanner types "LD-1234" and Enter) or a garment's tag on it; a walk-in is created with a name
 * and a UK mobile alone. When the phone or e-mail is already an account's, nothing is created
 * and nothing merges: staff are shown the accounts and choose one, or confirm a new customer.
 */

export type CustomerRow = typeof customers.$inferSelect;

/**
 * The order number a scanned or typed ticket number names: "LD-1234", "ld 1234" → 1234; null
 * for anything else. The prefix is required: bare digits are part of a phone number.
 */
export function ticketNumberOf(query: string): number | null {
  const match = /^\s*[a-z]{1,4}\s*-?\s*(\d{1,9})\s*$/i.exec(query);
  return match ? Number(match[1]) : null;
}

/**
 * Live customers whose name, e-mail or phone matches, and the order a number names. A garment
 * found by its tag is logged as scanned at the counter by the staff member (issue 34).
 */
export async function findAtCounter(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Scanner; query: string },
) {
  const { db } = deps;
  const q = input.query.trim();
  const number = ticketNumberOf(q);
  const [ticket] =
    number !== null && number < 2_147_483_647
      ? await db
          .select({ id: orders.id, orderNo: orders.orderNo, channel: orders.channel })
          .from(orders)
          .where(eq(orders.orderNo, number))
          .limit(1)
      : [];
  // A garment's tag ("100042-01", scanned off its label) opens the ticket it is on.
  const tagged = !ticket && q.includes('-') ? await garmentTagged(db, q) : null;
  if (tagged) {
    const scan = { scanner: input.actor, what: 'counter' as const, now: deps.now() };
    await recordScans(db, { ...scan, orderGarmentIds: [tagged.orderGarmentId] });
  }
  const found = ticket ?? (tagged ? await orderNamed(db, tagged.orderId) : null);
  if (q.length < 2) return { customers: [] as CustomerRow[], ticket: found };
  const rows = await db
    .select()
    .from(customers)
    .where(liveCustomerMatching(q))
    .orderBy(asc(customers.name))
    .limit(20);
  return { customers: rows, ticket: found };
}

async function orderNamed(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: orders.id, orderNo: orders.orderNo, channel: orders.channel })
    .from(orders)
    .where(eq(orders.id, id));
  return row ?? null;
}

/** Live customers with the same phone (E.164) or e-mail (its normal form). */
async function sameContact(db: AppServices['db'], input: { phone: string; email: string }) {
  const phone = phoneKey(input.phone);
  const email = input.email ? emailKey(input.email) : '';
  // Narrowed in SQL (the phone's last ten digits, the e-mail's domain), decided by the keys.
  const tail = phone.replace(/\D/g, '').slice(-10);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const rows = await db
    .select()
    .from(customers)
    .where(
      and(
        isNull(customers.deletedAt),
        or(
          tail.length === 10
            ? sql`regexp_replace(${customers.phone}, '\\D', '', 'g') like ${`%${tail}`}`
            : undefined,
          domain
            ? ilike(customers.email, `%@${escapeLike(domain === 'gmail.com' ? 'g' : domain)}%`)
            : undefined,
        ),
      ),
    )
    .orderBy(asc(customers.createdAt))
    .limit(50);
  return rows.filter(
    (c) =>
      (phone !== '' && phoneKey(c.phone) === phone) ||
      (email !== '' && c.email !== '' && emailKey(c.email) === email),
  );
}

/**
 * A walk-in customer: created (a guest record: name, phone, e-mail if given) unless the phone
 * or e-mail matches a live customer and staff have not confirmed a new one; then the matches
 * are returned for staff to choose from, and nothing is written. `notifySms` is the walk-in's
 * "Text me when it is ready" (their text choice, as an account's message settings set it).
 */
export async function createWalkIn(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: {
    actor: Actor;
    name: string;
    phone: string;
    email: string;
    notifySms: boolean;
    confirmNew: boolean;
  },
): Promise<{ created: CustomerRow | null; matches: CustomerRow[] }> {
  const now = deps.now();
  const phone = normaliseUkMobile(input.phone);
  const email = input.email ? normaliseEmail(input.email) : '';
  const matches = await sameContact(deps.db, { phone, email });
  if (matches.length > 0 && !input.confirmNew) return { created: null, matches };
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({
        name: input.name.trim(),
        phone,
        email,
        notifySms: input.notifySms,
        isGuest: true,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'customer.walk-in',
      entity: 'customer',
      entityId: row!.id,
      after: { matchesShown: matches.length, notifySms: input.notifySms },
    });
    return row!;
  });
  return { created, matches };
}

/** A live customer by id, for a ticket. */
export async function counterCustomer(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  if (!row) throw new NotFoundError('We could not find that customer.');
  return row;
}
