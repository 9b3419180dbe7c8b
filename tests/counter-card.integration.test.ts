import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startStripeStandIn, type StripeStandIn } from '@tests/helpers/stripe-stand-in';
import { counterPeople } from '@tests/helpers/counter-people';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import {
  auditLog,
  branches,
  counterCardPayments,
  financialDocuments,
  orders,
  payments,
  services,
  tillEntries,
} from '../server/db/schema';

/*
 * A card at the counter on Stripe Terminal (issue 32, decision 053) through the official SDK
 * against the local Stripe stand-in: the PaymentIntent is card_present with manual capture,
 * sent to the branch's reader; the tap is Stripe's test helper; the outcome arrives by the
 * signed `terminal.reader.action_*` webhook (or the screen's poll). Paid once with a till
 * entry sale/card and an invoice from the one series; a decline, a cancel, an unknown reader
 * and bad amounts write nothing; a driver is refused.
 */

const NOON = new Date('2026-11-23T12:00:00Z');
const WEBHOOK_SECRET = 'whsec_counter_card';
const READER = 'tmr_standin_maida';
const password = 'card-password-123';
type Card = { id: number; status: string; message: string; amount: string; simulated: boolean };
type Ticket = {
  id: string;
  order_no: string;
  total: string;
  paid: string;
  due: string;
  payment: string;
  invoice_number: string | null;
};
type Reply = {
  code?: string;
  message: string;
  errors?: Record<string, string[]>;
  ticket: Ticket;
  card_payment: Card;
  day: { takings: { card: string; cash: string }; entries: { method: string; amount: string }[] };
};

describe('a card at the counter on Stripe Terminal (decision 053)', () => {
  let stripe: StripeStandIn;
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let shirt: { id: number; pricePence: number };
  let customerId: string;
  let maidaVale: number;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const post = (path: string, who: string, body: unknown = {}) =>
    server.api<Reply>(path, { method: 'POST', body, headers: as(who) });
  const get = (path: string, who: string) => server.api<Reply>(path, { headers: as(who) });
  const raiseByCard = (quantity = 1, deposit?: number) =>
    post('/api/admin/counter/tickets', 'maida', {
      customer_id: customerId,
      lines: [{ service_id: shirt.id, quantity, note: '' }],
      payment: { kind: 'card', ...(deposit ? { deposit_pence: deposit } : {}) },
    });
  const written = async () => {
    const db = server.database.db;
    const n = async (table: typeof orders | typeof tillEntries | typeof payments) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    return {
      orders: await n(orders),
      entries: await n(tillEntries),
      payments: await n(payments),
      documents: (await db.select({ n: sql<number>`count(*)::int` }).from(financialDocuments))[0]!
        .n,
    };
  };
  const tap = (number: string) =>
    fetch(`${stripe.url}/v1/test_helpers/terminal/readers/${READER}/present_payment_method`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer sk_test_standin',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ 'card_present[number]': number }),
    });
  const webhook = (eventId: string) => {
    const { payload, signature } = stripe.terminal.readerEvent(READER, eventId, WEBHOOK_SECRET);
    return fetch(`${server.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
  };

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    stripe.terminal.addReader(READER);
    server = await startTestServer({
      now: () => NOON,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      },
    });
    const db = server.database.db;
    const [branch] = await db.select().from(branches).where(eq(branches.slug, 'maida-vale'));
    maidaVale = branch!.id;
    await db.update(branches).set({ terminalReaderId: READER }).where(eq(branches.id, maidaVale));
    Object.assign(
      tokens,
      (
        await counterPeople(
          server,
          'card.test',
          [
            { key: 'owner', role: 'owner' },
            { key: 'maida', role: 'staff', branch: 'maida-vale' },
            { key: 'driver', role: 'driver' },
          ],
          password,
        )
      ).tokens,
    );
    shirt = (await db.select().from(services)).find((s) => s.pricePence > 100)!;
    const added = await post('/api/admin/counter/customers', 'maida', {
      name: 'Carla Card',
      phone_number: '07700 900733',
    });
    customerId = (added.body as unknown as { customer: { id: string } }).customer.id;
    expect((await post('/api/admin/counter/till', 'maida', { float_pence: 5000 })).status).toBe(
      200,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  it('takes a card on the reader: paid once however often the webhook comes, one till entry, one invoice', async () => {
    const before = await written();
    const raised = await raiseByCard(2);
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const { ticket, card_payment: card } = raised.body;
    expect(card).toMatchObject({ status: 'waiting', simulated: true });
    expect(card.message).toContain('Waiting for the card on the reader');
    expect(ticket).toMatchObject({ payment: 'card', paid: '0.00', invoice_number: null });
    // Through the SDK: a card_present PaymentIntent with manual capture, sent to the reader.
    const [intent] = [...stripe.intents.values()].filter((i) => i.captureMethod === 'manual');
    expect(intent).toMatchObject({
      amount: 2 * shirt.pricePence,
      paymentMethodTypes: ['card_present'],
      status: 'requires_payment_method',
    });
    expect(stripe.calls).toContain(
      `POST /v1/terminal/readers/${READER}/process_payment_intent (secret)`,
    );
    // Nothing is paid before the provider says so: no entry, no payment, no invoice yet.
    const waiting = await written();
    expect(waiting).toEqual({ ...before, orders: before.orders + 1 });
    expect(
      (await get(`/api/admin/counter/card-payments/${card.id}`, 'maida')).body.card_payment.status,
    ).toBe('waiting');

    expect((await tap('4242424242424242')).status).toBe(200);
    expect(stripe.intents.get(intent!.id)!.status).toBe('requires_capture');
    // The same event twice, and a second event at once: one payment.
    const replies = await Promise.all([
      webhook('evt_tap_1'),
      webhook('evt_tap_1'),
      webhook('evt_tap_2'),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(stripe.intents.get(intent!.id)!.status).toBe('succeeded');
    expect(stripe.calls.filter((c) => c.includes('/capture')).length).toBeGreaterThanOrEqual(1);

    const after = await written();
    expect(after).toEqual({
      orders: waiting.orders,
      entries: waiting.entries + 1,
      payments: waiting.payments + 1,
      documents: waiting.documents + 1,
    });
    const db = server.database.db;
    const [entry] = await db.select().from(tillEntries).where(eq(tillEntries.orderId, ticket.id));
    expect(entry).toMatchObject({ kind: 'sale', method: 'card', pence: 2 * shirt.pricePence });
    const [order] = await db.select().from(orders).where(eq(orders.id, ticket.id));
    expect(order).toMatchObject({
      paidPence: 2 * shirt.pricePence,
      amountDuePence: 0,
      paymentState: 'paid',
    });
    const seen = await get(`/api/admin/counter/card-payments/${card.id}`, 'maida');
    expect(seen.body.card_payment).toMatchObject({ status: 'succeeded' });
    expect(seen.body.ticket.invoice_number).toMatch(/^INV-/);
    // The invoice number is the next of the one series.
    const invoices = await db
      .select({ number: financialDocuments.number })
      .from(financialDocuments)
      .where(eq(financialDocuments.kind, 'invoice'));
    expect(invoices.map((i) => i.number)).toContain(seen.body.ticket.invoice_number);
    // The Z report's card takings add up.
    const till = await get('/api/admin/counter/till', 'maida');
    const current = (till.body as unknown as { current: Reply['day'] }).current;
    expect(current.takings.card).toBe(((2 * shirt.pricePence) / 100).toFixed(2));
    const [audit] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, 'counter.card-paid'));
    expect(audit!.n).toBe(1);
  });

  it('a declined card leaves the ticket unpaid, with nothing written but the attempt', async () => {
    const raised = await raiseByCard(1);
    expect(raised.status).toBe(200);
    const before = await written();
    const declined = await post(
      `/api/admin/counter/card-payments/${raised.body.card_payment.id}/simulate`,
      'maida',
      { outcome: 'declined' },
    );
    expect(declined.status).toBe(200);
    expect(declined.body.card_payment.status).toBe('failed');
    expect(declined.body.card_payment.message).toContain('Your card was declined.');
    expect(declined.body.ticket).toMatchObject({ paid: '0.00', invoice_number: null });
    // The webhook of the failure changes nothing more.
    expect((await webhook('evt_declined')).status).toBe(200);
    expect(await written()).toEqual(before);
    // Then another card for the same ticket is approved through the test helper.
    const again = await post(`/api/admin/counter/tickets/${raised.body.ticket.id}/card`, 'maida');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const approved = await post(
      `/api/admin/counter/card-payments/${again.body.card_payment.id}/simulate`,
      'maida',
      { outcome: 'approved' },
    );
    expect(approved.body.card_payment.status).toBe('succeeded');
    expect(approved.body.ticket).toMatchObject({ due: '0.00' });
  });

  it('the screen’s poll settles a tap when no webhook comes (the fallback), once', async () => {
    const raised = await raiseByCard(1);
    expect((await tap('4242424242424242')).status).toBe(200);
    const polls = await Promise.all([
      get(`/api/admin/counter/card-payments/${raised.body.card_payment.id}`, 'maida'),
      get(`/api/admin/counter/card-payments/${raised.body.card_payment.id}`, 'maida'),
    ]);
    for (const poll of polls) {
      expect(poll.status).toBe(200);
      expect(poll.body.card_payment.status).toBe('succeeded');
      expect(poll.body.ticket.due).toBe('0.00');
    }
    const entries = await server.database.db
      .select()
      .from(tillEntries)
      .where(eq(tillEntries.orderId, raised.body.ticket.id));
    expect(entries.map((e) => [e.kind, e.method, e.pence])).toEqual([
      ['sale', 'card', shirt.pricePence],
    ]);
  });

  it('cancels a card waiting on the reader: nothing taken', async () => {
    const raised = await raiseByCard(1);
    const before = await written();
    const cancelled = await post(
      `/api/admin/counter/card-payments/${raised.body.card_payment.id}/cancel`,
      'maida',
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.card_payment.status).toBe('canceled');
    expect(stripe.terminal.readers.get(READER)!.action).toBeNull();
    expect(await written()).toEqual(before);
    expect(stripe.calls).toContain(`POST /v1/terminal/readers/${READER}/cancel_action (secret)`);
  });

  it('refuses an unknown reader, no reader, an amount over what is due and a bad amount, writing nothing', async () => {
    const db = server.database.db;
    const before = await written();
    // The owner sets the reader id in the branch's settings (a mistyped one here).
    type Settings = { id: number; reader_id?: string } & Record<string, unknown>;
    const listed = await server.api<{ branches: Settings[] }>('/api/admin/branches', {
      headers: as('owner'),
    });
    const mine = listed.body.branches.find((b) => b.id === maidaVale)!;
    expect(mine.reader_id).toBe(READER);
    const { id: _id, slug: _slug, name: _name, ...body } = mine;
    const saved = await server.api<{ branch: Settings }>(`/api/admin/branches/${maidaVale}`, {
      method: 'PUT',
      body: { ...body, reader_id: 'tmr_nobody' },
      headers: as('owner'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const unknown = await raiseByCard(1);
    expect([unknown.status, unknown.body.code]).toEqual([409, 'reader-unknown']);
    await db.update(branches).set({ terminalReaderId: null }).where(eq(branches.id, maidaVale));
    const none = await raiseByCard(1);
    expect([none.status, none.body.code]).toEqual([409, 'no-reader']);
    expect(none.body.message).toContain('Maida Vale');
    await db.update(branches).set({ terminalReaderId: READER }).where(eq(branches.id, maidaVale));
    expect(await written()).toEqual(before);

    const ticket = (
      await post('/api/admin/counter/tickets', 'maida', {
        customer_id: customerId,
        lines: [{ service_id: shirt.id, quantity: 1, note: '' }],
        payment: { kind: 'at-collection' },
      })
    ).body.ticket;
    const cardsBefore = (await db.select().from(counterCardPayments)).length;
    const over = await post(`/api/admin/counter/tickets/${ticket.id}/card`, 'maida', {
      amount_pence: shirt.pricePence + 1,
    });
    expect([over.status, over.body.code]).toEqual([422, 'amount-over-due']);
    expect(over.body.errors?.amount_pence).toBeTruthy();
    for (const amount of [-100, 0, 12.5, '500']) {
      const bad = await post(`/api/admin/counter/tickets/${ticket.id}/card`, 'maida', {
        amount_pence: amount,
      });
      expect(bad.status, String(amount)).toBe(422);
      expect(bad.body.errors?.amount_pence).toBeTruthy();
    }
    const deposit = await raiseByCard(1, shirt.pricePence);
    expect(deposit.status).toBe(422);
    expect(deposit.body.errors?.deposit_pence).toBeTruthy();
    expect((await db.select().from(counterCardPayments)).length).toBe(cardsBefore);
  });

  it('refuses a driver every card endpoint (403)', async () => {
    const [row] = await server.database.db.select().from(counterCardPayments).limit(1);
    for (const [method, path] of [
      ['POST', `/api/admin/counter/tickets/${row!.orderId}/card`],
      ['GET', `/api/admin/counter/card-payments/${row!.id}`],
      ['POST', `/api/admin/counter/card-payments/${row!.id}/cancel`],
      ['POST', `/api/admin/counter/card-payments/${row!.id}/simulate`],
    ] as const) {
      const reply = await server.api<Reply>(path, {
        method,
        ...(method === 'POST' ? { body: { outcome: 'approved' } } : {}),
        headers: as('driver'),
      });
      expect(reply.status, path).toBe(403);
    }
  });
});
