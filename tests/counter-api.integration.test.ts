import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MONDAY_6AM, logIn, signUp } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { counterPeople } from '@tests/helpers/counter-people';
import {
  branches,
  counterTickets,
  customers,
  financialDocuments,
  garments,
  orderGarments,
  orders,
  outbox,
  services,
} from '../server/db/schema';
import { ticketReceiptPdf } from '../server/use-cases/counter/ticket';

/*
 * The counter (issue 32, decision 049) over HTTP, at Monday 23 November 2026 06:00 London
 * (Maida Vale, the one counter branch of the seed, opens at 07:30): walk-in customers and the
 * choice of a matching account, tickets at the session's branch paid in cash with change or
 * at collection, the receipt PDF, bad input refused with a code and nothing written, and who
 * may use the counter.
 */

const password = 'counter-password-123';
type Customer = { id: string; name: string; phone_number: string; account: boolean };
type Ticket = {
  id: string;
  order_no: string;
  branch: string;
  promised_ready_at: string;
  items: { name: string; quantity: number; unit_price: string; line_total: string; note: string }[];
  total: string;
  paid: string;
  due: string;
  tendered: string | null;
  change: string | null;
  invoice_number: string | null;
  receipt_url: string;
};
type Reply<T> = T & { code?: string; message: string; errors?: Record<string, string[]> };

describe('the counter (issue 32)', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const staffIds: Record<string, string> = {};
  let shirt: { id: number; pricePence: number; serviceName: string };
  let callForPrice: { id: number };
  let walkIn: Customer;
  let account: string;
  let paidTicket: Ticket;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const get = <T>(path: string, who: string) => server.api<Reply<T>>(path, { headers: as(who) });
  const post = <T>(path: string, who: string, body: unknown) =>
    server.api<Reply<T>>(path, { method: 'POST', body, headers: as(who) });
  const counts = async () => {
    const db = server.database.db;
    const [o] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const [t] = await db.select({ n: sql<number>`count(*)::int` }).from(counterTickets);
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(customers);
    const [d] = await db.select({ n: sql<number>`count(*)::int` }).from(financialDocuments);
    return { orders: o!.n, tickets: t!.n, customers: c!.n, documents: d!.n };
  };
  const ticketBody = (overrides: Record<string, unknown> = {}) => ({
    customer_id: walkIn.id,
    lines: [{ service_id: shirt.id, quantity: 3, note: 'Red wine on the left cuff' }],
    payment: { kind: 'cash', tendered_pence: 5000 },
    ...overrides,
  });

  beforeAll(async () => {
    server = await startTestServer({ now: () => MONDAY_6AM });
    const db = server.database.db;
    const people = await counterPeople(
      server,
      'shop.test',
      [
        { key: 'owner', role: 'owner' },
        { key: 'maida', role: 'staff', branch: 'maida-vale' },
        { key: 'hampstead', role: 'staff', branch: 'west-hampstead' },
        { key: 'nowhere', role: 'staff' },
        { key: 'driver', role: 'driver' },
      ],
      password,
    );
    Object.assign(tokens, people.tokens);
    Object.assign(staffIds, people.ids);
    const items = await db.select().from(services);
    shirt = items.find((s) => s.pricePence > 0 && s.pricePence < 1000)!;
    const zero = items.find((s) => s.pricePence === 0);
    callForPrice =
      zero ??
      (
        await db
          .insert(services)
          .values({
            categoryId: shirt && items[0]!.categoryId,
            serviceName: 'Wedding dress',
            pricePence: 0,
          })
          .returning()
      )[0]!;
    await signUp(server, { name: 'Amy Account', email: 'amy@example.com', phone: '07700 900321' });
    account = (await db.select().from(customers).where(eq(customers.email, 'amy@example.com')))[0]!
      .id;
    // Cash is taken into an open till (decision 051).
    expect((await post('/api/admin/counter/till', 'maida', { float_pence: 0 })).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('shows the online account whose phone or e-mail a walk-in gives, and creates nothing', async () => {
    const before = await counts();
    for (const body of [
      { name: 'Amy A', phone_number: '+44 7700 900321' },
      { name: 'Amy A', phone_number: '07700 900999', email: 'AMY@example.com' },
    ]) {
      const reply = await post<{ customer: Customer | null; matches: Customer[] }>(
        '/api/admin/counter/customers',
        'maida',
        body,
      );
      expect(reply.status).toBe(200);
      expect(reply.body.customer).toBeNull();
      expect(reply.body.matches).toEqual([
        expect.objectContaining({ id: account, name: 'Amy Account', account: true }),
      ]);
    }
    expect(await counts()).toEqual(before);
    // Staff who choose a new customer all the same get one; the account is untouched.
    const confirmed = await post<{ customer: Customer }>('/api/admin/counter/customers', 'maida', {
      name: 'Another Amy',
      phone_number: '07700 900321',
      confirm_new: true,
    });
    expect(confirmed.body.customer).toMatchObject({ name: 'Another Amy', account: false });
    expect((await counts()).customers).toBe(before.customers + 1);
  });

  it('creates a walk-in with a name and a UK mobile alone; refuses a landline', async () => {
    const reply = await post<{ customer: Customer; matches: Customer[] }>(
      '/api/admin/counter/customers',
      'maida',
      { name: 'Walter Walkin', phone_number: '07700 900777' },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.matches).toEqual([]);
    walkIn = reply.body.customer;
    expect(walkIn).toMatchObject({
      name: 'Walter Walkin',
      phone_number: '07700900777',
      account: false,
    });
    const bad = await post('/api/admin/counter/customers', 'maida', {
      name: 'Lana Landline',
      phone_number: '020 7328 5621',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('validation-failed');
    expect(bad.body.errors?.phone_number).toBeDefined();
    for (const q of ['900777', '07700 900777', 'walter walk']) {
      const found = await get<{ customers: Customer[] }>(
        `/api/admin/counter/find?q=${encodeURIComponent(q)}`,
        'maida',
      );
      expect([q, found.body.customers.map((c) => c.id)]).toEqual([q, [walkIn.id]]);
    }
    const byEmail = await get<{ customers: Customer[] }>(
      '/api/admin/counter/find?q=amy@example',
      'maida',
    );
    expect(byEmail.body.customers.map((c) => c.id)).toEqual([account]);
  });

  it('raises a ticket at the session’s branch, paid in cash with change and a VAT invoice', async () => {
    const reply = await post<{ ticket: Ticket }>('/api/admin/counter/tickets', 'maida', {
      ...ticketBody(),
      lines: [
        { service_id: shirt.id, quantity: 3, note: 'Red wine on the left cuff' },
        { service_id: callForPrice.id, quantity: 1, unit_price_pence: 1500 },
      ],
      payment: { kind: 'cash', tendered_pence: 5000 },
    });
    expect(reply.status).toBe(200);
    paidTicket = reply.body.ticket;
    const total = 3 * shirt.pricePence + 1500;
    expect(paidTicket).toMatchObject({
      branch: 'Maida Vale',
      total: (total / 100).toFixed(2),
      paid: (total / 100).toFixed(2),
      due: '0.00',
      tendered: '50.00',
      change: ((5000 - total) / 100).toFixed(2),
      // Before Monday's 07:30 opening: two working days from opening.
      promised_ready_at: '2026-11-25T07:30:00.000Z',
    });
    expect(paidTicket.items[0]).toMatchObject({ quantity: 3, note: 'Red wine on the left cuff' });
    expect(paidTicket.items[1]).toMatchObject({ unit_price: '15.00' });
    expect(paidTicket.invoice_number).toMatch(/^INV-\d{6}$/);
    const [row] = await server.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, paidTicket.id));
    expect(row).toMatchObject({ channel: 'counter', status: 'collected', customerId: walkIn.id });
    const [maida] = await server.database.db
      .select()
      .from(branches)
      .where(eq(branches.slug, 'maida-vale'));
    expect(row!.branchId).toBe(maida!.id);
    // It is an order like the others: the branch's order list and the customer's page show it.
    const list = await get<{ orders: { id: string }[] }>('/api/admin/orders', 'maida');
    expect(list.body.orders.map((o) => o.id)).toContain(paidTicket.id);
    const customer = await get<{ customer: { orders: { id?: string; order_id?: string }[] } }>(
      `/api/admin/customers/${walkIn.id}`,
      'maida',
    );
    expect(JSON.stringify(customer.body)).toContain(paidTicket.id);
    // Handed in and out at the branch: never a collection or delivery of the vans, on the
    // board, the route sheet or the driver's round.
    for (const date of ['2026-11-23', '2026-11-25']) {
      const board = await get<{ board: { collections: { id: string }[]; deliveries: unknown[] } }>(
        `/api/admin/board?date=${date}`,
        'maida',
      );
      expect(board.status).toBe(200);
      expect(Array.isArray(board.body.board.collections)).toBe(true);
      expect(
        JSON.stringify([board.body.board.collections, board.body.board.deliveries]),
      ).not.toContain(paidTicket.id);
      const round = await get<{ stops: unknown[] }>(
        `/api/admin/driver/stops?date=${date}`,
        'driver',
      );
      expect(round.status).toBe(200);
      expect(JSON.stringify(round.body.stops)).not.toContain(paidTicket.order_no);
    }
    // A scanned ticket number finds it.
    const scanned = await get<{ ticket: { id: string } | null }>(
      `/api/admin/counter/find?q=${encodeURIComponent(paidTicket.order_no)}`,
      'maida',
    );
    expect(scanned.body.ticket?.id).toBe(paidTicket.id);
    // So does a garment's tag, scanned off its label (the intake's tags, decision 027).
    const tag = `${paidTicket.order_no.replace(/\D/g, '')}-01`;
    const db = server.database.db;
    const [garment] = await db.insert(garments).values({ customerId: walkIn.id }).returning();
    await db.insert(orderGarments).values({
      orderId: paidTicket.id,
      garmentId: garment!.id,
      tagNumber: tag,
      serviceId: shirt.id,
      itemName: shirt.serviceName,
      unitPricePence: shirt.pricePence,
    });
    const byTag = await get<{ ticket: { id: string; channel: string } | null }>(
      `/api/admin/counter/find?q=${encodeURIComponent(tag.toLowerCase())}`,
      'maida',
    );
    expect(byTag.body.ticket).toMatchObject({ id: paidTicket.id, channel: 'counter' });
    const noTag = await get<{ ticket: unknown }>('/api/admin/counter/find?q=999999-01', 'maida');
    expect(noTag.body.ticket).toBeNull();
    // Bare digits are a phone number, even when they are also an order's number.
    const digits = await get<{ ticket: { id: string } | null }>(
      `/api/admin/counter/find?q=${paidTicket.order_no.replace(/\D/g, '')}`,
      'maida',
    );
    expect(digits.body.ticket).toBeNull();
  });

  it('moves a walk-in’s ticket on like any order; no e-mail is written for want of an address', async () => {
    const db = server.database.db;
    const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    for (const to of ['cleaning', 'ready']) {
      const moved = await post(`/api/admin/orders/${paidTicket.id}/status`, 'maida', { to });
      expect([to, moved.status]).toEqual([to, 200]);
    }
    // Cancelling e-mails the customer: a walk-in without an address gets nothing.
    const other = await post<{ ticket: Ticket }>(
      '/api/admin/counter/tickets',
      'maida',
      ticketBody({ payment: { kind: 'at-collection' } }),
    );
    const cancelled = await post(`/api/admin/orders/${other.body.ticket.id}/status`, 'maida', {
      to: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
    const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after!.n).toBe(before!.n);
    const [blank] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.toAddress, ''));
    expect(blank!.n).toBe(0);
  });

  it('raises a ticket paid at collection: everything due, no invoice yet', async () => {
    const before = await counts();
    const reply = await post<{ ticket: Ticket }>(
      '/api/admin/counter/tickets',
      'maida',
      ticketBody({ payment: { kind: 'at-collection' } }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.ticket).toMatchObject({
      paid: '0.00',
      due: ((3 * shirt.pricePence) / 100).toFixed(2),
      tendered: null,
      change: null,
      invoice_number: null,
    });
    expect((await counts()).documents).toBe(before.documents);
    // Staff re-list its items on the order page: no £25 minimum is added to a counter ticket.
    const relisted = await server.api<Reply<{ order: { total: string } }>>(
      `/api/admin/orders/${reply.body.ticket.id}/items`,
      {
        method: 'PUT',
        body: { lines: [{ service_id: shirt.id, quantity: 1 }] },
        headers: as('maida'),
      },
    );
    expect(relisted.status).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, reply.body.ticket.id));
    expect(row!.totalPence).toBe(shirt.pricePence);
  });

  it('an account’s ticket shows in the customer’s own account; staff may promise another time', async () => {
    const reply = await post<{ ticket: Ticket }>(
      '/api/admin/counter/tickets',
      'maida',
      ticketBody({
        customer_id: account,
        payment: { kind: 'at-collection' },
        promised_ready_at: '2026-11-28T11:00:00.000Z',
      }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.ticket.promised_ready_at).toBe('2026-11-28T11:00:00.000Z');
    const token = await logIn(server, 'amy@example.com');
    const mine = await server.api<{ customer: { orders: { order_id: string }[] } }>('/api/orders', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(mine.body.customer.orders.map((o) => o.order_id)).toContain(reply.body.ticket.id);
  });

  it('the receipt is an 80 mm PDF with the ticket number; another branch’s staff are refused', async () => {
    const staff = { id: staffIds.maida!, role: 'staff' as const, sessionBranchId: null };
    const receipt = await ticketReceiptPdf(server.services, { staff, orderId: paidTicket.id });
    expect(receipt.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(receipt.pdf.toString('latin1')).toContain(`Ticket ${paidTicket.order_no}`);
    expect(receipt.filename).toBe(`ticket-${paidTicket.order_no}.pdf`);
    // 80 mm = 226.77 points wide.
    expect(receipt.pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 226\.77/);
    const other = { id: staffIds.hampstead!, role: 'staff' as const, sessionBranchId: null };
    await expect(
      ticketReceiptPdf(server.services, { staff: other, orderId: paidTicket.id }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const refused = await get(`/api/admin/counter/tickets/${paidTicket.id}`, 'hampstead');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    const own = await get<{ ticket: Ticket }>(
      `/api/admin/counter/tickets/${paidTicket.id}`,
      'maida',
    );
    expect(own.body.ticket.invoice_number).toBe(paidTicket.invoice_number);
  });

  it('refuses bad tickets with 422 and a code, and writes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { lines: [{ service_id: shirt.id, quantity: -1 }] },
        'validation-failed',
        'lines.0.quantity',
      ],
      [{ lines: [{ service_id: shirt.id, quantity: 0 }] }, 'validation-failed', 'lines.0.quantity'],
      [
        { lines: [{ service_id: shirt.id, quantity: 1000 }] },
        'validation-failed',
        'lines.0.quantity',
      ],
      [
        { lines: [{ service_id: shirt.id, quantity: 1.5 }] },
        'validation-failed',
        'lines.0.quantity',
      ],
      [{ lines: [] }, 'validation-failed', 'lines'],
      [{ lines: [{ service_id: 987654, quantity: 1 }] }, 'validation-failed', 'lines.0.service_id'],
      [
        { lines: [{ service_id: callForPrice.id, quantity: 1 }] },
        'validation-failed',
        'lines.0.unit_price_pence',
      ],
      [
        { lines: [{ service_id: callForPrice.id, quantity: 1, unit_price_pence: 1_000_001 }] },
        'validation-failed',
        'lines.0.unit_price_pence',
      ],
      // Each price allowed, the line above the line limit (£50,000).
      [
        { lines: [{ service_id: callForPrice.id, quantity: 99, unit_price_pence: 60_000 }] },
        'validation-failed',
        'lines.0.quantity',
      ],
      [{ payment: { kind: 'cash', tendered_pence: 100 } }, 'cash-short', 'tendered_pence'],
      [
        { payment: { kind: 'cash', tendered_pence: -5 } },
        'validation-failed',
        'payment.tendered_pence',
      ],
      [{ payment: { kind: 'cheque' } }, 'validation-failed', 'payment'],
      [{ promised_ready_at: '2026-11-22T10:00:00.000Z' }, 'validation-failed', 'promised_ready_at'],
    ];
    for (const [overrides, code, field] of cases) {
      const reply = await post('/api/admin/counter/tickets', 'maida', ticketBody(overrides));
      expect([JSON.stringify(overrides), reply.status, reply.body.code]).toEqual([
        JSON.stringify(overrides),
        422,
        code,
      ]);
      expect(Object.keys(reply.body.errors ?? {}).some((k) => k.startsWith(field))).toBe(true);
    }
    const unknownCustomer = await post(
      '/api/admin/counter/tickets',
      'maida',
      ticketBody({ customer_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknownCustomer.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('needs a current counter branch: 409 with a code, nothing written', async () => {
    const before = await counts();
    // The owner has not picked a branch; staff in no branch have none; West Hampstead has no counter.
    for (const [who, code] of [
      ['owner', 'no-current-branch'],
      ['nowhere', 'no-current-branch'],
      ['hampstead', 'counter-not-enabled'],
    ] as const) {
      const reply = await post('/api/admin/counter/tickets', who, ticketBody());
      expect([who, reply.status, reply.body.code]).toEqual([who, 409, code]);
    }
    expect(await counts()).toEqual(before);
    // The owner who picks Maida Vale works at its counter.
    const [maida] = await server.database.db
      .select()
      .from(branches)
      .where(eq(branches.slug, 'maida-vale'));
    const chose = await server.api('/api/admin/branch', {
      method: 'PUT',
      body: { branch_id: maida!.id },
      headers: as('owner'),
    });
    expect(chose.status).toBe(200);
    const raised = await post('/api/admin/counter/tickets', 'owner', ticketBody());
    expect(raised.status).toBe(200);
  });

  it('refuses a driver everything at the counter', async () => {
    const before = await counts();
    const replies = [
      await get('/api/admin/counter/find?q=Walter', 'driver'),
      await post('/api/admin/counter/customers', 'driver', {
        name: 'Dan',
        phone_number: '07700 900111',
      }),
      await post('/api/admin/counter/tickets', 'driver', ticketBody()),
      await get(`/api/admin/counter/tickets/${paidTicket.id}`, 'driver'),
    ];
    expect(replies.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(await counts()).toEqual(before);
  });
});
