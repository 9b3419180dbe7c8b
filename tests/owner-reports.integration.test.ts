import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { createStaffUser } from '../server/auth/staff';
import {
  branches,
  branchStaff,
  financialDocuments,
  orderItems,
  priceCategories,
  services,
  tillEntries,
} from '../server/db/schema';

/*
 * The owner's reports (issue 32, decision 054) on a fixture of known sales, Wednesday 18
 * November 2026 at noon London: at Maida Vale (renamed "Maida Vale, W9" here, for CSV quoting)
 * three cash tickets (two paid at drop-off, one at collection) and one left on the rack, and a
 * collection order invoiced and partly credited; at West Hampstead a collection order invoiced
 * on Friday. Takings from the till and the invoices, to the penny; the CSV's bytes; owner only.
 */

const NOON = new Date('2026-11-18T12:00:00Z');
const FRIDAY = new Date('2026-11-20T15:00:00Z');
const WEEK = 'from=2026-11-16&to=2026-11-22';
const password = 'reports-password-123';
type Cell = string | number;
type Report = {
  name: string;
  from: string;
  to: string;
  group: string | null;
  columns: { key: string; label: string; money: boolean }[];
  rows: Record<string, Cell>[];
  totals: Record<string, Cell> | null;
};
type Reply<T> = T & { code?: string; message: string };
const gbp = (pence: number) => (pence / 100).toFixed(2);

describe('the owner’s reports (issue 32)', () => {
  let server: TestServer;
  const cookies: Record<string, string> = {};
  let shirt: { id: number; pricePence: number; categoryId: number };
  let counterVat = 0;
  let categories: Map<number, string>;

  const headers = (who: string) => ({ cookie: cookies[who]!, origin: server.url });
  const post = <T>(path: string, who: string, body: unknown) =>
    server.api<Reply<T>>(path, { method: 'POST', body, headers: headers(who) });
  const report = (name: string, query: string, who = 'owner') =>
    server.api<Reply<{ report: Report }>>(`/api/admin/reports/${name}?${query}`, {
      headers: headers(who),
    });
  const page = (path: string, who?: string) =>
    fetch(`${server.url}${path}`, { redirect: 'manual', headers: who ? headers(who) : {} });

  beforeAll(async () => {
    server = await startTestServer({ pages: 'build', now: () => NOON });
    const db = server.database.db;
    const ids = Object.fromEntries((await db.select().from(branches)).map((b) => [b.slug, b.id]));
    await db
      .update(branches)
      .set({ name: 'Maida Vale, W9' })
      .where(eq(branches.slug, 'maida-vale'));
    for (const [key, role, branch] of [
      ['owner', 'owner', null],
      ['maida', 'staff', 'maida-vale'],
      ['driver', 'driver', null],
    ] as const) {
      const row = await createStaffUser(db, {
        email: `${key}@reports.test`,
        name: key,
        role,
        password,
      });
      if (branch) await db.insert(branchStaff).values({ branchId: ids[branch]!, staffId: row.id });
      const reply = await server.api<{ token: string }>('/api/admin/login', {
        body: { email: `${key}@reports.test`, password },
      });
      cookies[key] = `cl_staff=${reply.body.token}`;
    }
    const items = await db.select().from(services);
    shirt = items.find((s) => s.pricePence > 0 && s.pricePence < 1000)!;
    const other = items.find((s) => s.categoryId !== shirt.categoryId && s.pricePence > 0)!;
    categories = new Map(
      (await db.select().from(priceCategories)).map((c) => [c.id, c.name] as const),
    );

    expect((await post('/api/admin/counter/till', 'maida', { float_pence: 5000 })).status).toBe(
      200,
    );
    const customer = await post<{ customer: { id: string } }>(
      '/api/admin/counter/customers',
      'maida',
      { name: 'Rita Report', phone_number: '07700 900954' },
    );
    const raise = async (quantity: number, payment: unknown) => {
      const reply = await post<{ ticket: { id: string } }>('/api/admin/counter/tickets', 'maida', {
        customer_id: customer.body.customer.id,
        lines: [{ service_id: shirt.id, quantity, note: '' }],
        payment,
      });
      expect(reply.status, reply.body.message).toBe(200);
      return reply.body.ticket.id;
    };
    const cash = await raise(2, { kind: 'cash', tendered_pence: 5000 });
    const exact = await raise(1, { kind: 'cash', tendered_pence: shirt.pricePence });
    const later = await raise(3, { kind: 'at-collection' });
    const left = await raise(1, { kind: 'at-collection' });
    for (const id of [later, left]) {
      expect(
        (await post(`/api/admin/counter/tickets/${id}/ready`, 'maida', { rack: 'A1' })).status,
      ).toBe(200);
    }
    const collected = await post(`/api/admin/counter/tickets/${later}/collect`, 'maida', {
      payment: { kind: 'cash', tendered_pence: 5000 },
    });
    expect(collected.status, collected.body.message).toBe(200);
    const invoices = await db
      .select()
      .from(financialDocuments)
      .where(inArray(financialDocuments.orderId, [cash, exact, later]));
    expect(invoices).toHaveLength(3);
    counterVat = invoices.reduce((sum, i) => sum + i.vatPence, 0);

    // A collection order at Maida Vale: invoiced £42.50 (VAT £7.08), £2.50 credited back.
    const online = await insertOrderRow(db, NOON, {
      status: 'delivered',
      branchId: ids['maida-vale']!,
      totalPence: 4250,
      createdAt: NOON,
    });
    await db.insert(orderItems).values({
      orderId: online.id,
      serviceId: other.id,
      itemName: other.serviceName,
      quantity: 1,
      unitPricePence: 4250,
    });
    await db.insert(financialDocuments).values([
      {
        kind: 'invoice',
        seq: 9001,
        number: 'INV-009001',
        orderId: online.id,
        issuedAt: NOON,
        totalPence: 4250,
        vatPence: 708,
        snapshot: {},
      },
      {
        kind: 'credit-note',
        seq: 9001,
        number: 'CN-009001',
        orderId: online.id,
        issuedAt: NOON,
        totalPence: 250,
        vatPence: 42,
        snapshot: {},
      },
    ]);
    // And one at West Hampstead on Friday: £30.00 (VAT £5.00).
    const friday = await insertOrderRow(db, FRIDAY, {
      status: 'delivered',
      branchId: ids['west-hampstead']!,
      totalPence: 3000,
      createdAt: FRIDAY,
    });
    await db.insert(financialDocuments).values({
      kind: 'invoice',
      seq: 9002,
      number: 'INV-009002',
      orderId: friday.id,
      issuedAt: FRIDAY,
      totalPence: 3000,
      vatPence: 500,
      snapshot: {},
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('takings per branch per day: the till’s cash and the invoices less credit notes, to the penny', async () => {
    const p = shirt.pricePence;
    const reply = await report('takings', WEEK);
    expect(reply.status, reply.body.message).toBe(200);
    expect(reply.body.report.rows).toEqual([
      {
        period: '2026-11-18',
        branch: 'Maida Vale, W9',
        counter_cash: gbp(6 * p),
        counter_card: '0.00',
        collection: '40.00',
        total: gbp(6 * p + 4000),
        vat: gbp(counterVat + 708 - 42),
      },
      {
        period: '2026-11-20',
        branch: 'West Hampstead',
        counter_cash: '0.00',
        counter_card: '0.00',
        collection: '30.00',
        total: '30.00',
        vat: '5.00',
      },
    ]);
    expect(reply.body.report.totals).toMatchObject({
      period: 'Total',
      total: gbp(6 * p + 7000),
      vat: gbp(counterVat + 708 - 42 + 500),
    });
    // The counter's cash is what the till's entries hold, as the day's Z report says.
    const entries = await server.database.db
      .select()
      .from(tillEntries)
      .where(eq(tillEntries.kind, 'sale'));
    expect(entries.reduce((sum, e) => sum + e.pence, 0)).toBe(6 * p);
    const till = await server.api<{ current: { takings: { total: string } } }>(
      '/api/admin/counter/till',
      { headers: headers('maida') },
    );
    expect(till.body.current.takings.total).toBe(gbp(6 * p));

    const weekly = await report('takings', `${WEEK}&group=week`);
    expect(weekly.body.report.group).toBe('week');
    expect(weekly.body.report.rows.map((r) => [r.period, r.branch, r.total])).toEqual([
      ['2026-11-16', 'Maida Vale, W9', gbp(6 * p + 4000)],
      ['2026-11-16', 'West Hampstead', '30.00'],
    ]);
    const hampsteadId = (
      await server.database.db.select().from(branches).where(eq(branches.slug, 'west-hampstead'))
    )[0]!.id;
    const hampstead = await report('takings', `${WEEK}&branch=${hampsteadId}`);
    expect(hampstead.body.report.rows.map((r) => r.branch)).toEqual(['West Hampstead']);
  });

  it('tickets and the average ticket, items by category, uncollected value, counter against collection', async () => {
    const p = shirt.pricePence;
    const tickets = await report('tickets', WEEK);
    expect(tickets.body.report.rows).toEqual([
      {
        period: '2026-11-18',
        branch: 'Maida Vale, W9',
        tickets: 4,
        value: gbp(7 * p),
        average: gbp(Math.round((7 * p) / 4)),
      },
    ]);
    const items = await report('items', WEEK);
    expect(items.body.report.rows).toEqual(
      expect.arrayContaining([
        { category: categories.get(shirt.categoryId), items: 7, value: gbp(7 * p) },
        { category: expect.any(String), items: 1, value: '42.50' },
      ]),
    );
    expect(items.body.report.rows).toHaveLength(2);
    expect(items.body.report.totals).toMatchObject({ items: 8, value: gbp(7 * p + 4250) });
    const uncollected = await report('uncollected', WEEK);
    expect(uncollected.body.report.rows).toEqual([
      {
        branch: 'Maida Vale, W9',
        tickets: 1,
        due: gbp(p),
        value: gbp(p),
        under_30: 1,
        days_30: 0,
        days_60: 0,
        days_90: 0,
      },
    ]);
    const channels = await report('channels', WEEK);
    expect(channels.body.report.rows).toEqual([
      {
        branch: 'Maida Vale, W9',
        counter_orders: 4,
        counter_value: gbp(6 * p),
        collection_orders: 1,
        collection_value: '40.00',
      },
      {
        branch: 'West Hampstead',
        counter_orders: 0,
        counter_value: '0.00',
        collection_orders: 1,
        collection_value: '30.00',
      },
    ]);
  });

  it('exports each report as CSV: the header, a comma in a name quoted, pence as pounds, London dates', async () => {
    const p = shirt.pricePence;
    const reply = await page(`/admin/reports/takings.csv?${WEEK}`, 'owner');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(
      'attachment; filename="takings-2026-11-16-to-2026-11-22.csv"',
    );
    const vat = gbp(counterVat + 666);
    expect(await reply.text()).toBe(
      'Date,Branch,Counter cash,Counter card,Collection orders,Total,VAT\r\n' +
        `2026-11-18,"Maida Vale, W9",${gbp(6 * p)},0.00,40.00,${gbp(6 * p + 4000)},${vat}\r\n` +
        '2026-11-20,West Hampstead,0.00,0.00,30.00,30.00,5.00\r\n' +
        `Total,,${gbp(6 * p)},0.00,70.00,${gbp(6 * p + 7000)},${gbp(counterVat + 666 + 500)}\r\n`,
    );
    for (const name of ['tickets', 'items', 'uncollected', 'channels']) {
      const csv = await page(`/admin/reports/${name}.csv?${WEEK}`, 'owner');
      expect(csv.status, name).toBe(200);
      const json = await report(name, WEEK);
      const lines = (await csv.text()).split('\r\n');
      expect(lines[0]).toBe(json.body.report.columns.map((c) => c.label).join(','));
      expect(lines).toHaveLength(json.body.report.rows.length + 3); // header, rows, totals, ''
    }
    expect((await page(`/admin/reports/nothing.csv?${WEEK}`, 'owner')).status).toBe(404);
  });

  it('is the owner’s: staff and drivers get 403 from the API, the CSV and the page', async () => {
    for (const who of ['maida', 'driver']) {
      expect((await report('takings', WEEK, who)).status, who).toBe(403);
      expect((await page(`/admin/reports/takings.csv?${WEEK}`, who)).status, who).toBe(403);
    }
    expect((await page('/admin/reports', 'maida')).status).toBe(403);
    expect((await page('/admin/reports/takings.csv')).status).toBe(302);
    const owner = await page(`/admin/reports?${WEEK}`, 'owner');
    expect(owner.status).toBe(200);
    const html = await owner.text();
    expect(html).toContain(
      `href="/admin/reports/takings.csv?from=2026-11-16&amp;to=2026-11-22&amp;group=day"`,
    );
    expect(html).toContain('Maida Vale, W9');
  });

  it('refuses a period the wrong way round (422) or a date that is none (400), and answers the default', async () => {
    const reversed = await report('takings', 'from=2026-11-22&to=2026-11-16');
    expect([reversed.status, reversed.body.code]).toEqual([422, 'validation-failed']);
    expect((await report('takings', 'from=2026-02-30')).status).toBe(400);
    const fallback = await report('takings', '');
    expect([fallback.body.report.from, fallback.body.report.to]).toEqual([
      '2026-10-22',
      '2026-11-18',
    ]);
  });
});
