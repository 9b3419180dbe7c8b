import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { insertOrderRow, signUp } from '@tests/helpers/fixtures';
import { counterPeople } from '@tests/helpers/counter-people';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import {
  auditLog,
  customerCredits,
  financialDocuments,
  orders,
  payments,
  services,
  tillDays,
  tillEntries,
} from '../server/db/schema';

/*
 * Money at the counter in TEST MODE (no keys; issue 32, decision 053): the simulated reader,
 * a deposit now and the rest at collection, the customer's account credit and the card they
 * saved online (charged off-session, offline), and a cash refund from the till: at most what
 * was paid in cash, with a reason, a negative entry, a credit note, audited; refused into a
 * closed day. Bad input is 422/409 with nothing written; a driver is refused.
 */

const NOON = new Date('2026-11-23T12:00:00Z');
const password = 'money-password-123';
type Ticket = {
  id: string;
  total: string;
  paid: string;
  due: string;
  change: string | null;
  invoice_number: string | null;
  cash_refundable: string;
  customer_account: boolean;
};
type Reply = {
  code?: string;
  message: string;
  errors?: Record<string, string[]>;
  ticket: Ticket;
  card_payment: { id: number; status: string; simulated: boolean };
};
const gbp = (pence: number) => (pence / 100).toFixed(2);

describe('deposits, saved card or credit, cash refunds at the counter (decision 053)', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let shirt: { id: number; pricePence: number };
  let walkIn: string;
  let dayId: number;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const post = (path: string, who: string, body: unknown = {}) =>
    server.api<Reply>(path, { method: 'POST', body, headers: as(who) });
  const raise = (customerId: string, quantity: number, payment: unknown) =>
    post('/api/admin/counter/tickets', 'maida', {
      customer_id: customerId,
      lines: [{ service_id: shirt.id, quantity, note: '' }],
      payment,
    });
  const written = async () => {
    const db = server.database.db;
    const n = async (
      table: typeof orders | typeof tillEntries | typeof payments | typeof financialDocuments,
    ) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    const [credit] = await db
      .select({ n: sql<number>`coalesce(sum(${customerCredits.amountPence}), 0)::int` })
      .from(customerCredits);
    return {
      orders: await n(orders),
      entries: await n(tillEntries),
      payments: await n(payments),
      documents: await n(financialDocuments),
      credit: credit!.n,
      paid: (await db.select({ p: orders.paidPence }).from(orders)).reduce((s, o) => s + o.p, 0),
    };
  };

  beforeAll(async () => {
    server = await startTestServer({ now: () => NOON });
    const db = server.database.db;
    Object.assign(
      tokens,
      (
        await counterPeople(
          server,
          'money.test',
          [
            { key: 'owner', role: 'owner' },
            { key: 'maida', role: 'staff', branch: 'maida-vale' },
            { key: 'driver', role: 'driver' },
          ],
          password,
        )
      ).tokens,
    );
    shirt = (await db.select().from(services)).find((s) => s.pricePence > 300)!;
    const added = await post('/api/admin/counter/customers', 'maida', {
      name: 'Walter Walkin',
      phone_number: '07700 900744',
    });
    walkIn = (added.body as unknown as { customer: { id: string } }).customer.id;
    const opened = await post('/api/admin/counter/till', 'maida', { float_pence: 5000 });
    dayId = (opened.body as unknown as { day: { id: number } }).day.id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('takes a deposit in cash now and the rest by card on the simulated reader at collection', async () => {
    const total = 2 * shirt.pricePence;
    const deposit = 300;
    const before = await written();
    const raised = await raise(walkIn, 2, {
      kind: 'cash',
      tendered_pence: 500,
      deposit_pence: deposit,
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const ticket = raised.body.ticket;
    expect(ticket).toMatchObject({
      total: gbp(total),
      paid: gbp(deposit),
      due: gbp(total - deposit),
      change: gbp(200),
      cash_refundable: gbp(deposit),
    });
    // Decision 023: the invoice is issued when money is first received.
    expect(ticket.invoice_number).toMatch(/^INV-/);
    const after = await written();
    expect(after.entries).toBe(before.entries + 1);
    const [entry] = await server.database.db
      .select()
      .from(tillEntries)
      .where(eq(tillEntries.orderId, ticket.id));
    expect(entry).toMatchObject({ kind: 'sale', method: 'cash', pence: deposit });

    // The rest by card on TEST MODE's simulated reader.
    const card = await post(`/api/admin/counter/tickets/${ticket.id}/card`, 'maida');
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.card_payment).toMatchObject({ status: 'waiting', simulated: true });
    const paid = await post(
      `/api/admin/counter/card-payments/${card.body.card_payment.id}/simulate`,
      'maida',
      { outcome: 'approved' },
    );
    expect(paid.body.card_payment.status).toBe('succeeded');
    expect(paid.body.ticket).toMatchObject({
      paid: gbp(total),
      due: '0.00',
      invoice_number: ticket.invoice_number,
    });
    const entries = await server.database.db
      .select()
      .from(tillEntries)
      .where(eq(tillEntries.orderId, ticket.id));
    expect(entries.map((e) => [e.method, e.pence])).toEqual([
      ['cash', deposit],
      ['card', total - deposit],
    ]);
  });

  it('refuses a deposit of the whole total, a short tender and a bad deposit, writing nothing', async () => {
    const before = await written();
    for (const payment of [
      { kind: 'cash', tendered_pence: 5000, deposit_pence: shirt.pricePence },
      { kind: 'cash', tendered_pence: 100, deposit_pence: 200 },
      { kind: 'cash', tendered_pence: 1000, deposit_pence: -5 },
      { kind: 'cash', tendered_pence: 1000, deposit_pence: 0 },
      { kind: 'card', deposit_pence: 2.5 },
    ]) {
      const reply = await raise(walkIn, 1, payment);
      expect(reply.status, JSON.stringify(payment)).toBe(422);
      expect(reply.body.message).toBeTruthy();
    }
    expect(await written()).toEqual(before);
  });

  it('pays from the customer’s account credit, and charges the card they saved online', async () => {
    const db = server.database.db;
    const account = await signUp(server, { name: 'Olive Online', email: 'olive@example.com' });
    const customerId = account.customer_id;
    // A walk-in has no account: refused, nothing written.
    const guestTicket = (await raise(walkIn, 1, { kind: 'at-collection' })).body.ticket;
    expect(guestTicket.customer_account).toBe(false);
    const before = await written();
    const guest = await post(
      `/api/admin/counter/tickets/${guestTicket.id}/account-payment`,
      'maida',
      {
        source: 'credit',
      },
    );
    expect([guest.status, guest.body.code]).toEqual([409, 'no-account-payment']);
    // Olive has £2.00 credit and a card saved on an online order.
    await db.insert(customerCredits).values({
      customerId,
      amountPence: 200,
      reason: 'Goodwill',
      createdAt: NOON,
    });
    const online = await insertOrderRow(db, NOON, { customerId, status: 'delivered' });
    await db.insert(payments).values({
      orderId: online.id,
      provider: 'test',
      kind: 'card_setup',
      providerRef: 'seti_test_olive',
      status: 'succeeded',
      amountPence: 0,
      providerCustomerId: 'cus_test_olive',
      paymentMethodId: 'pm_card_visa',
      cardBrand: 'visa',
      cardLast4: '4242',
      createdAt: NOON,
      updatedAt: NOON,
    });
    expect(await written()).toMatchObject({ entries: before.entries, paid: before.paid });

    const ticket = (await raise(customerId, 2, { kind: 'at-collection' })).body.ticket;
    expect(ticket.customer_account).toBe(true);
    const credit = await post(`/api/admin/counter/tickets/${ticket.id}/account-payment`, 'maida', {
      source: 'credit',
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect(credit.body.ticket).toMatchObject({
      paid: '2.00',
      due: gbp(2 * shirt.pricePence - 200),
    });
    expect(credit.body.ticket.invoice_number).toMatch(/^INV-/);
    const noMore = await post(`/api/admin/counter/tickets/${ticket.id}/account-payment`, 'maida', {
      source: 'credit',
    });
    expect([noMore.status, noMore.body.code]).toEqual([409, 'no-account-payment']);

    const charged = await post(`/api/admin/counter/tickets/${ticket.id}/account-payment`, 'maida', {
      source: 'saved-card',
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    expect(charged.body.message).toContain('4242');
    expect(charged.body.ticket).toMatchObject({ paid: gbp(2 * shirt.pricePence), due: '0.00' });
    const entries = await db.select().from(tillEntries).where(eq(tillEntries.orderId, ticket.id));
    // Credit is not money into the till; the saved card's charge is a card sale.
    expect(entries.map((e) => [e.kind, e.method, e.pence])).toEqual([
      ['sale', 'card', 2 * shirt.pricePence - 200],
    ]);

    // A declined saved card: 409 card-declined, nothing written.
    await db
      .update(payments)
      .set({ paymentMethodId: 'pm_card_chargeDeclined' })
      .where(eq(payments.providerRef, 'seti_test_olive'));
    const next = (await raise(customerId, 1, { kind: 'at-collection' })).body.ticket;
    const beforeDecline = await written();
    const declined = await post(`/api/admin/counter/tickets/${next.id}/account-payment`, 'maida', {
      source: 'saved-card',
    });
    expect([declined.status, declined.body.code]).toEqual([409, 'card-declined']);
    expect(await written()).toEqual(beforeDecline);
  });

  it('refunds cash from the till with a reason, at most what was paid in cash, with a credit note', async () => {
    const db = server.database.db;
    const ticket = (await raise(walkIn, 2, { kind: 'cash', tendered_pence: 5000 })).body.ticket;
    const cash = 2 * shirt.pricePence;
    expect(ticket.cash_refundable).toBe(gbp(cash));
    const before = await written();
    for (const [body, status] of [
      [{ pence: cash + 1, reason: 'Too much' }, 422],
      [{ pence: -100, reason: 'Negative' }, 422],
      [{ pence: 0, reason: 'Nothing' }, 422],
      [{ pence: 100, reason: '' }, 422],
      [{ pence: 100 }, 422],
    ] as const) {
      const reply = await post(`/api/admin/counter/tickets/${ticket.id}/refund`, 'maida', body);
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(reply.body.message).toBeTruthy();
    }
    const over = await post(`/api/admin/counter/tickets/${ticket.id}/refund`, 'maida', {
      pence: cash + 1,
      reason: 'Too much',
    });
    expect(over.body.code).toBe('refund-over-cash');
    const driver = await post(`/api/admin/counter/tickets/${ticket.id}/refund`, 'driver', {
      pence: 100,
      reason: 'Driver',
    });
    expect(driver.status).toBe(403);
    expect(await written()).toEqual(before);

    const refunded = await post(`/api/admin/counter/tickets/${ticket.id}/refund`, 'maida', {
      pence: 150,
      reason: 'Button torn in cleaning',
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.message).toContain('1.50');
    expect(refunded.body.ticket).toMatchObject({
      paid: gbp(cash - 150),
      total: gbp(cash - 150),
      due: '0.00',
      cash_refundable: gbp(cash - 150),
    });
    const [entry] = await db
      .select()
      .from(tillEntries)
      .where(and(eq(tillEntries.orderId, ticket.id), eq(tillEntries.kind, 'refund')));
    expect(entry).toMatchObject({ method: 'cash', pence: -150, reason: 'Button torn in cleaning' });
    const notes = await db
      .select()
      .from(financialDocuments)
      .where(
        and(eq(financialDocuments.orderId, ticket.id), eq(financialDocuments.kind, 'credit-note')),
      );
    expect(notes.map((n) => n.totalPence)).toEqual([150]);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'counter.cash-refund'));
    expect(audit).toBeTruthy();
    // The Z report follows: the refund is in the expected cash and the refunds line.
    const day = await server.api<{ day: { refunds: string; takings: { cash: string } } }>(
      `/api/admin/counter/till/days/${dayId}`,
      { headers: as('maida') },
    );
    expect(day.body.day.refunds).toBe('1.50');
    // A second refund for more than is left is refused.
    const tooMuch = await post(`/api/admin/counter/tickets/${ticket.id}/refund`, 'maida', {
      pence: cash - 149,
      reason: 'Again',
    });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([422, 'refund-over-cash']);
  });

  it('refuses a refund into a closed day: 409 day-closed, nothing written', async () => {
    const ticket = (await raise(walkIn, 1, { kind: 'cash', tendered_pence: 5000 })).body.ticket;
    const close = await post(`/api/admin/counter/till/days/${dayId}/close`, 'maida', {
      counted_pence: 0,
    });
    expect(close.status).toBe(200);
    const before = await written();
    const refund = await post(`/api/admin/counter/tickets/${ticket.id}/refund`, 'maida', {
      pence: 100,
      reason: 'After the close',
    });
    expect([refund.status, refund.body.code]).toEqual([409, 'day-closed']);
    expect(await written()).toEqual(before);
    const [day] = await server.database.db.select().from(tillDays).where(eq(tillDays.id, dayId));
    expect(day!.closedAt).not.toBeNull();
  });

  it('lists the counter’s payment endpoints in the OpenAPI document with their schemas', async () => {
    type Doc = {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: object }>>;
    };
    const doc = (await server.api<Doc>('/api/openapi.json')).body;
    for (const [path, method] of [
      ['/api/admin/counter/tickets/{id}/card', 'post'],
      ['/api/admin/counter/card-payments/{id}', 'get'],
      ['/api/admin/counter/card-payments/{id}/cancel', 'post'],
      ['/api/admin/counter/card-payments/{id}/simulate', 'post'],
      ['/api/admin/counter/tickets/{id}/account-payment', 'post'],
      ['/api/admin/counter/tickets/{id}/refund', 'post'],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeTruthy();
      expect(Object.keys(operation!.responses)).toContain('200');
    }
    expect(doc.paths['/api/admin/counter/tickets/{id}/refund']!.post!.requestBody).toBeTruthy();
  });
});
