import {
  paymentHeaders,
  placeGuestOrder,
  saveTestCard,
  spreadSlots,
} from '@tests/helpers/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderEvents, orders, payments } from '../../db/schema';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

// Monday 23 November 2026, 06:00 in London.
const now = new Date('2026-11-23T06:00:00Z');
let seq = 0;

describe('payment after cleaning (TEST MODE provider)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** A guest order waiting for its payment details. */
  async function pendingPaymentOrder() {
    seq += 1;
    const placed = await placeGuestOrder(server, {
      details: { email: `pay${seq}@example.com` },
      order: { status: 'pending payment' },
      slots: spreadSlots(seq),
    });
    return placed.order.order_id;
  }

  const saveCard = (orderId: string, paymentMethod: string, authenticated?: boolean) =>
    saveTestCard(server, orderId, paymentMethod, authenticated);

  it('a saved card (4242) records card and state, and the order goes to pending', async () => {
    const id = await pendingPaymentOrder();
    const { saved } = await saveCard(id, 'pm_card_visa');
    expect(saved.body).toEqual({
      status: true,
      message: expect.stringContaining('Nothing has been charged'),
    });
    const [order] = await server.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({
      status: 'pending',
      paymentMethod: 'card',
      paymentState: 'card_saved',
      amountDuePence: 0,
    });
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, id));
    expect(payment).toMatchObject({
      kind: 'card_setup',
      status: 'succeeded',
      cardLast4: '4242',
      amountPence: 0,
    });
    const events = await server.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id));
    expect(events.map((e) => e.toStatus)).toEqual(['pending payment', 'pending']);
  });

  it('a declined card (0002) changes nothing and says why', async () => {
    const id = await pendingPaymentOrder();
    const { confirmed, saved } = await saveCard(id, 'pm_card_chargeDeclined');
    expect(confirmed.message).toBe('Your card was declined.');
    expect(saved.body).toEqual({ status: false, message: 'Your card was declined.' });
    const [order] = await server.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ status: 'pending payment', paymentState: 'none' });
  });

  it('authentication required (3155): saved after authenticating, refused when it fails', async () => {
    const ok = await pendingPaymentOrder();
    expect((await saveCard(ok, 'pm_card_authenticationRequired', true)).saved.body.status).toBe(
      true,
    );
    const failed = await pendingPaymentOrder();
    const result = await saveCard(failed, 'pm_card_authenticationRequired', false);
    expect(result.saved.body.status).toBe(false);
    expect(result.saved.body.message).toMatch(/unable to authenticate/);
  });

  it('a forged or foreign setup id from the browser changes nothing', async () => {
    const mine = await pendingPaymentOrder();
    const other = await pendingPaymentOrder();
    const { setupId } = await saveCard(other, 'pm_card_visa');
    const foreign = await server.api<{ status: boolean }>('/api/update-payment-method', {
      body: { payment_id: setupId, id: mine },
      headers: paymentHeaders(server, mine),
    });
    expect(foreign.body.status).toBe(false);
    const forged = await server.api<{ status: boolean }>('/api/update-payment-method', {
      body: { payment_id: 'seti_made_up', id: mine },
      headers: paymentHeaders(server, mine),
    });
    expect(forged.body.status).toBe(false);
    const [order] = await server.database.db.select().from(orders).where(eq(orders.id, mine));
    expect(order!.paymentState).toBe('none');
    const bad = await server.api('/api/update-payment-method', { body: { id: 'nope' } });
    expect(bad.status).toBe(422);
    const long = await server.api<{ errors: Record<string, string[]> }>(
      '/api/update-payment-method',
      { body: { id: mine, payment_id: 'x'.repeat(300) }, headers: paymentHeaders(server, mine) },
    );
    expect(long.status).toBe(422);
    expect(long.body.errors.payment_id).toEqual(['payment_id is not a payment of ours']);
  });

  it('PayPal: £0.35 verified on the server; a cancelled approval or a foreign order fails', async () => {
    const id = await pendingPaymentOrder();
    const created = await server.api<{ paypal_order_id: string; approve_url: string }>(
      '/api/payment/paypal/create',
      { body: { id }, headers: paymentHeaders(server, id) },
    );
    expect(created.body.approve_url).toBe(`/payment/test-paypal/${created.body.paypal_order_id}`);
    const approved = await server.api<{ status: boolean; redirect_url: string }>(
      '/api/payment/test/paypal-approve',
      { body: { paypal_order_id: created.body.paypal_order_id, approve: true } },
    );
    // As PayPal does: back to the payment page with the PayPal order id as token.
    const back = new URL(approved.body.redirect_url);
    expect(back.pathname).toBe(`/order/payment/${id}`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      paypal: 'approved',
      // The signed link comes back too, so the page may confirm without a login.
      t: expect.stringMatching(/^\d+\.[\w-]{43}$/),
      token: created.body.paypal_order_id,
      PayerID: 'TESTPAYER',
    });
    expect(server.services.links.verify('payment', id, back.searchParams.get('t')!, now)).toBe(
      true,
    );
    const other = await pendingPaymentOrder();
    const foreign = await server.api<{ status: boolean }>('/api/paypal-success', {
      body: { id: other, payment_id: created.body.paypal_order_id },
      headers: paymentHeaders(server, other),
    });
    expect(foreign.body.status).toBe(false);
    const ok = await server.api<{ status: boolean }>('/api/paypal-success', {
      body: { id, payment_id: created.body.paypal_order_id },
      headers: paymentHeaders(server, id),
    });
    expect(ok.body.status).toBe(true);
    const [order] = await server.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({
      status: 'pending',
      paymentMethod: 'paypal',
      paymentState: 'paypal_verified',
    });
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, id));
    expect(payment).toMatchObject({
      kind: 'paypal_verification',
      amountPence: 35,
      status: 'succeeded',
    });

    const declined = await pendingPaymentOrder();
    const second = await server.api<{ paypal_order_id: string }>('/api/payment/paypal/create', {
      body: { id: declined },
      headers: paymentHeaders(server, declined),
    });
    await server.api('/api/payment/test/paypal-approve', {
      body: { paypal_order_id: second.body.paypal_order_id, approve: false },
    });
    const refused = await server.api<{ status: boolean; message: string }>('/api/paypal-success', {
      body: { id: declined, payment_id: second.body.paypal_order_id },
      headers: paymentHeaders(server, declined),
    });
    expect(refused.body).toEqual({
      status: false,
      message: 'The PayPal payment was not approved.',
    });
  });

  it('an invoice paid on the payment page: 3-D Secure (3155) asked for, then paid once', async () => {
    const id = await pendingPaymentOrder();
    const early = await server.api<{ message: string }>('/api/payment/card/pay', {
      body: { id },
      headers: paymentHeaders(server, id),
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Nothing is due on order LD-\d+ yet/);
    await server.database.db
      .update(orders)
      .set({ status: 'ready', invoicedAt: now, totalPence: 4150, amountDuePence: 4150 })
      .where(eq(orders.id, id));
    const payment = await server.api<{ payment_id: string; client_secret: string; amount: string }>(
      '/api/payment/card/pay',
      { body: { id }, headers: paymentHeaders(server, id) },
    );
    expect(payment.body.amount).toBe('41.50');
    const confirm = (authenticated?: boolean) =>
      server.api<{ intent_status: string }>('/api/payment/test/confirm', {
        body: {
          intent_id: payment.body.payment_id,
          client_secret: payment.body.client_secret,
          payment_method: 'pm_card_authenticationRequired',
          authenticated,
        },
      });
    expect((await confirm()).body.intent_status).toBe('requires_action');
    const pending = await server.api<{ status: boolean }>('/api/update-payment-method', {
      body: { payment_id: payment.body.payment_id, id },
      headers: paymentHeaders(server, id),
    });
    expect(pending.body.status).toBe(false);
    expect((await confirm(true)).body.intent_status).toBe('succeeded');
    const paid = await server.api<{ status: boolean; paid: boolean }>(
      '/api/update-payment-method',
      { body: { payment_id: payment.body.payment_id, id }, headers: paymentHeaders(server, id) },
    );
    expect(paid.body).toMatchObject({ status: true, paid: true });
    const [order] = await server.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ amountDuePence: 0, paidPence: 4150, paymentState: 'paid' });
  });

  it('unknown orders get 404, not 500', async () => {
    const reply = await server.api<{ message: string }>('/api/payment/card/setup', {
      body: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('We could not find that order.');
  });
});
