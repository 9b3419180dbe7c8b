import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { insertOrderRow, signUp } from '@tests/helpers/fixtures';
import { counterPeople } from '@tests/helpers/counter-people';
import { startHoldingProxy, type HoldingProxy } from '@tests/helpers/holding-proxy';
import { startStripeStandIn, type StripeStandIn } from '@tests/helpers/stripe-stand-in';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { orders, payments, services, tillEntries } from '../server/db/schema';

/*
 * The customer's saved card charged at the counter while the balance is taken in cash at
 * another screen (issue 32, found by the review of decision 053): what is due is read before
 * the off-session charge, so the charge may land on a ticket already paid. Stripe through the
 * official SDK against the local stand-in, behind a proxy that holds the charge's request until
 * the cash is taken. The charge must be given back and nothing of it written.
 */

const password = 'race-password-123';
const NOON = new Date('2026-11-23T12:00:00Z');
type Reply = {
  code?: string;
  message: string;
  ticket: { id: string; due: string };
  customer: { id: string };
};

describe('a saved card charged while the balance is taken in cash (issue 32)', () => {
  let stripe: StripeStandIn;
  let proxy: HoldingProxy;
  let server: TestServer;
  let tokens: Record<string, string> = {};

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    // The off-session charge (a PaymentIntent created with confirm=true) can be held.
    proxy = await startHoldingProxy(
      stripe.url,
      (r) => r.url === '/v1/payment_intents' && r.body.includes('confirm=true'),
    );
    server = await startTestServer({
      now: () => NOON,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_WEBHOOK_SECRET: 'whsec_race',
        STRIPE_API_BASE: proxy.url,
      },
    });
    ({ tokens } = await counterPeople(
      server,
      'race.test',
      [{ key: 'maida', role: 'staff', branch: 'maida-vale' }],
      password,
    ));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await stripe?.close();
  });

  it('gives the charge back and writes nothing of it: 409 paid-meanwhile, paid once in cash', async () => {
    const post = (path: string, body: unknown = {}) =>
      server.api<Reply>(path, {
        method: 'POST',
        body,
        headers: { Authorization: `Bearer ${tokens.maida}` },
      });
    const db = server.database.db;
    // An online customer with a card saved in Stripe (the stand-in), as an online order saves it.
    const account = await signUp(server, { name: 'Sally Saved', email: 'sally@example.com' });
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: {
        Authorization: 'Bearer sk_test_standin',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields),
    });
    const customer = (await (await fetch(`${stripe.url}/v1/customers`, form({}))).json()) as {
      id: string;
    };
    const setup = (await (
      await fetch(`${stripe.url}/v1/setup_intents`, form({ customer: customer.id }))
    ).json()) as { id: string; client_secret: string };
    await stripe.confirmAsBrowser(setup.client_secret, '4242424242424242');
    const methodId = stripe.intents.get(setup.id)!.paymentMethod!;
    const online = await insertOrderRow(db, NOON, {
      customerId: account.customer_id,
      status: 'delivered',
    });
    await db.insert(payments).values({
      orderId: online.id,
      provider: 'stripe',
      kind: 'card_setup',
      providerRef: setup.id,
      status: 'succeeded',
      amountPence: 0,
      providerCustomerId: customer.id,
      paymentMethodId: methodId,
      cardBrand: 'visa',
      cardLast4: '4242',
      createdAt: NOON,
      updatedAt: NOON,
    });

    const shirt = (await db.select().from(services)).find((s) => s.pricePence > 300)!;
    expect((await post('/api/admin/counter/till', { float_pence: 0 })).status).toBe(200);
    const raised = await post('/api/admin/counter/tickets', {
      customer_id: account.customer_id,
      lines: [{ service_id: shirt.id, quantity: 1, note: '' }],
      payment: { kind: 'at-collection' },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const ticket = raised.body.ticket;
    expect(
      (await post(`/api/admin/counter/tickets/${ticket.id}/ready`, { rack: 'S1' })).status,
    ).toBe(200);

    const { arrived: charging, release } = proxy.hold();
    const card = post(`/api/admin/counter/tickets/${ticket.id}/account-payment`, {
      source: 'saved-card',
    });
    await charging;
    const cash = await post(`/api/admin/counter/tickets/${ticket.id}/collect`, {
      payment: { kind: 'cash', tendered_pence: 10_000 },
    });
    expect(cash.status, JSON.stringify(cash.body)).toBe(200);
    release();
    const charged = await card;
    expect([charged.status, charged.body.code]).toEqual([409, 'paid-meanwhile']);
    expect(charged.body.message).toBe(
      'The ticket was paid another way while the card was charged: the charge was given back to the card.',
    );

    // The charge went back to the card, whole; nothing of it is in the database.
    const charge = [...stripe.intents.values()].find(
      (i) => i.kind === 'payment' && i.paymentMethod === methodId,
    )!;
    expect(stripe.refunds.map((r) => [r.paymentIntent, r.amount])).toEqual([
      [charge.id, shirt.pricePence],
    ]);
    expect(
      await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, ticket.id), eq(payments.kind, 'charge'))),
    ).toEqual([]);
    const [order] = await db.select().from(orders).where(eq(orders.id, ticket.id));
    expect([order!.paidPence, order!.amountDuePence]).toEqual([shirt.pricePence, 0]);
    const entries = await db.select().from(tillEntries).where(eq(tillEntries.orderId, ticket.id));
    expect(entries.map((e) => [e.kind, e.method, e.pence])).toEqual([
      ['sale', 'cash', shirt.pricePence],
    ]);
  });
});
