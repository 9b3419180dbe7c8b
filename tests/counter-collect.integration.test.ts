import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { logIn, signUp } from '@tests/helpers/fixtures';
import { counterPeople } from '@tests/helpers/counter-people';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import {
  auditLog,
  branches,
  counterHandoverLines,
  counterHandovers,
  counterTickets,
  customers,
  financialDocuments,
  orders,
  outbox,
  services,
  textMessages,
} from '../server/db/schema';

/*
 * The counter's "ready" and collection (issue 32, decision 050) over HTTP, at Monday
 * 23 November 2026 noon London: a ticket marked ready with its rack tells the customer by text
 * and e-mail with the branch and the amount due; collected with cash and change (the invoice
 * issued then), in part, never twice (also two screens at once: PGlite in npm test, PostgreSQL
 * in test:pg), unpaid only with a reason, at another branch only when the owner allows it; bad
 * input refused with nothing written; a driver and another branch's staff refused.
 */

const NOON = new Date('2026-11-23T12:00:00Z');
const password = 'collect-password-123';
type Ticket = {
  id: string;
  order_no: string;
  status: string;
  rack: string | null;
  ready_at: string | null;
  collected_at: string | null;
  items: { id: number; handed_over: boolean; name: string; quantity: number }[];
  total: string;
  paid: string;
  due: string;
  invoice_number: string | null;
  handovers: {
    at: string;
    by: string;
    branch: string;
    paid: string;
    tendered: string | null;
    change: string | null;
    unpaid_reason: string | null;
  }[];
};
type Reply<T> = T & { code?: string; message: string; errors?: Record<string, string[]> };

describe('the counter: ready and collection (issue 32, decision 050)', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let shirt: { id: number; pricePence: number; serviceName: string };
  let customerId: string;
  let walkInId: string;
  let hampsteadId: number;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const get = <T>(path: string, who: string) => server.api<Reply<T>>(path, { headers: as(who) });
  const post = <T>(path: string, who: string, body: unknown) =>
    server.api<Reply<T>>(path, { method: 'POST', body, headers: as(who) });
  const count = async (table: typeof orders | typeof outbox | typeof textMessages | object) => {
    const [row] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table as typeof orders);
    return row!.n;
  };
  const written = async () => ({
    handovers: await count(counterHandovers),
    lines: await count(counterHandoverLines),
    documents: await count(financialDocuments),
    audit: await count(auditLog),
    outbox: await count(outbox),
    texts: await count(textMessages),
  });
  const raise = async (quantity = 2, lines = 1, customer = customerId) => {
    const reply = await post<{ ticket: Ticket }>('/api/admin/counter/tickets', 'maida', {
      customer_id: customer,
      lines: Array.from({ length: lines }, (_, i) => ({
        service_id: shirt.id,
        quantity: quantity + i,
      })),
      payment: { kind: 'at-collection' },
    });
    expect(reply.status).toBe(200);
    return reply.body.ticket;
  };
  const ready = async (ticket: Ticket, rack = 'B12', who = 'maida') =>
    post<{ ticket: Ticket }>(`/api/admin/counter/tickets/${ticket.id}/ready`, who, { rack });
  const collect = (ticket: Ticket, body: Record<string, unknown>, who = 'maida') =>
    post<{ ticket: Ticket }>(`/api/admin/counter/tickets/${ticket.id}/collect`, who, body);
  const setSettings = (body: Record<string, boolean>) =>
    server.api('/api/admin/settings', { method: 'PUT', body, headers: as('owner') });

  beforeAll(async () => {
    server = await startTestServer({ now: () => NOON });
    const db = server.database.db;
    const ids = Object.fromEntries((await db.select().from(branches)).map((b) => [b.slug, b.id]));
    hampsteadId = ids['west-hampstead']!;
    const people = await counterPeople(
      server,
      'collect.test',
      [
        { key: 'owner', role: 'owner' },
        { key: 'maida', role: 'staff', branch: 'maida-vale', name: 'Maya Counter' },
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
      { name: 'Cora Collect', phone_number: '07700 900612', email: 'cora@example.com' },
    );
    customerId = added.body.customer.id;
    // Cora chose texts (the account page's choice); the walk-in below has no e-mail.
    await db.update(customers).set({ notifySms: true }).where(eq(customers.id, customerId));
    const walkIn = await post<{ customer: { id: string } }>(
      '/api/admin/counter/customers',
      'maida',
      { name: 'Wally Nomail', phone_number: '07700 900613' },
    );
    walkInId = walkIn.body.customer.id;
    // Cash is taken into an open till (decision 051).
    expect((await post('/api/admin/counter/till', 'maida', { float_pence: 0 })).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('marks a ticket ready on its rack; the text and e-mail say where and how much is due', async () => {
    const ticket = await raise(2);
    const due = `£${((2 * shirt.pricePence) / 100).toFixed(2)}`;
    const reply = await ready(ticket, ' B12 ');
    expect(reply.status).toBe(200);
    expect(reply.body.ticket).toMatchObject({ status: 'ready', rack: 'B12' });
    expect(reply.body.ticket.ready_at).toBe(NOON.toISOString());
    expect(reply.body.message).toContain('texted and e-mailed');
    const db = server.database.db;
    const [text] = await db.select().from(textMessages).where(eq(textMessages.orderId, ticket.id));
    expect(text).toMatchObject({ template: 'counter-ready', phone: '+447700900612' });
    expect(text!.body).toContain(`ticket ${ticket.order_no} is ready for collection at Maida Vale`);
    expect(text!.body).toContain(`${due} to pay`);
    const mails = await db.select().from(outbox).where(eq(outbox.toAddress, 'cora@example.com'));
    const mail = mails.find((m) => m.template === 'counter-ready')!;
    expect(mail.subject).toBe(
      `Ticket ${ticket.order_no} is ready for collection at Maida Vale branch`,
    );
    expect(mail.textBody).toContain(`Amount due: ${due}`);
    // Marked again: the rack moves, nobody is told twice.
    const before = await written();
    const moved = await ready(ticket, 'C3');
    expect(moved.body.ticket.rack).toBe('C3');
    expect((await written()).texts).toBe(before.texts);
    expect((await written()).outbox).toBe(before.outbox);
  });

  it('a walk-in without an e-mail is texted only when they chose texts: no e-mail to ""', async () => {
    const ticket = await raise(1, 1, walkInId);
    const before = await written();
    const reply = await ready(ticket);
    expect(reply.status).toBe(200);
    expect((await written()).outbox).toBe(before.outbox);
    const [blank] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.toAddress, ''));
    expect(blank!.n).toBe(0);
  });

  it('collects a ticket: cash tendered, change given, the invoice issued, who and when', async () => {
    const ticket = await raise(3);
    await ready(ticket);
    const duePence = 3 * shirt.pricePence;
    const reply = await collect(ticket, { payment: { kind: 'cash', tendered_pence: 5000 } });
    expect(reply.status).toBe(200);
    const change = ((5000 - duePence) / 100).toFixed(2);
    expect(reply.body.message).toContain(`give £${change} change`);
    expect(reply.body.ticket).toMatchObject({
      status: 'delivered',
      due: '0.00',
      paid: (duePence / 100).toFixed(2),
      collected_at: NOON.toISOString(),
    });
    expect(reply.body.ticket.invoice_number).toMatch(/^INV-\d{6}$/);
    expect(reply.body.ticket.items.every((i) => i.handed_over)).toBe(true);
    expect(reply.body.ticket.handovers).toEqual([
      {
        at: NOON.toISOString(),
        by: 'Maya Counter',
        branch: 'Maida Vale',
        paid: (duePence / 100).toFixed(2),
        tendered: '50.00',
        change,
        unpaid_reason: null,
      },
    ]);
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, ticket.id));
    expect(row).toMatchObject({ paymentMethod: 'cash', paymentState: 'paid', amountDuePence: 0 });

    // A second collection: 409 with a message, nothing written.
    const before = await written();
    const again = await collect(ticket, { payment: { kind: 'none' } });
    expect([again.status, again.body.code]).toEqual([409, 'ticket-collected']);
    expect(again.body.message).toContain('collected already');
    expect(await written()).toEqual(before);
  });

  it('hands over part: the lines chosen, then the rest; a line never twice', async () => {
    const ticket = await raise(1, 2);
    await ready(ticket);
    const [first, second] = ticket.items;
    const part = await collect(ticket, {
      line_ids: [first!.id],
      payment: { kind: 'none' },
      unpaid_reason: 'Pays with the rest on Friday',
    });
    expect(part.status).toBe(200);
    expect(part.body.ticket.status).toBe('ready');
    expect(part.body.ticket.items.map((i) => i.handed_over)).toEqual([true, false]);
    expect(part.body.ticket.handovers[0]!.unpaid_reason).toBe('Pays with the rest on Friday');
    const before = await written();
    // Its items are no longer re-listed on the order page (that would forget the hand-over).
    const relisted = await server.api<Reply<unknown>>(`/api/admin/orders/${ticket.id}/items`, {
      method: 'PUT',
      body: { lines: [{ service_id: shirt.id, quantity: 1 }] },
      headers: as('maida'),
    });
    expect([relisted.status, relisted.body.code]).toEqual([409, 'ticket-collected']);
    const twice = await collect(ticket, { line_ids: [first!.id], payment: { kind: 'none' } });
    expect([twice.status, twice.body.code]).toEqual([409, 'ticket-collected']);
    expect(await written()).toEqual(before);
    const rest = await collect(ticket, { payment: { kind: 'cash', tendered_pence: 5000 } });
    expect(rest.status).toBe(200);
    expect(rest.body.ticket.status).toBe('delivered');
    expect(rest.body.ticket.items.map((i) => i.handed_over)).toEqual([true, true]);
    expect(second).toBeDefined();
  });

  it('two screens collect one ticket at once: exactly one succeeds', async () => {
    const ticket = await raise(2);
    await ready(ticket);
    const replies = await Promise.all([
      collect(ticket, { payment: { kind: 'cash', tendered_pence: 5000 } }),
      collect(ticket, { payment: { kind: 'cash', tendered_pence: 5000 } }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const db = server.database.db;
    const handovers = await db
      .select()
      .from(counterHandovers)
      .where(eq(counterHandovers.orderId, ticket.id));
    expect(handovers).toHaveLength(1);
    const invoices = await db
      .select()
      .from(financialDocuments)
      .where(eq(financialDocuments.orderId, ticket.id));
    expect(invoices).toHaveLength(1);
  });

  it('an unpaid balance needs a reason unless the owner allows; nothing written when refused', async () => {
    const ticket = await raise(2);
    await ready(ticket);
    const before = await written();
    for (const body of [
      { payment: { kind: 'none' } },
      { payment: { kind: 'none' }, unpaid_reason: '   ' },
    ]) {
      const refused = await collect(ticket, body);
      expect([refused.status, refused.body.code]).toEqual([422, 'unpaid-needs-reason']);
      expect(refused.body.errors?.unpaid_reason).toBeDefined();
    }
    expect(await written()).toEqual(before);
    expect((await setSettings({ counter_unpaid_without_reason: true })).status).toBe(200);
    try {
      const allowed = await collect(ticket, { payment: { kind: 'none' } });
      expect(allowed.status).toBe(200);
      expect(allowed.body.ticket).toMatchObject({ status: 'delivered', invoice_number: null });
      expect(allowed.body.ticket.due).not.toBe('0.00');
    } finally {
      await setSettings({ counter_unpaid_without_reason: false });
    }
    const settings = await get<{ driver_hides_card_not_saved: boolean }>(
      '/api/admin/settings',
      'owner',
    );
    expect(settings.body).toMatchObject({
      driver_hides_card_not_saved: false,
      counter_unpaid_without_reason: false,
      counter_collect_elsewhere: false,
    });
  });

  it('another branch collects only when the owner allows it, and is recorded', async () => {
    await server.database.db
      .update(branches)
      .set({ counterEnabled: true })
      .where(eq(branches.id, hampsteadId));
    const till = await post('/api/admin/counter/till', 'hampstead', { float_pence: 0 });
    expect(till.status).toBe(200);
    const ticket = await raise(1);
    await ready(ticket);
    const before = await written();
    const refused = await collect(
      ticket,
      { payment: { kind: 'cash', tendered_pence: 2000 } },
      'hampstead',
    );
    expect([refused.status, refused.body.code]).toEqual([409, 'collect-elsewhere-off']);
    expect(refused.body.message).toContain('Maida Vale');
    expect(await written()).toEqual(before);
    expect((await get(`/api/admin/counter/tickets/${ticket.id}`, 'hampstead')).status).toBe(403);
    await setSettings({ counter_collect_elsewhere: true });
    try {
      const seen = await get<{ ticket: Ticket }>(
        `/api/admin/counter/tickets/${ticket.id}`,
        'hampstead',
      );
      expect(seen.status).toBe(200);
      const done = await collect(
        ticket,
        { payment: { kind: 'cash', tendered_pence: 2000 } },
        'hampstead',
      );
      expect(done.status).toBe(200);
      expect(done.body.ticket.handovers[0]!.branch).toBe('West Hampstead');
      const [row] = await server.database.db
        .select()
        .from(counterHandovers)
        .where(eq(counterHandovers.orderId, ticket.id));
      expect(row!.branchId).toBe(hampsteadId);
    } finally {
      await setSettings({ counter_collect_elsewhere: false });
    }
  });

  it('refuses bad input with a message and writes nothing; a ticket not ready is not handed over', async () => {
    const ticket = await raise(2);
    const notReady = await collect(ticket, { payment: { kind: 'cash', tendered_pence: 5000 } });
    expect([notReady.status, notReady.body.code]).toEqual([409, 'ticket-not-ready']);
    await ready(ticket);
    const before = await written();
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const cases: [string, Record<string, unknown>, number, string][] = [
      [ticket.id, { payment: { kind: 'cash', tendered_pence: -5 } }, 422, 'validation-failed'],
      [ticket.id, { payment: { kind: 'cash', tendered_pence: 1.5 } }, 422, 'validation-failed'],
      [ticket.id, { payment: { kind: 'cash', tendered_pence: 10 ** 9 } }, 422, 'validation-failed'],
      [ticket.id, { payment: { kind: 'cash', tendered_pence: 1 } }, 422, 'cash-short'],
      [ticket.id, { payment: { kind: 'cheque' } }, 422, 'validation-failed'],
      [
        ticket.id,
        { payment: { kind: 'none' }, unpaid_reason: 'x'.repeat(5000) },
        422,
        'validation-failed',
      ],
      [ticket.id, { line_ids: [987654], payment: { kind: 'none' } }, 422, 'validation-failed'],
      [ticket.id, { line_ids: [], payment: { kind: 'none' } }, 422, 'validation-failed'],
      [unknownId, { payment: { kind: 'none' } }, 404, 'not-found'],
    ];
    for (const [id, body, status, code] of cases) {
      const reply = await collect({ ...ticket, id }, body);
      expect([JSON.stringify(body).slice(0, 80), reply.status, reply.body.code]).toEqual([
        JSON.stringify(body).slice(0, 80),
        status,
        code,
      ]);
      expect(reply.body.message.length).toBeGreaterThan(0);
    }
    for (const [id, rack, status] of [
      [ticket.id, '', 422],
      [ticket.id, 'R'.repeat(5000), 422],
      [unknownId, 'B1', 404],
    ] as const) {
      const reply = await post(`/api/admin/counter/tickets/${id}/ready`, 'maida', { rack });
      expect([rack.slice(0, 5), reply.status]).toEqual([rack.slice(0, 5), status]);
    }
    expect(await written()).toEqual(before);
    const [row] = await server.database.db
      .select()
      .from(counterTickets)
      .where(eq(counterTickets.orderId, ticket.id));
    expect(row!.rack).toBe('B12');
  });

  it('a ticket never goes out for delivery or moves its windows; the account knows it is a ticket', async () => {
    await signUp(server, { name: 'Tess Ticket', email: 'tess@example.com', phone: '07700 900614' });
    const [tess] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'tess@example.com'));
    const ticket = await raise(1, 1, tess!.id);
    await ready(ticket);
    const detail = await get<{ order: { next_statuses: string[] } }>(
      `/api/admin/orders/${ticket.id}`,
      'maida',
    );
    expect(detail.status).toBe(200);
    expect(detail.body.order.next_statuses).not.toContain('out for delivery');
    const refused = await post(`/api/admin/orders/${ticket.id}/status`, 'maida', {
      to: 'out for delivery',
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'status-move-refused']);
    expect(refused.body.message).toContain('collected at the counter');
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, ticket.id));
    expect(row!.status).toBe('ready');

    const token = await logIn(server, 'tess@example.com');
    const mine = await server.api<{
      customer: {
        orders: { order_id: string; channel: string; can_change: Record<string, boolean> }[];
      };
    }>('/api/orders', { headers: { Authorization: `Bearer ${token}` } });
    const seen = mine.body.customer.orders.find((o) => o.order_id === ticket.id)!;
    expect(seen).toMatchObject({
      channel: 'counter',
      can_change: { collection: false, delivery: false },
    });
    const moved = await server.api<Reply<unknown>>(`/api/account/orders/${ticket.id}/reschedule`, {
      method: 'POST',
      body: { leg: 'delivery', date: '2026-11-30', time: '10:00' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect([moved.status, moved.body.code]).toEqual([409, 'order-not-reschedulable']);
  });

  it('refuses a driver and another branch’s staff', async () => {
    const ticket = await raise(1);
    const before = await written();
    expect((await ready(ticket, 'A1', 'driver')).status).toBe(403);
    expect((await ready(ticket, 'A1', 'hampstead')).status).toBe(403);
    await ready(ticket);
    const driver = await collect(ticket, { payment: { kind: 'none' } }, 'driver');
    expect(driver.status).toBe(403);
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, ticket.id));
    expect(row!.status).toBe('ready');
    expect((await written()).handovers).toBe(before.handovers);
  });
});
