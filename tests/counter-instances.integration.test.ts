import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { staffLogIn } from '@tests/helpers/fixtures';
import { onPostgres } from '@tests/helpers/test-database';
import { startTwoInstances, type TwoInstances } from '@tests/helpers/test-server';
import { createStaffUser } from '../server/auth/staff';
import {
  branches,
  branchStaff,
  counterHandovers,
  financialDocuments,
  services,
  tillEntries,
} from '../server/db/schema';

/*
 * Issue 32's proof of the counter under load: twenty sales at once across two instances of the
 * site keep receipt (order) and invoice numbers gapless and each sale in the till once; a
 * ticket collected from two screens on two instances at once is collected once. A real race
 * on PostgreSQL (test:pg); on PGlite, one connection, the same answers in turn.
 */

const NOON = new Date('2026-11-23T12:00:00Z');
const password = 'instances-password-123';
const where = onPostgres() ? ' (PostgreSQL)' : '';
type Ticket = { id: string; order_no: string; invoice_number: string | null; total: string };
type Reply<T> = T & { code?: string; message: string };

describe('the counter on two instances (issue 32)', () => {
  let sites: TwoInstances;
  const tokens: string[] = [];
  let shirt: { id: number; pricePence: number };
  let customerId: string;

  const post = <T>(site: 0 | 1, path: string, body: unknown) =>
    (site === 0 ? sites.first : sites.second).api<Reply<T>>(path, {
      method: 'POST',
      body,
      headers: { Authorization: `Bearer ${tokens[site]}` },
    });

  beforeAll(async () => {
    sites = await startTwoInstances(() => NOON);
    const db = sites.database.db;
    const [maida] = await db.select().from(branches).where(eq(branches.slug, 'maida-vale'));
    const staff = await createStaffUser(db, {
      email: 'counter@instances.test',
      name: 'Two Screens',
      role: 'staff',
      password,
    });
    await db.insert(branchStaff).values({ branchId: maida!.id, staffId: staff.id });
    // One member of staff signed in at two counters, one on each instance.
    tokens.push(await staffLogIn(sites.first, 'counter@instances.test', password));
    tokens.push(await staffLogIn(sites.second, 'counter@instances.test', password));
    shirt = (await db.select().from(services)).find((s) => s.pricePence > 0)!;
    const added = await post<{ customer: { id: string } }>(0, '/api/admin/counter/customers', {
      name: 'Rush Hour',
      phone_number: '07700 900714',
    });
    customerId = added.body.customer.id;
    expect((await post(1, '/api/admin/counter/till', { float_pence: 2000 })).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await sites?.stop();
  });

  it(`twenty cash sales at once on two instances: numbers without gaps, each in the till once${where}`, async () => {
    const db = sites.database.db;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post<{ ticket: Ticket }>(i % 2 === 0 ? 0 : 1, '/api/admin/counter/tickets', {
          customer_id: customerId,
          lines: [{ service_id: shirt.id, quantity: 1 + (i % 3) }],
          payment: { kind: 'cash', tendered_pence: 100_000 },
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    const tickets = replies.map((r) => r.body.ticket);

    const orderNumbers = tickets.map((t) => Number(t.order_no.replace(/\D/g, ''))).sort();
    expect(new Set(orderNumbers).size).toBe(20);
    expect(orderNumbers.at(-1)! - orderNumbers[0]!).toBe(19);

    const invoices = await db
      .select()
      .from(financialDocuments)
      .where(
        inArray(
          financialDocuments.orderId,
          tickets.map((t) => t.id),
        ),
      );
    expect(invoices).toHaveLength(20);
    const seqs = invoices.map((d) => d.seq).sort((a, b) => a - b);
    expect(seqs.at(-1)! - seqs[0]!).toBe(19);
    expect(new Set(seqs).size).toBe(20);
    // Each ticket's reply names its own invoice.
    const numberOf = new Map(invoices.map((d) => [d.orderId, d.number]));
    for (const t of tickets) expect(t.invoice_number).toBe(numberOf.get(t.id));

    const entries = await db
      .select()
      .from(tillEntries)
      .where(
        inArray(
          tillEntries.orderId,
          tickets.map((t) => t.id),
        ),
      );
    expect(entries).toHaveLength(20);
    const taken = entries.reduce((sum, e) => sum + e.pence, 0);
    const totals = tickets.reduce((sum, t) => sum + Math.round(Number(t.total) * 100), 0);
    expect(taken).toBe(totals);
  });

  it(`one ticket collected from two screens on two instances at once: collected once${where}`, async () => {
    const db = sites.database.db;
    const raised = await post<{ ticket: Ticket }>(0, '/api/admin/counter/tickets', {
      customer_id: customerId,
      lines: [{ service_id: shirt.id, quantity: 2 }],
      payment: { kind: 'at-collection' },
    });
    expect(raised.status).toBe(200);
    const id = raised.body.ticket.id;
    expect((await post(1, `/api/admin/counter/tickets/${id}/ready`, { rack: 'C3' })).status).toBe(
      200,
    );
    const body = { payment: { kind: 'cash', tendered_pence: 10_000 } };
    const replies = await Promise.all([
      post(0, `/api/admin/counter/tickets/${id}/collect`, body),
      post(1, `/api/admin/counter/tickets/${id}/collect`, body),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      await db.select().from(counterHandovers).where(eq(counterHandovers.orderId, id)),
    ).toHaveLength(1);
    expect(
      await db.select().from(financialDocuments).where(eq(financialDocuments.orderId, id)),
    ).toHaveLength(1);
    expect(await db.select().from(tillEntries).where(eq(tillEntries.orderId, id))).toHaveLength(1);
  });
});
