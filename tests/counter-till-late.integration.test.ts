import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { startStripeStandIn, type StripeStandIn } from '@tests/helpers/stripe-stand-in';
import { counterPeople } from '@tests/helpers/counter-people';
import { staffLogIn } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { auditLog, branches, financialDocuments, services, tillEntries } from '../server/db/schema';

/*
 * Card money that moves when the day it belongs to is closed (issue 32, decision 058), through
 * the HTTP API, Stripe's official SDK and the local Stripe stand-in:
 * - a card tapped on the reader whose webhook arrives after the day was closed goes into the
 *   next open day, audited; with no day open it waits and the next day opened takes it;
 * - the owner's refund to a card of a counter ticket writes a refund/card entry by the owner
 *   into the branch's open day (or the next one), never into a closed day.
 * The closed day's Z report never changes.
 */

const WEBHOOK_SECRET = 'whsec_counter_late';
const READER = 'tmr_standin_late';
const password = 'late-password-123';
type Day = {
  id: number;
  day: string;
  closed_at: string | null;
  takings: { card: string; cash: string; total: string };
  refunds: string;
  vat: string;
  entries: { kind: string; method: string; amount: string; by: string; reason: string | null }[];
};
type Reply = {
  ticket: { id: string; due: string };
  card_payment: { id: number; status: string };
  current: Day | null;
  day: Day;
  status?: boolean;
  code?: string;
};

describe('card money after the day was closed (decision 058)', () => {
  let stripe: StripeStandIn;
  let server: TestServer;
  let clock = new Date('2026-11-23T12:00:00Z');
  const tokens: Record<string, string> = {};
  let shirt: { id: number; pricePence: number };
  let customerId: string;
  let maidaVale: number;

  /** Moves the clock; a back-office session does not last overnight: both sign in again. */
  const at = async (iso: string) => {
    clock = new Date(iso);
    for (const who of ['owner', 'maida']) {
      tokens[who] = await staffLogIn(server, `${who}@late.test`, password);
    }
  };
  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const post = (path: string, who: string, body: unknown = {}) =>
    server.api<Reply>(path, { method: 'POST', body, headers: as(who) });
  const get = (path: string, who: string) => server.api<Reply>(path, { headers: as(who) });
  const pounds = (pence: number) => (pence / 100).toFixed(2);
  const tap = () =>
    fetch(`${stripe.url}/v1/test_helpers/terminal/readers/${READER}/present_payment_method`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer sk_test_standin',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ 'card_present[number]': '4242424242424242' }),
    });
  const webhook = (eventId: string) => {
    const { payload, signature } = stripe.terminal.readerEvent(READER, eventId, WEBHOOK_SECRET);
    return fetch(`${server.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
  };
  const openDay = async (floatPence = 5000) => {
    const opened = await post('/api/admin/counter/till', 'maida', { float_pence: floatPence });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    return opened.body.day;
  };
  const closeDay = async (id: number) => {
    const day = (await get(`/api/admin/counter/till/days/${id}`, 'maida')).body.day;
    const closed = await post(`/api/admin/counter/till/days/${id}/close`, 'maida', {
      counted_pence: Math.round(Number(day.takings.cash) * 100) + 5000,
      note: '',
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    return closed.body.day;
  };
  const dayOf = async (id: number) =>
    (await get(`/api/admin/counter/till/days/${id}`, 'maida')).body.day;
  const raiseByCard = async () => {
    const raised = await post('/api/admin/counter/tickets', 'maida', {
      customer_id: customerId,
      lines: [{ service_id: shirt.id, quantity: 1, note: '' }],
      payment: { kind: 'card' },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    return raised.body;
  };
  const audits = (action: string) =>
    server.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    stripe.terminal.addReader(READER);
    server = await startTestServer({
      pages: 'build',
      now: () => clock,
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
          'late.test',
          [
            { key: 'owner', role: 'owner', name: 'Olive Owner' },
            { key: 'maida', role: 'staff', branch: 'maida-vale', name: 'Mo Staff' },
          ],
          password,
        )
      ).tokens,
    );
    shirt = (await db.select().from(services)).find((s) => s.pricePence > 100)!;
    const added = await post('/api/admin/counter/customers', 'maida', {
      name: 'Lena Late',
      phone_number: '07700 900744',
    });
    customerId = (added.body as unknown as { customer: { id: string } }).customer.id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  it('a card settled after its day closed, with no day open, waits and goes into the next day opened', async () => {
    await at('2026-11-23T12:00:00Z');
    const monday = await openDay();
    const { ticket, card_payment: card } = await raiseByCard();
    expect(card.status).toBe('waiting');
    expect((await tap()).status).toBe(200);
    const closed = await closeDay(monday.id);
    expect(closed.takings.card).toBe('0.00');

    // The webhook of the tap arrives that evening: the ticket is paid (the money was taken)...
    await at('2026-11-23T18:30:00Z');
    expect((await webhook('evt_late_1')).status).toBe(200);
    const seen = await get(`/api/admin/counter/card-payments/${card.id}`, 'maida');
    expect(seen.body.card_payment.status).toBe('succeeded');
    expect(seen.body.ticket.due).toBe('0.00');
    // ...never into the closed day: its Z report is as it was closed.
    expect(await dayOf(monday.id)).toEqual(closed);
    const db = server.database.db;
    const waiting = await db
      .select()
      .from(tillEntries)
      .where(and(eq(tillEntries.orderId, ticket.id), isNull(tillEntries.dayId)));
    expect(waiting.map((e) => [e.kind, e.method, e.pence, e.branchId])).toEqual([
      ['sale', 'card', shirt.pricePence, maidaVale],
    ]);
    expect(await audits('till.entry-waiting')).toHaveLength(1);
    // The till says so while no day is open, on its API and its page.
    const overview = await server.api<{ current: unknown; waiting: unknown }>(
      '/api/admin/counter/till',
      { headers: as('maida') },
    );
    expect(overview.body.current).toBeNull();
    expect(overview.body.waiting).toEqual({ entries: 1, total: pounds(shirt.pricePence) });
    const page = await fetch(`${server.url}/admin/counter/till`, {
      headers: { cookie: `cl_staff=${tokens.maida}` },
    });
    expect(page.status).toBe(200);
    const text = (await page.text()).replace(/<!-- -->/g, '');
    expect(text).toContain(
      `A card payment or refund (£${pounds(shirt.pricePence)}) came through while the till was closed`,
    );

    // Tuesday's day takes it when opened, audited as a carry-over, with its reason.
    await at('2026-11-24T08:30:00Z');
    const tuesday = await openDay();
    expect(tuesday.takings.card).toBe(pounds(shirt.pricePence));
    expect(tuesday.entries).toEqual([
      expect.objectContaining({
        kind: 'sale',
        method: 'card',
        amount: pounds(shirt.pricePence),
        by: 'Mo Staff',
        reason: expect.stringContaining('settled after it closed'),
      }),
    ]);
    const [carried] = await audits('till.carried-over');
    expect(carried).toMatchObject({ entityId: String(tuesday.id) });
    expect(await dayOf(monday.id)).toEqual(closed);
    // Its VAT goes with it: the invoice issued that evening is Tuesday's VAT, not nobody's.
    const [invoice] = await db
      .select()
      .from(financialDocuments)
      .where(
        and(eq(financialDocuments.orderId, ticket.id), eq(financialDocuments.kind, 'invoice')),
      );
    expect(invoice!.vatPence).toBeGreaterThan(0);
    expect(tuesday.vat).toBe(pounds(invoice!.vatPence));
    expect(closed.vat).toBe('0.00');
    await closeDay(tuesday.id);
  });

  it('a card started in a day now closed, settled while the next is open, goes into the open one, audited', async () => {
    await at('2026-11-25T12:00:00Z');
    const wednesday = await openDay();
    const { card_payment: card } = await raiseByCard();
    expect((await tap()).status).toBe(200);
    const closed = await closeDay(wednesday.id);
    await at('2026-11-26T08:30:00Z');
    const thursday = await openDay();
    // The screen's poll (no webhook came) settles it the next morning.
    const polled = await get(`/api/admin/counter/card-payments/${card.id}`, 'maida');
    expect(polled.body.card_payment.status).toBe('succeeded');
    expect(await dayOf(wednesday.id)).toEqual(closed);
    const now = await dayOf(thursday.id);
    expect(now.takings.card).toBe(pounds(shirt.pricePence));
    expect(now.entries[0]!.reason).toContain('settled after it closed');
    const [late] = await audits('till.late-card');
    expect(late).toMatchObject({ entityId: String(thursday.id) });
    expect(late!.after).toMatchObject({ startedDayId: wednesday.id, intoDayId: thursday.id });
  });

  it('the owner’s refund to the card of a counter ticket is a refund/card entry by the owner in the open day; with none open, in the next', async () => {
    const db = server.database.db;
    const thursday = (await get('/api/admin/counter/till', 'maida')).body.current;
    expect(thursday).not.toBeNull();
    const { ticket, card_payment: card } = await raiseByCard();
    const paid = await post(`/api/admin/counter/card-payments/${card.id}/simulate`, 'maida', {
      outcome: 'approved',
    });
    expect(paid.body.card_payment.status).toBe('succeeded');

    const refund = await post(`/api/admin/orders/${ticket.id}/refund`, 'owner', {
      amount: '1.00',
      reason: 'Button missing',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const day = await dayOf(thursday!.id);
    expect(day.refunds).toBe('1.00');
    expect(day.entries.filter((e) => e.kind === 'refund')).toEqual([
      expect.objectContaining({
        method: 'card',
        amount: '-1.00',
        by: 'Olive Owner',
        reason: 'Refund to card: Button missing',
      }),
    ]);
    expect(day.takings.card).toBe(pounds(2 * shirt.pricePence - 100));

    // The day closed, the owner refunds again in the evening: it waits for Friday's day.
    const closed = await closeDay(thursday!.id);
    await at('2026-11-26T20:00:00Z');
    const again = await post(`/api/admin/orders/${ticket.id}/refund`, 'owner', {
      amount: '0.50',
      reason: 'Goodwill',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await dayOf(thursday!.id)).toEqual(closed);
    await at('2026-11-27T08:30:00Z');
    const friday = await openDay();
    expect(friday.refunds).toBe('0.50');
    expect(friday.entries).toEqual([
      expect.objectContaining({
        kind: 'refund',
        method: 'card',
        amount: '-0.50',
        by: 'Olive Owner',
      }),
    ]);
    const left = await db.select().from(tillEntries).where(isNull(tillEntries.dayId));
    expect(left).toEqual([]);
  });
});
