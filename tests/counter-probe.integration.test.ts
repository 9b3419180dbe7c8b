import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { signUp, staffLogIn } from '@tests/helpers/fixtures';
import { startHoldingProxy, type HoldingProxy } from '@tests/helpers/holding-proxy';
import { startStripeStandIn, type StripeStandIn } from '@tests/helpers/stripe-stand-in';
import { counterPeople } from '@tests/helpers/counter-people';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import {
  branches,
  counterCardPayments,
  customerCredits,
  financialDocuments,
  orders,
  payments,
  services,
  tillEntries,
} from '../server/db/schema';

/*
 * Probes of the counter's money paths over HTTP (issue 32, review of decisions 053 and 054
 * and the counter speeds), in TEST MODE (the simulated reader): each probe that found a bug
 * stays here, failing before its fix. A ticket paid twice (a card waiting on the reader while
 * the balance is taken another way), a refund by staff of another branch, a same-day ticket a
 * few seconds past the cut-off, the Z report's VAT counted again on the day a deposit's
 * balance is taken; and races (two refunds, two settlements) and bad amounts that must hold.
 *
 * Maida Vale (the seed's counter, its simulated reader): Monday to Friday 07:30-19:30, same
 * day +100 % by 10:00. Monday 23 November 2026, GMT.
 */

const password = 'probe-password-123';
type Ticket = {
  id: string;
  total: string;
  paid: string;
  due: string;
  status: string;
  invoice_number: string | null;
  items: { id: number; name: string; handed_over: boolean }[];
};
type Reply = {
  code?: string;
  message: string;
  errors?: Record<string, string[]>;
  ticket: Ticket;
  card_payment: { id: number; status: string };
  day: { id: number; vat: string };
};
const gbp = (pence: number) => (pence / 100).toFixed(2);

describe('probes of the counter’s money paths (issue 32 review)', () => {
  let server: TestServer;
  let clock = new Date('2026-11-23T09:00:00Z');
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let shirt: { id: number; pricePence: number };
  let walkIn: string;
  let maidaDay: number;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const post = (path: string, who: string, body: unknown = {}) =>
    server.api<Reply>(path, { method: 'POST', body, headers: as(who) });
  const get = (path: string, who: string) => server.api<Reply>(path, { headers: as(who) });
  const raise = (payment: unknown, extra: Record<string, unknown> = {}, customerId = walkIn) =>
    post('/api/admin/counter/tickets', 'maida', {
      customer_id: customerId,
      lines: [{ service_id: shirt.id, quantity: 2, note: '' }],
      payment,
      ...extra,
    });
  const raised = async (payment: unknown, customerId = walkIn) => {
    const reply = await raise(payment, {}, customerId);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.ticket;
  };
  const ready = async (ticket: Ticket) =>
    expect(
      (await post(`/api/admin/counter/tickets/${ticket.id}/ready`, 'maida', { rack: 'P1' })).status,
    ).toBe(200);
  const orderRow = async (id: string) =>
    (await server.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const entriesOf = async (id: string) =>
    server.database.db.select().from(tillEntries).where(eq(tillEntries.orderId, id));
  const written = async () => {
    const db = server.database.db;
    const n = async (table: typeof orders | typeof tillEntries | typeof financialDocuments) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    return {
      orders: await n(orders),
      entries: await n(tillEntries),
      documents: await n(financialDocuments),
      paid: (await db.select({ p: orders.paidPence }).from(orders)).reduce((s, o) => s + o.p, 0),
    };
  };
  const openTill = async (who: string) => {
    const opened = await post('/api/admin/counter/till', who, { float_pence: 0 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    return opened.body.day.id;
  };

  beforeAll(async () => {
    server = await startTestServer({ now: () => clock });
    const db = server.database.db;
    for (const b of await db.select().from(branches)) ids[b.slug] = b.id;
    // A second counter, with its own simulated reader.
    await db
      .update(branches)
      .set({ counterEnabled: true, terminalReaderId: 'tmr_simulated_west-hampstead' })
      .where(eq(branches.id, ids['west-hampstead']!));
    const people = await counterPeople(
      server,
      'probe.test',
      [
        { key: 'owner', role: 'owner' },
        { key: 'maida', role: 'staff', branch: 'maida-vale' },
        { key: 'hampstead', role: 'staff', branch: 'west-hampstead' },
        { key: 'driver', role: 'driver' },
      ],
      password,
    );
    Object.assign(tokens, people.tokens);
    shirt = (await db.select().from(services)).find(
      (s) => s.pricePence > 300 && s.turnaroundDays === null,
    )!;
    const added = await post('/api/admin/counter/customers', 'maida', {
      name: 'Percy Probe',
      phone_number: '07700 900931',
    });
    walkIn = (added.body as unknown as { customer: { id: string } }).customer.id;
    maidaDay = await openTill('maida');
    await openTill('hampstead');
  }, 120_000);
  // A probe that fails leaves no card on the reader for the next one.
  afterEach(async () => {
    const waiting = await server.database.db
      .select({ id: counterCardPayments.id })
      .from(counterCardPayments)
      .where(eq(counterCardPayments.status, 'waiting'));
    for (const { id } of waiting)
      await post(`/api/admin/counter/card-payments/${id}/cancel`, 'owner');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses cash at collection while a card for the ticket waits on the reader: paid once', async () => {
    const ticket = await raised({ kind: 'at-collection' });
    await ready(ticket);
    const card = await post(`/api/admin/counter/tickets/${ticket.id}/card`, 'maida');
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const before = await written();
    const cash = await post(`/api/admin/counter/tickets/${ticket.id}/collect`, 'maida', {
      payment: { kind: 'cash', tendered_pence: 10_000 },
    });
    expect([cash.status, cash.body.code]).toEqual([409, 'reader-busy']);
    expect(await written()).toEqual(before);
    // The card goes through: the ticket is paid once, its total.
    const tapped = await post(
      `/api/admin/counter/card-payments/${card.body.card_payment.id}/simulate`,
      'maida',
      { outcome: 'approved' },
    );
    expect(tapped.body.card_payment.status).toBe('succeeded');
    const order = await orderRow(ticket.id);
    expect([order.paidPence, order.amountDuePence]).toEqual([order.totalPence, 0]);
    expect((await entriesOf(ticket.id)).map((e) => [e.method, e.pence])).toEqual([
      ['card', order.totalPence],
    ]);
  });

  it('refuses the customer’s account credit while a card waits on the reader', async () => {
    const account = await signUp(server, { name: 'Penny Probe', email: 'penny@probe.test' });
    await server.database.db.insert(customerCredits).values({
      customerId: account.customer_id,
      amountPence: 100_000,
      reason: 'Goodwill',
      createdAt: clock,
    });
    const ticket = await raised({ kind: 'at-collection' }, account.customer_id);
    const card = await post(`/api/admin/counter/tickets/${ticket.id}/card`, 'maida');
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const before = await written();
    const credit = await post(`/api/admin/counter/tickets/${ticket.id}/account-payment`, 'maida', {
      source: 'credit',
    });
    expect([credit.status, credit.body.code]).toEqual([409, 'reader-busy']);
    expect(await written()).toEqual(before);
    await post(`/api/admin/counter/card-payments/${card.body.card_payment.id}/simulate`, 'maida', {
      outcome: 'approved',
    });
    const order = await orderRow(ticket.id);
    expect(order.paidPence).toBe(order.totalPence);
  });

  it('lets only staff of the ticket’s branch (or the owner) refund its cash, even when any counter may collect', async () => {
    const ticket = await raised({ kind: 'cash', tendered_pence: 10_000 });
    await server.api('/api/admin/settings', {
      method: 'PUT',
      body: { counter_collect_elsewhere: true },
      headers: as('owner'),
    });
    try {
      const before = await written();
      const other = await post(`/api/admin/counter/tickets/${ticket.id}/refund`, 'hampstead', {
        pence: 100,
        reason: 'Not my branch',
      });
      expect(other.status, JSON.stringify(other.body)).toBe(403);
      expect(await written()).toEqual(before);
    } finally {
      await server.api('/api/admin/settings', {
        method: 'PUT',
        body: { counter_collect_elsewhere: false },
        headers: as('owner'),
      });
    }
  });

  it('keeps the ticket’s invoice after a cash refund: the balance taken later issues no second invoice', async () => {
    const db = server.database.db;
    const ticket = await raised({ kind: 'cash', tendered_pence: 500, deposit_pence: 500 });
    expect(ticket.invoice_number).toMatch(/^INV-/);
    const refund = await post(`/api/admin/counter/tickets/${ticket.id}/refund`, 'maida', {
      pence: 100,
      reason: 'Button lost',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    // The credit note credits part of the invoice; it does not cancel it.
    expect(refund.body.ticket.invoice_number).toBe(ticket.invoice_number);
    await ready(ticket);
    const collected = await post(`/api/admin/counter/tickets/${ticket.id}/collect`, 'maida', {
      payment: { kind: 'cash', tendered_pence: 10_000 },
    });
    expect(collected.status, JSON.stringify(collected.body)).toBe(200);
    expect(collected.body.ticket.invoice_number).toBe(ticket.invoice_number);
    const documents = await db
      .select()
      .from(financialDocuments)
      .where(eq(financialDocuments.orderId, ticket.id));
    expect(documents.map((d) => [d.kind, d.totalPence]).sort()).toEqual([
      ['credit-note', 100],
      ['invoice', 2 * shirt.pricePence],
    ]);
  });

  it('refunds once when two refunds of all the cash race', async () => {
    const ticket = await raised({ kind: 'cash', tendered_pence: 10_000 });
    const cash = 2 * shirt.pricePence;
    const replies = await Promise.all(
      [1, 2].map(() =>
        post(`/api/admin/counter/tickets/${ticket.id}/refund`, 'maida', {
          pence: cash,
          reason: 'Stained',
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 422]);
    const order = await orderRow(ticket.id);
    expect(order.paidPence).toBe(0);
    expect((await entriesOf(ticket.id)).reduce((s, e) => s + e.pence, 0)).toBe(0);
  });

  it('keeps paid, due and the till in step when a refund races the collection of the balance', async () => {
    const ticket = await raised({ kind: 'cash', tendered_pence: 300, deposit_pence: 300 });
    await ready(ticket);
    const [refund, collect] = await Promise.all([
      post(`/api/admin/counter/tickets/${ticket.id}/refund`, 'maida', {
        pence: 300,
        reason: 'Deposit back',
      }),
      post(`/api/admin/counter/tickets/${ticket.id}/collect`, 'maida', {
        payment: { kind: 'cash', tendered_pence: 10_000 },
      }),
    ]);
    expect([refund.status, collect.status]).toEqual([200, 200]);
    const order = await orderRow(ticket.id);
    const till = (await entriesOf(ticket.id)).reduce((s, e) => s + e.pence, 0);
    expect(order.paidPence).toBe(till);
    expect(order.totalPence).toBe(2 * shirt.pricePence - 300);
    expect([order.paidPence, order.amountDuePence]).toEqual([order.totalPence, 0]);
  });

  it('settles a card once when two taps, or a tap and a poll, race', async () => {
    const ticket = await raised({ kind: 'at-collection' });
    const card = await post(`/api/admin/counter/tickets/${ticket.id}/card`, 'maida');
    const id = card.body.card_payment.id;
    await Promise.all([
      post(`/api/admin/counter/card-payments/${id}/simulate`, 'maida', { outcome: 'approved' }),
      get(`/api/admin/counter/card-payments/${id}`, 'maida'),
      get(`/api/admin/counter/card-payments/${id}`, 'maida'),
    ]);
    const order = await orderRow(ticket.id);
    expect(order.paidPence).toBe(order.totalPence);
    expect(await entriesOf(ticket.id)).toHaveLength(1);
    const charges = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, ticket.id));
    expect(charges).toHaveLength(1);
  });

  it('refuses bad card amounts, another branch’s reader and a driver, writing nothing', async () => {
    const ticket = await raised({ kind: 'at-collection' });
    const before = await written();
    for (const amount of [-1, 0, 1.5, '100', 1e12, null]) {
      const reply = await post(`/api/admin/counter/tickets/${ticket.id}/card`, 'maida', {
        amount_pence: amount,
      });
      expect(reply.status, String(amount)).toBe(422);
    }
    const over = await post(`/api/admin/counter/tickets/${ticket.id}/card`, 'maida', {
      amount_pence: 2 * shirt.pricePence + 1,
    });
    expect([over.status, over.body.code]).toEqual([422, 'amount-over-due']);
    const elsewhere = await post(`/api/admin/counter/tickets/${ticket.id}/card`, 'hampstead');
    expect(elsewhere.status).toBe(403);
    const driver = await post(`/api/admin/counter/tickets/${ticket.id}/card`, 'driver');
    expect(driver.status).toBe(403);
    expect(await written()).toEqual(before);
  });

  it('refuses a deposit of the total after the same-day surcharge, and takes one just under it', async () => {
    const total = 2 * 2 * shirt.pricePence;
    const before = await written();
    const whole = await raise(
      { kind: 'cash', tendered_pence: 100_000, deposit_pence: total },
      { speed: 'same-day' },
    );
    expect(whole.status).toBe(422);
    expect(whole.body.errors?.deposit_pence).toBeTruthy();
    expect(await written()).toEqual(before);
    const part = await raise(
      { kind: 'cash', tendered_pence: 100_000, deposit_pence: total - 1 },
      { speed: 'same-day' },
    );
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.ticket).toMatchObject({ total: gbp(total), due: '0.01' });
  });

  it('hands over an express ticket whole when its last garment goes: the surcharge is no garment left on the rack', async () => {
    const reply = await raise({ kind: 'cash', tendered_pence: 100_000 }, { speed: 'express' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const ticket = reply.body.ticket;
    expect(ticket.items.map((i) => i.name)).toContain('Express service (+50 %)');
    await ready(ticket);
    const garment = ticket.items.find((i) => i.name !== 'Express service (+50 %)')!;
    const collected = await post(`/api/admin/counter/tickets/${ticket.id}/collect`, 'maida', {
      line_ids: [garment.id],
      payment: { kind: 'none' },
    });
    expect(collected.status, JSON.stringify(collected.body)).toBe(200);
    // Nothing is left to collect: the ticket is done, and no reminder will say otherwise.
    expect(collected.body.ticket.status).toBe('delivered');
    expect(collected.body.ticket.items.every((i) => i.handed_over)).toBe(true);
  });

  it('refuses same day 59 seconds after the 10:00 cut-off', async () => {
    const before = await written();
    clock = new Date('2026-11-23T10:00:59Z');
    try {
      const late = await raise({ kind: 'cash', tendered_pence: 100_000 }, { speed: 'same-day' });
      expect([late.status, late.body.code]).toEqual([422, 'same-day-too-late']);
      expect(await written()).toEqual(before);
    } finally {
      clock = new Date('2026-11-23T09:00:00Z');
    }
  });

  it('counts a ticket’s VAT on the Z report of the day its invoice was issued, not again when the balance is taken', async () => {
    const total = 2 * shirt.pricePence;
    const ticket = await raised({ kind: 'cash', tendered_pence: 100, deposit_pence: 100 });
    await ready(ticket);
    const [invoice] = await server.database.db
      .select()
      .from(financialDocuments)
      .where(eq(financialDocuments.orderId, ticket.id));
    expect(invoice!.totalPence).toBe(total);
    const closed = await post(`/api/admin/counter/till/days/${maidaDay}/close`, 'maida', {
      counted_pence: 0,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    // Tuesday: a new day, the balance in cash.
    clock = new Date('2026-11-24T09:00:00Z');
    try {
      // A staff session lasts a working day: Maida signs in again.
      tokens.maida = await staffLogIn(server, 'maida@probe.test', password);
      const day2 = await openTill('maida');
      const collected = await post(`/api/admin/counter/tickets/${ticket.id}/collect`, 'maida', {
        payment: { kind: 'cash', tendered_pence: total },
      });
      expect(collected.status, JSON.stringify(collected.body)).toBe(200);
      const report = await get(`/api/admin/counter/till/days/${day2}`, 'maida');
      expect(report.body.day.vat).toBe('0.00');
    } finally {
      clock = new Date('2026-11-23T09:00:00Z');
    }
  });
  it('counts no speed surcharge as an item in the owner’s items report', async () => {
    clock = new Date('2026-11-26T09:00:00Z');
    try {
      for (const who of ['maida', 'owner']) {
        tokens[who] = await staffLogIn(server, `${who}@probe.test`, password);
      }
      const reply = await raise({ kind: 'at-collection' }, { speed: 'express' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const items = await get('/api/admin/reports/items?from=2026-11-26&to=2026-11-26', 'owner');
      const report = (
        items.body as unknown as {
          report: { rows: { items: number; value: string }[]; totals: { items: number } };
        }
      ).report;
      expect(report.rows.map((r) => [r.items, r.value])).toEqual([[2, gbp(2 * shirt.pricePence)]]);
    } finally {
      clock = new Date('2026-11-23T09:00:00Z');
    }
  });
});

/*
 * A card started while the balance is taken in cash at another screen: the reader is asked
 * (Stripe Terminal through the SDK, the local stand-in behind a proxy that holds the reader's
 * request) before the row that says a card waits is written, so the collection does not see
 * it. The card must not then wait for an amount no longer due.
 */
describe('a card started while the balance is taken in cash (issue 32 review)', () => {
  const READER = 'tmr_standin_probe';
  let stripe: StripeStandIn;
  let proxy: HoldingProxy;
  let server: TestServer;
  let token = '';

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    stripe.terminal.addReader(READER);
    // A reader's process_payment_intent can be held.
    proxy = await startHoldingProxy(stripe.url, (r) => r.url.includes('/process_payment_intent'));
    server = await startTestServer({
      now: () => new Date('2026-11-23T12:00:00Z'),
      env: {
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_WEBHOOK_SECRET: 'whsec_probe',
        STRIPE_API_BASE: proxy.url,
      },
    });
    const db = server.database.db;
    const [branch] = await db.select().from(branches).where(eq(branches.slug, 'maida-vale'));
    await db.update(branches).set({ terminalReaderId: READER }).where(eq(branches.id, branch!.id));
    const people = [{ key: 'race', role: 'staff', branch: 'maida-vale' }] as const;
    token = (await counterPeople(server, 'probe.test', [...people], password)).tokens.race!;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await stripe?.close();
  });

  it('stops the reader when cash took the balance while the reader was asked: paid once', async () => {
    const post = (path: string, body: unknown = {}) =>
      server.api<Reply>(path, {
        method: 'POST',
        body,
        headers: { Authorization: `Bearer ${token}` },
      });
    const db = server.database.db;
    const shirt = (await db.select().from(services)).find((s) => s.pricePence > 300)!;
    const customer = await post('/api/admin/counter/customers', {
      name: 'Rita Race',
      phone_number: '07700 900932',
    });
    expect((await post('/api/admin/counter/till', { float_pence: 0 })).status).toBe(200);
    const raisedReply = await post('/api/admin/counter/tickets', {
      customer_id: (customer.body as unknown as { customer: { id: string } }).customer.id,
      lines: [{ service_id: shirt.id, quantity: 1, note: '' }],
      payment: { kind: 'at-collection' },
    });
    const ticket = raisedReply.body.ticket;
    expect(
      (await post(`/api/admin/counter/tickets/${ticket.id}/ready`, { rack: 'R1' })).status,
    ).toBe(200);

    const { arrived: asked, release } = proxy.hold();
    const card = post(`/api/admin/counter/tickets/${ticket.id}/card`);
    await asked;
    const cash = await post(`/api/admin/counter/tickets/${ticket.id}/collect`, {
      payment: { kind: 'cash', tendered_pence: 10_000 },
    });
    expect(cash.status, JSON.stringify(cash.body)).toBe(200);
    release();
    const started = await card;
    expect([started.status, started.body.code]).toEqual([409, 'nothing-due']);
    // The reader is stopped: no card can pay the ticket again.
    expect(stripe.terminal.readers.get(READER)!.action).toBeNull();
    const [order] = await db.select().from(orders).where(eq(orders.id, ticket.id));
    expect([order!.paidPence, order!.amountDuePence]).toEqual([shirt.pricePence, 0]);
  });
});
