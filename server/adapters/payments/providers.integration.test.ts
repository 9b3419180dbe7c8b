import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, webhookEvents } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { createStripeCardProvider } from './stripe-provider';
import { createPayPalProvider } from './paypal-provider';
import { PaymentProviderError } from './payment-provider';

/*
 * The Stripe (official SDK) and PayPal (Orders v2) adapters against local HTTP stand-ins that
 * answer the endpoints they call: success, declines, authentication required, network
 * failure, and ids forged by the browser. Then Stripe webhooks with SDK-made signatures.
 */

const now = new Date('2026-11-23T06:00:00Z');
const WEBHOOK_SECRET = 'whsec_test_secret';

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });
}

/** What the stand-in Stripe knows: setup intents by id with their order. */
const setups = new Map<string, { orderId: string; status: string }>();
let stripeCalls: string[] = [];

async function stripeStandIn(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  stripeCalls.push(`${req.method} ${url.pathname}`);
  const form = new URLSearchParams(await body(req));
  const send = (status: number, json: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  if (req.method === 'POST' && url.pathname === '/v1/customers') {
    return send(200, { id: 'cus_standin', object: 'customer' });
  }
  if (req.method === 'POST' && url.pathname === '/v1/setup_intents') {
    const id = `seti_${setups.size + 1}`;
    const orderId = form.get('metadata[order_id]') ?? '';
    setups.set(id, { orderId, status: 'requires_payment_method' });
    return send(200, {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_abc`,
      status: 'requires_payment_method',
      customer: 'cus_standin',
      metadata: { order_id: orderId },
    });
  }
  const setupMatch = /^\/v1\/setup_intents\/([\w-]+)$/.exec(url.pathname);
  if (req.method === 'GET' && setupMatch) {
    const setup = setups.get(setupMatch[1]!);
    if (!setup) {
      return send(404, {
        error: {
          type: 'invalid_request_error',
          message: `No such setupintent: '${setupMatch[1]}'`,
        },
      });
    }
    return send(200, {
      id: setupMatch[1],
      object: 'setup_intent',
      status: setup.status,
      customer: 'cus_standin',
      metadata: { order_id: setup.orderId },
      payment_method: {
        id: 'pm_standin',
        object: 'payment_method',
        card: { brand: 'visa', last4: '4242' },
      },
      last_setup_error:
        setup.status === 'requires_payment_method' ? { message: 'Your card was declined.' } : null,
    });
  }
  if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
    const method = form.get('payment_method');
    if (method === 'pm_ok')
      return send(200, { id: 'pi_ok', object: 'payment_intent', status: 'succeeded' });
    if (method === 'pm_declined') {
      return send(402, {
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      });
    }
    return send(402, {
      error: {
        type: 'card_error',
        code: 'authentication_required',
        message: 'This payment requires authentication.',
        payment_intent: {
          id: 'pi_auth',
          object: 'payment_intent',
          status: 'requires_payment_method',
        },
      },
    });
  }
  send(404, { error: { type: 'invalid_request_error', message: 'Unknown stand-in path' } });
}

const paypalOrders = new Map<string, { referenceId: string; value: string }>();

async function paypalStandIn(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const text = await body(req);
  const send = (status: number, json: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  if (url.pathname === '/v1/oauth2/token') {
    const expected = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
    if (req.headers.authorization !== expected) return send(401, { error: 'invalid_client' });
    return send(200, { access_token: 'A21-token', expires_in: 3600 });
  }
  if (req.headers.authorization !== 'Bearer A21-token') return send(401, {});
  if (url.pathname === '/v2/checkout/orders') {
    const json = JSON.parse(text) as {
      purchase_units: { reference_id: string; description: string; amount: { value: string } }[];
    };
    const unit = json.purchase_units[0]!;
    expect(unit.description).toBe('Skip basket');
    const id = `PAYPAL${paypalOrders.size + 1}`;
    paypalOrders.set(id, { referenceId: unit.reference_id, value: unit.amount.value });
    return send(201, {
      id,
      status: 'CREATED',
      links: [{ rel: 'approve', href: `https://paypal.test/${id}` }],
    });
  }
  const capture = /^\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(url.pathname);
  if (capture) {
    const order = paypalOrders.get(capture[1]!);
    if (!order || capture[1] === 'PAYPALDECLINED') {
      return send(422, {
        name: 'UNPROCESSABLE_ENTITY',
        details: [{ description: 'Instrument declined.' }],
      });
    }
    return send(201, {
      id: capture[1],
      status: 'COMPLETED',
      purchase_units: [
        {
          reference_id: order.referenceId,
          payments: {
            captures: [
              {
                id: 'CAP1',
                status: 'COMPLETED',
                amount: { currency_code: 'GBP', value: order.value },
              },
            ],
          },
        },
      ],
    });
  }
  send(404, {});
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('payment providers against local stand-ins', () => {
  let stripeServer: Server;
  let paypalServer: Server;
  let stripeUrl: string;
  let paypalUrl: string;
  let app: TestServer;
  let seq = 0;

  beforeAll(async () => {
    ({ server: stripeServer, url: stripeUrl } = await listen(stripeStandIn));
    ({ server: paypalServer, url: paypalUrl } = await listen(paypalStandIn));
    app = await startTestServer({
      now: () => now,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripeUrl,
        PAYPAL_CLIENT_ID: 'client-id',
        PAYPAL_CLIENT_SECRET: 'client-secret',
        PAYPAL_API_BASE: paypalUrl,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    stripeServer?.close();
    paypalServer?.close();
  });

  async function order() {
    seq += 1;
    const guest = await app.api<{ checkout_token: string }>('/api/guest', {
      body: {
        name: 'Ada Lovelace',
        email: `stripe${seq}@example.com`,
        phone: '07700 900123',
        address: { door_number: '12', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
    });
    const placed = await app.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: {
        pickup_date: '2026-11-24',
        pickup_start: `${String(8 + seq).padStart(2, '0')}:00`,
        delivery_date: '2026-11-27',
        delivery_start: `${String(8 + seq).padStart(2, '0')}:00`,
        customer_name: 'Ada Lovelace',
        customer_email: `stripe${seq}@example.com`,
        customer_phone: '07700 900123',
        status: 'pending payment',
      },
      headers: { 'X-Checkout-Token': guest.body.checkout_token },
    });
    return placed.body.order.order_id;
  }

  it('with keys configured, the TEST MODE endpoints do not exist', async () => {
    const reply = await app.api('/api/payment/test/confirm-setup', {
      body: { setup_id: 'x', client_secret: 'y', payment_method: 'pm_card_visa' },
    });
    expect(reply.status).toBe(404);
  });

  it('Stripe: a SetupIntent for the order; saved only once Stripe says it succeeded', async () => {
    const id = await order();
    stripeCalls = [];
    const setup = await app.api<{ setup_id: string; client_secret: string }>(
      '/api/payment/card/setup',
      { body: { id } },
    );
    expect(setup.status).toBe(200);
    expect(setup.body.client_secret).toContain('_secret_');
    expect(stripeCalls).toEqual(['POST /v1/customers', 'POST /v1/setup_intents']);
    // Not confirmed in Stripe yet: the browser's claim changes nothing.
    const early = await app.api<{ status: boolean; message: string }>(
      '/api/update-payment-method',
      {
        body: { payment_id: setup.body.setup_id, id },
      },
    );
    expect(early.body).toEqual({ status: false, message: 'Your card was declined.' });
    setups.get(setup.body.setup_id)!.status = 'succeeded';
    const saved = await app.api<{ status: boolean }>('/api/update-payment-method', {
      body: { payment_id: setup.body.setup_id, id },
    });
    expect(saved.body.status).toBe(true);
    const [row] = await app.database.db.select().from(payments).where(eq(payments.orderId, id));
    expect(row).toMatchObject({
      provider: 'stripe',
      status: 'succeeded',
      cardLast4: '4242',
      paymentMethodId: 'pm_standin',
    });
  });

  it('Stripe: a forged setup id, or one made for another order, is refused', async () => {
    const mine = await order();
    const other = await order();
    const theirs = await app.api<{ setup_id: string }>('/api/payment/card/setup', {
      body: { id: other },
    });
    setups.get(theirs.body.setup_id)!.status = 'succeeded';
    const foreign = await app.api<{ status: boolean }>('/api/update-payment-method', {
      body: { payment_id: theirs.body.setup_id, id: mine },
    });
    expect(foreign.body.status).toBe(false);
    const forged = await app.api<{ status: boolean }>('/api/update-payment-method', {
      body: { payment_id: 'seti_forged', id: mine },
    });
    expect(forged.body.status).toBe(false);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, mine));
    expect(row!.paymentState).toBe('none');
  });

  it('Stripe off-session charge: paid, declined, authentication required', async () => {
    const provider = createStripeCardProvider({
      secretKey: 'sk_test_standin',
      publishableKey: 'pk_test_standin',
      apiBase: stripeUrl,
    });
    const charge = (paymentMethodId: string) =>
      provider.chargeOffSession({
        orderId: 'o1',
        providerCustomerId: 'cus_standin',
        paymentMethodId,
        amountPence: 3250,
        idempotencyKey: `charge-${paymentMethodId}`,
      });
    expect(await charge('pm_ok')).toEqual({ status: 'succeeded', chargeId: 'pi_ok' });
    expect(await charge('pm_declined')).toMatchObject({
      status: 'declined',
      message: 'Your card was declined.',
    });
    expect(await charge('pm_auth')).toMatchObject({
      status: 'authentication_required',
      chargeId: 'pi_auth',
    });
  });

  it('Stripe and PayPal unreachable: a PaymentProviderError (502), not a crash', async () => {
    const stripe = createStripeCardProvider({
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      apiBase: 'http://127.0.0.1:9',
    });
    await expect(
      stripe.startCardSetup({ orderId: 'o', customerEmail: 'a@b.c', customerName: 'A' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    const paypal = createPayPalProvider({
      clientId: 'a',
      clientSecret: 'b',
      apiBase: 'http://127.0.0.1:9',
    });
    await expect(
      paypal.createVerificationOrder({ orderId: 'o', amountPence: 35 }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('PayPal: a 0.35 GBP Skip basket order, captured and checked on the server', async () => {
    const id = await order();
    const created = await app.api<{ paypal_order_id: string }>('/api/payment/paypal/create', {
      body: { id },
    });
    expect(paypalOrders.get(created.body.paypal_order_id)).toEqual({
      referenceId: id,
      value: '0.35',
    });
    const other = await order();
    const foreign = await app.api<{ status: boolean }>('/api/paypal-success', {
      body: { id: other, payment_id: created.body.paypal_order_id },
    });
    expect(foreign.body.status).toBe(false);
    const ok = await app.api<{ status: boolean }>('/api/paypal-success', {
      body: { id, payment_id: created.body.paypal_order_id },
    });
    expect(ok.body.status).toBe(true);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({
      paymentMethod: 'paypal',
      paymentState: 'paypal_verified',
      status: 'pending',
    });
  });

  it('PayPal: a wrong amount or a declined capture is refused', async () => {
    const id = await order();
    const created = await app.api<{ paypal_order_id: string }>('/api/payment/paypal/create', {
      body: { id },
    });
    paypalOrders.get(created.body.paypal_order_id)!.value = '0.01';
    const wrong = await app.api<{ status: boolean; message: string }>('/api/paypal-success', {
      body: { id, payment_id: created.body.paypal_order_id },
    });
    expect(wrong.body).toEqual({
      status: false,
      message: 'The PayPal payment did not match this order.',
    });
    const provider = createPayPalProvider({
      clientId: 'client-id',
      clientSecret: 'client-secret',
      apiBase: paypalUrl,
    });
    expect(await provider.captureVerificationOrder('PAYPALDECLINED')).toEqual({
      status: 'failed',
      paypalOrderId: 'PAYPALDECLINED',
      message: 'Instrument declined.',
    });
  });

  describe('Stripe webhooks', () => {
    const send = (payload: string, signature: string) =>
      fetch(`${app.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      });

    it('valid: processed once; replayed: acknowledged without effect; invalid: 400', async () => {
      const id = await order();
      const setup = await app.api<{ setup_id: string }>('/api/payment/card/setup', {
        body: { id },
      });
      setups.get(setup.body.setup_id)!.status = 'succeeded';
      const payload = JSON.stringify({
        id: 'evt_1',
        object: 'event',
        type: 'setup_intent.succeeded',
        data: {
          object: { id: setup.body.setup_id, object: 'setup_intent', metadata: { order_id: id } },
        },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      });
      const first = await send(payload, signature);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true });
      const [row] = await app.database.db.select().from(orders).where(eq(orders.id, id));
      expect(row!.paymentState).toBe('card_saved');
      const replay = await send(payload, signature);
      expect(await replay.json()).toEqual({ received: true, duplicate: true });
      const events = await app.database.db.select().from(webhookEvents);
      expect(events.filter((e) => e.eventId === 'evt_1')).toHaveLength(1);

      const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
      const bad = await send(payload, forged);
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe('Invalid Stripe signature.');
      const missing = await fetch(`${app.url}/api/webhooks/stripe`, {
        method: 'POST',
        body: payload,
      });
      expect(missing.status).toBe(400);
    });
  });
});
