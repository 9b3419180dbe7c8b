import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { counterPeople } from '@tests/helpers/counter-people';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import {
  auditLog,
  counterTickets,
  financialDocuments,
  orders,
  services,
  tillDays,
  tillEntries,
} from '../server/db/schema';

/*
 * The counter's till (issue 32, decision 051) over HTTP, at Monday 23 November 2026 noon
 * London at Maida Vale (the seed's counter branch): no cash without an open day (nothing
 * written), two opens at once make one day (PGlite in npm test, PostgreSQL in test:pg), cash
 * tickets and a collection written as entries, paid in and out with a reason, the Z report
 * adding up to the penny, the close with the count and the difference, a closed day frozen,
 * bad input refused with nothing written, and who may see and act on which till.
 */

const NOON = new Date('2026-11-23T12:00:00Z');
const password = 'till-password-123';
type Entry = { kind: string; method: string; amount: string; order_no: string | null };
type Day = {
  id: number;
  branch: string;
  day: string;
  float: string;
  takings: { cash: string; card: string; total: string };
  paid_in: string;
  paid_out: string;
  vat: string;
  tickets_in: number;
  tickets_out: number;
  expected_cash: string;
  counted_cash: string | null;
  difference: string | null;
  closed_at: string | null;
  note: string;
  entries: Entry[];
};
type Ticket = { id: string; order_no: string; total: string; change: string | null };
type Reply<T> = T & { code?: string; message: string; errors?: Record<string, string[]> };
const gbp = (pence: number) => (pence / 100).toFixed(2);

describe('the till and the day-end report (issue 32)', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let shirt: { id: number; pricePence: number };
  let customerId: string;
  let dayId: number;
  const sold: string[] = [];
  let takenPence = 0;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const get = <T>(path: string, who: string) => server.api<Reply<T>>(path, { headers: as(who) });
  const post = <T>(path: string, who: string, body: unknown) =>
    server.api<Reply<T>>(path, { method: 'POST', body, headers: as(who) });
  const raise = (quantity: number, payment: unknown) =>
    post<{ ticket: Ticket }>('/api/admin/counter/tickets', 'maida', {
      customer_id: customerId,
      lines: [{ service_id: shirt.id, quantity, note: '' }],
      payment,
    });
  const written = async () => {
    const db = server.database.db;
    const count = async (table: typeof orders | typeof tillEntries | typeof tillDays) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    const [audit] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'till.%'`);
    return {
      orders: await count(orders),
      entries: await count(tillEntries),
      days: await count(tillDays),
      audit: audit!.n,
      day: (await db.select().from(tillDays)).map((d) => ({ ...d })),
    };
  };

  beforeAll(async () => {
    server = await startTestServer({ now: () => NOON });
    const db = server.database.db;
    const people = await counterPeople(
      server,
      'till.test',
      [
        { key: 'owner', role: 'owner' },
        { key: 'maida', role: 'staff', branch: 'maida-vale', name: 'Tilly Till' },
        { key: 'hampstead', role: 'staff', branch: 'west-hampstead' },
        { key: 'driver', role: 'driver' },
      ],
      password,
    );
    Object.assign(tokens, people.tokens);
    const items = await db.select().from(services);
    shirt = items.find((s) => s.pricePence > 0 && s.pricePence < 1000)!;
    const added = await post<{ customer: { id: string } }>(
      '/api/admin/counter/customers',
      'maida',
      {
        name: 'Tina Till',
        phone_number: '07700 900712',
      },
    );
    customerId = added.body.customer.id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('takes no cash without an open till: 409 till-not-open, neither the ticket nor an entry', async () => {
    const before = await written();
    const reply = await raise(2, { kind: 'cash', tendered_pence: 5000 });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('till-not-open');
    expect(reply.body.message).toContain('Maida Vale');
    expect(await written()).toEqual(before);
    // Pay at collection takes no money, so it needs no till.
    const later = await raise(1, { kind: 'at-collection' });
    expect(later.status).toBe(200);
    sold.push(later.body.ticket.id);
  });

  it('refuses a bad float with 422 and writes nothing', async () => {
    const before = await written();
    for (const body of [
      { float_pence: -100 },
      { float_pence: 10_000_000 },
      { float_pence: 12.5 },
      { float_pence: '5000' },
      {},
    ]) {
      const reply = await post('/api/admin/counter/till', 'maida', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.errors?.float_pence).toBeTruthy();
    }
    expect(await written()).toEqual(before);
  });

  it('opens the day once when two screens open it at once; a second open is 409', async () => {
    const replies = await Promise.all([
      post<{ day: Day }>('/api/admin/counter/till', 'maida', { float_pence: 10_000 }),
      post<{ day: Day }>('/api/admin/counter/till', 'maida', { float_pence: 10_000 }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.code).toBe('till-open');
    const opened = replies.find((r) => r.status === 200)!.body.day;
    expect(opened).toMatchObject({
      branch: 'Maida Vale',
      day: '2026-11-23',
      float: '100.00',
      expected_cash: '100.00',
      closed_at: null,
    });
    dayId = opened.id;
    expect((await written()).days).toBe(1);
    // The database decides, not only the use-case's look first: a second open row is refused.
    const [first] = await server.database.db.select().from(tillDays);
    await expect(
      server.database.db.insert(tillDays).values({ ...first!, id: undefined, day: '2026-11-24' }),
    ).rejects.toMatchObject({ cause: { constraint: 'till_days_open_uq' } });
    const again = await post('/api/admin/counter/till', 'maida', { float_pence: 0 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('till-open');
  });

  it('writes each cash sale, with change given, and a collection into the day', async () => {
    const first = await raise(3, { kind: 'cash', tendered_pence: 5000 });
    const second = await raise(1, { kind: 'cash', tendered_pence: shirt.pricePence });
    for (const reply of [first, second]) {
      expect(reply.status).toBe(200);
      sold.push(reply.body.ticket.id);
    }
    expect(first.body.ticket.change).toBe(gbp(5000 - 3 * shirt.pricePence));
    takenPence = 4 * shirt.pricePence;
    // The pay-at-collection ticket raised before the till opened is collected now, in cash.
    const ready = await post(`/api/admin/counter/tickets/${sold[0]}/ready`, 'maida', {
      rack: 'A1',
    });
    expect(ready.status).toBe(200);
    const collected = await post(`/api/admin/counter/tickets/${sold[0]}/collect`, 'maida', {
      payment: { kind: 'cash', tendered_pence: 2000 },
    });
    expect(collected.status).toBe(200);
    takenPence += shirt.pricePence;
    const entries = await server.database.db
      .select()
      .from(tillEntries)
      .where(eq(tillEntries.dayId, dayId));
    expect(entries.map((e) => [e.kind, e.method, e.pence, e.staffName]).sort()).toEqual(
      [
        ['sale', 'cash', 3 * shirt.pricePence, 'Tilly Till'],
        ['sale', 'cash', shirt.pricePence, 'Tilly Till'],
        ['sale', 'cash', shirt.pricePence, 'Tilly Till'],
      ].sort(),
    );
    expect(new Set(entries.map((e) => e.orderId))).toEqual(new Set(sold));
  });

  it('refuses bad cash paid in or out with 422 and writes nothing', async () => {
    const before = await written();
    for (const body of [
      { kind: 'paid-in', pence: 500, reason: '' },
      { kind: 'paid-in', pence: 500, reason: '   ' },
      { kind: 'paid-out', pence: 500 },
      { kind: 'paid-out', pence: -500, reason: 'Milk' },
      { kind: 'paid-out', pence: 0, reason: 'Milk' },
      { kind: 'paid-in', pence: 99_999_999, reason: 'Bank' },
      { kind: 'paid-in', pence: 10.5, reason: 'Bank' },
      { kind: 'tip', pence: 100, reason: 'Tip' },
    ]) {
      const reply = await post(`/api/admin/counter/till/days/${dayId}/cash`, 'maida', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
    }
    expect(await written()).toEqual(before);
  });

  it('takes cash paid in and out with a reason, audited', async () => {
    const paidIn = await post<{ day: Day }>(`/api/admin/counter/till/days/${dayId}/cash`, 'maida', {
      kind: 'paid-in',
      pence: 2000,
      reason: 'Change from the bank',
    });
    expect(paidIn.status).toBe(200);
    expect(paidIn.body.message).toContain('£20.00 paid into the till at Maida Vale');
    const paidOut = await post<{ day: Day }>(
      `/api/admin/counter/till/days/${dayId}/cash`,
      'maida',
      { kind: 'paid-out', pence: 349, reason: ' Milk for the shop ' },
    );
    expect(paidOut.status).toBe(200);
    expect(paidOut.body.day).toMatchObject({ paid_in: '20.00', paid_out: '3.49' });
    const out = paidOut.body.day.entries.find((e) => e.kind === 'paid-out')!;
    expect(out).toMatchObject({ amount: '-3.49', method: 'cash', order_no: null });
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['till.paid-in', 'till.paid-out']));
    expect(audits).toHaveLength(2);
  });

  it('the Z report adds up to the pennies taken; closing keeps the count and the difference', async () => {
    const db = server.database.db;
    const invoices = await db
      .select()
      .from(financialDocuments)
      .where(
        and(eq(financialDocuments.kind, 'invoice'), inArray(financialDocuments.orderId, sold)),
      );
    expect(invoices).toHaveLength(3);
    expect(invoices.reduce((s, i) => s + i.totalPence, 0)).toBe(takenPence);
    const vatPence = invoices.reduce((s, i) => s + i.vatPence, 0);
    const expectedPence = 10_000 + takenPence + 2000 - 349;

    const report = await get<{ day: Day }>(`/api/admin/counter/till/days/${dayId}`, 'maida');
    expect(report.status).toBe(200);
    expect(report.body.day).toMatchObject({
      takings: { cash: gbp(takenPence), card: '0.00', total: gbp(takenPence) },
      vat: gbp(vatPence),
      tickets_in: 3,
      tickets_out: 1,
      expected_cash: gbp(expectedPence),
      counted_cash: null,
      difference: null,
    });
    const overview = await get<{ current: Day | null }>('/api/admin/counter/till', 'maida');
    expect(overview.body.current?.id).toBe(dayId);

    const closed = await post<{ day: Day }>(
      `/api/admin/counter/till/days/${dayId}/close`,
      'maida',
      {
        counted_pence: expectedPence - 30,
        note: ' A 20p and a 10p lost under the till ',
      },
    );
    expect(closed.status).toBe(200);
    expect(closed.body.message).toContain('£0.30 short');
    expect(closed.body.day).toMatchObject({
      counted_cash: gbp(expectedPence - 30),
      difference: '-0.30',
      expected_cash: gbp(expectedPence),
      closed_at: NOON.toISOString(),
      note: 'A 20p and a 10p lost under the till',
    });
    const [row] = await db.select().from(tillDays).where(eq(tillDays.id, dayId));
    expect(row).toMatchObject({ countedPence: expectedPence - 30, differencePence: -30 });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'till.close'));
    expect(audit).toBeTruthy();
  });

  it('a closed day refuses every write (409) and changes nothing', async () => {
    const before = await written();
    const cash = await post(`/api/admin/counter/till/days/${dayId}/cash`, 'maida', {
      kind: 'paid-in',
      pence: 100,
      reason: 'Correction',
    });
    expect([cash.status, cash.body.code]).toEqual([409, 'day-closed']);
    const close = await post(`/api/admin/counter/till/days/${dayId}/close`, 'owner', {
      counted_pence: 0,
    });
    expect([close.status, close.body.code]).toEqual([409, 'day-closed']);
    const reopen = await post('/api/admin/counter/till', 'maida', { float_pence: 100 });
    expect([reopen.status, reopen.body.code]).toEqual([409, 'day-closed']);
    const ticket = await raise(1, { kind: 'cash', tendered_pence: 5000 });
    expect([ticket.status, ticket.body.code]).toEqual([409, 'till-not-open']);
    expect(await written()).toEqual(before);
    const [tickets] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(counterTickets);
    expect(tickets!.n).toBe(3);
  });

  it('the owner sees every branch’s days; staff their own; a driver nothing', async () => {
    const owner = await get<{ day: Day }>(`/api/admin/counter/till/days/${dayId}`, 'owner');
    expect(owner.status).toBe(200);
    const list = await get<{ days: { id: number; closed: boolean; difference: string }[] }>(
      '/api/admin/counter/till',
      'owner',
    );
    expect(list.body.days).toEqual([
      { id: dayId, branch: 'Maida Vale', day: '2026-11-23', closed: true, difference: '-0.30' },
    ]);
    const other = await get(`/api/admin/counter/till/days/${dayId}`, 'hampstead');
    expect(other.status).toBe(403);
    const theirs = await get<{ days: unknown[]; current: null }>(
      '/api/admin/counter/till',
      'hampstead',
    );
    expect(theirs.body).toMatchObject({ days: [], current: null });
    const open = await post('/api/admin/counter/till', 'hampstead', { float_pence: 100 });
    expect([open.status, open.body.code]).toEqual([409, 'counter-not-enabled']);
    for (const [path, method] of [
      ['/api/admin/counter/till', 'GET'],
      ['/api/admin/counter/till', 'POST'],
      [`/api/admin/counter/till/days/${dayId}`, 'GET'],
      [`/api/admin/counter/till/days/${dayId}/close`, 'POST'],
    ] as const) {
      const reply = await server.api(path, {
        method,
        headers: as('driver'),
        ...(method === 'POST' ? { body: { float_pence: 1, counted_pence: 1 } } : {}),
      });
      expect(reply.status, path).toBe(403);
    }
    const missing = await get('/api/admin/counter/till/days/999999', 'owner');
    expect(missing.status).toBe(404);
  });
});
