import { paymentHeaders, placeGuestOrder, spreadSlots, staffLogIn } from '@tests/helpers/fixtures';
import { createStaffUser } from '../../auth/staff';
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  financialDocuments,
  orders,
  outbox,
  payments,
  services as priceList,
  webhookEvents,
} from '../../db/schema';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { startStripeStandIn, type StripeStandIn } from '@tests/helpers/stripe-stand-in';
import { startPayPalStandIn, type PayPalStandIn } from '@tests/helpers/paypal-stand-in';
import { createStripeCardProvider } from './stripe-provider';
import { createPayPalProvider } from './paypal-provider';
import { PaymentProviderError } from './payment-provider';

/*
 * The Stripe (official SDK) and PayPal (Orders v2) adapters against local HTTP stand-ins that
 * answer the endpoints they call, with Stripe's documented test cards: success, declines,
 * authentication required, network failure, and ids forged by the browser. Then Stripe
 * webhooks with SDK-made signatures.
 */

const now = new Date('2026-11-23T06:00:00Z');
const WEBHOOK_SECRET = 'whsec_test_secret';
const AUTH_FAILED = /unable to authenticate your payment method/;

type Reply = { status: boolean; message: string; paid?: boolean };

describe('payment providers against local stand-ins', () => {
  let stripe: StripeStandIn;
  let paypal: PayPalStandIn;
  let app: TestServer;
  let seq = 0;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    paypal = await startPayPalStandIn();
    app = await startTestServer({
      now: () => now,
      env: {
        PUBLIC_URL: 'https://shop.example',
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        PAYPAL_CLIENT_ID: paypal.clientId,
        PAYPAL_CLIENT_SECRET: paypal.clientSecret,
        PAYPAL_API_BASE: paypal.url,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await stripe?.close();
    await paypal?.close();
  });

  async function order() {
    seq += 1;
    const placed = await placeGuestOrder(app, {
      details: { email: `stripe${seq}@example.com` },
      order: { status: 'pending payment' },
      slots: spreadSlots(seq),
    });
    return placed.order.order_id;
  }

  const setUp = (id: string) =>
    app.api<{ setup_id: string; client_secret: string }>('/api/payment/card/setup', {
      body: { id },
      headers: paymentHeaders(app, id),
    });
  const claim = (id: string, paymentId: string) =>
    app.api<Reply>('/api/update-payment-method', {
      body: { payment_id: paymentId, id },
      headers: paymentHeaders(app, id),
    });
  /** Money paid above the total, settled by a member of staff in the back office. */
  const settle = async (id: string, how: 'refund' | 'credit') => {
    staffToken ??= await createStaffUser(app.database.db, {
      email: 'owner@shop.test',
      name: 'Olive Owner',
      role: 'owner',
      password: 'Owner@Pass123',
    }).then(() => staffLogIn(app, 'owner@shop.test', 'Owner@Pass123'));
    return app.api<{ message: string }>(`/api/admin/orders/${id}/settle`, {
      body: { how },
      headers: { Authorization: `Bearer ${staffToken}` },
    });
  };
  let staffToken: string | undefined;
  /** A refund from the back office by the owner (issue 15), with its reason. */
  const ownerRefund = async (id: string, amount: string, reason: string) => {
    await settle(id, 'credit').catch(() => undefined); // signs the owner in (nothing to settle)
    return app.api<{ message: string; refunded?: string }>(`/api/admin/orders/${id}/refund`, {
      body: { amount, reason },
      headers: { Authorization: `Bearer ${staffToken}` },
    });
  };
  /** An order itemised and invoiced by staff through the back office: 2 × £15.95 due. */
  const itemisedOrder = async () => {
    const id = await order();
    await settle(id, 'credit').catch(() => undefined); // signs the owner in
    const headers = { Authorization: `Bearer ${staffToken}` };
    await app.database.db.update(orders).set({ status: 'collected' }).where(eq(orders.id, id));
    const [suit] = await app.database.db
      .select()
      .from(priceList)
      .where(eq(priceList.pricePence, 1595))
      .limit(1);
    const items = await app.api(`/api/admin/orders/${id}/items`, {
      method: 'PUT',
      body: { lines: [{ service_id: suit!.id, quantity: 2 }] },
      headers,
    });
    expect(items.status).toBe(200);
    expect((await app.api(`/api/admin/orders/${id}/invoice`, { body: {}, headers })).status).toBe(
      200,
    );
    expect(await orderRow(id)).toMatchObject({ totalPence: 3190, amountDuePence: 3190 });
    return id;
  };
  /** The credit notes of an order and the e-mail that carried the newest one. */
  const creditNotes = async (id: string) => {
    const notes = await app.database.db
      .select()
      .from(financialDocuments)
      .where(and(eq(financialDocuments.orderId, id), eq(financialDocuments.kind, 'credit-note')));
    const { customerEmail } = await orderRow(id);
    const mails = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'order-refund'), eq(outbox.toAddress, customerEmail)));
    return { notes, mails };
  };
  const orderRow = async (id: string) =>
    (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  const sendWebhook = (payload: string, signature: string) =>
    fetch(`${app.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
  const signedEvent = (eventId: string, type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({ id: eventId, object: 'event', type, data: { object } });
    return {
      payload,
      signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    };
  };

  /** An order whose items are priced and invoiced: £37.00 due. */
  async function invoicedOrder() {
    const id = await order();
    await app.database.db
      .update(orders)
      .set({ status: 'collected', invoicedAt: now, totalPence: 3700, amountDuePence: 3700 })
      .where(eq(orders.id, id));
    return id;
  }

  it('with keys configured, the TEST MODE endpoints do not exist', async () => {
    const reply = await app.api('/api/payment/test/confirm', {
      body: { intent_id: 'x', client_secret: 'y', payment_method: 'pm_card_visa' },
    });
    expect(reply.status).toBe(404);
  });

  describe('Stripe: card saved for later (SetupIntent, £0.00)', () => {
    it('is saved only once Stripe says the setup succeeded', async () => {
      const id = await order();
      stripe.calls.length = 0;
      const setup = await setUp(id);
      expect(setup.status).toBe(200);
      expect(setup.body.client_secret).toContain('_secret_');
      expect(stripe.calls).toEqual([
        'POST /v1/customers (secret)',
        'POST /v1/setup_intents (secret)',
      ]);
      expect(stripe.intents.get(setup.body.setup_id)!.metadata).toEqual({ order_id: id });
      // Issue 31: the Payment Element's methods (Apple Pay, Google Pay), none by redirect.
      expect(stripe.intents.get(setup.body.setup_id)!.automaticPaymentMethods).toEqual({
        enabled: 'true',
        allowRedirects: 'never',
      });
      // Not confirmed in Stripe yet: the browser's claim changes nothing.
      const early = await claim(id, setup.body.setup_id);
      expect(early.body).toEqual({ status: false, message: 'The card is not confirmed yet.' });

      await stripe.confirmAsBrowser(setup.body.client_secret, '4242 4242 4242 4242');
      const saved = await claim(id, setup.body.setup_id);
      expect(saved.body.status).toBe(true);
      const [row] = await app.database.db.select().from(payments).where(eq(payments.orderId, id));
      expect(row).toMatchObject({
        provider: 'stripe',
        kind: 'card_setup',
        status: 'succeeded',
        cardBrand: 'visa',
        cardLast4: '4242',
        paymentMethodId: expect.stringMatching(/^pm_/),
      });
      expect(await orderRow(id)).toMatchObject({
        paymentMethod: 'card',
        paymentState: 'card_saved',
        status: 'pending',
      });
    });

    it('declined (0002), or authentication failed (3155): refused with the provider message', async () => {
      const declined = await order();
      const first = await setUp(declined);
      await stripe.confirmAsBrowser(first.body.client_secret, '4000000000000002');
      expect((await claim(declined, first.body.setup_id)).body).toEqual({
        status: false,
        message: 'Your card was declined.',
      });
      const failed = await order();
      const second = await setUp(failed);
      await stripe.confirmAsBrowser(second.body.client_secret, '4000002500003155', 'fail');
      const refused = await claim(failed, second.body.setup_id);
      expect(refused.body.status).toBe(false);
      expect(refused.body.message).toMatch(AUTH_FAILED);
      expect((await orderRow(failed)).paymentState).toBe('none');

      const authenticated = await order();
      const third = await setUp(authenticated);
      await stripe.confirmAsBrowser(third.body.client_secret, '4000002500003155', 'complete');
      expect((await claim(authenticated, third.body.setup_id)).body.status).toBe(true);
    });

    it('a forged setup id, or one made for another order, is refused', async () => {
      const mine = await order();
      const other = await order();
      const theirs = await setUp(other);
      await stripe.confirmAsBrowser(theirs.body.client_secret, '4242424242424242');
      expect((await claim(mine, theirs.body.setup_id)).body.status).toBe(false);
      expect((await claim(mine, 'seti_forged')).body.status).toBe(false);
      expect((await orderRow(mine)).paymentState).toBe('none');
    });
  });

  describe('Stripe: an invoice paid with the customer present (PaymentIntent)', () => {
    const pay = (id: string) =>
      app.api<{ payment_id: string; client_secret: string; amount: string; message?: string }>(
        '/api/payment/card/pay',
        { body: { id }, headers: paymentHeaders(app, id) },
      );

    it('charges the amount due once Stripe confirms it, once, with a receipt', async () => {
      const id = await invoicedOrder();
      const started = await pay(id);
      expect(started.status).toBe(200);
      expect(started.body.amount).toBe('37.00');
      const intent = stripe.intents.get(started.body.payment_id)!;
      expect(intent.automaticPaymentMethods).toEqual({ enabled: 'true', allowRedirects: 'never' });
      expect(intent).toMatchObject({ amount: 3700, currency: 'gbp', metadata: { order_id: id } });
      // Asking again continues the same payment.
      expect((await pay(id)).body.payment_id).toBe(started.body.payment_id);
      // Before the browser confirmed it, the claim changes nothing.
      expect((await claim(id, started.body.payment_id)).body.status).toBe(false);

      await stripe.confirmAsBrowser(started.body.client_secret, '4242424242424242');
      const paid = await claim(id, started.body.payment_id);
      expect(paid.body).toEqual({ status: true, paid: true, message: 'Thank you: £37.00 paid.' });
      // The same claim again (a reload, or the webhook) counts nothing twice.
      expect((await claim(id, started.body.payment_id)).body.status).toBe(true);
      expect(await orderRow(id)).toMatchObject({
        amountDuePence: 0,
        paidPence: 3700,
        paymentState: 'paid',
      });
      const { customerEmail } = await orderRow(id);
      const receipts = await app.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.template, 'order-receipt'), eq(outbox.toAddress, customerEmail)));
      expect(receipts).toHaveLength(1);
      const nothingDue = await pay(id);
      expect(nothingDue.status).toBe(409);

      // The total lowered after payment: the difference goes back to the card, through Stripe.
      await app.database.db.update(orders).set({ totalPence: 3000 }).where(eq(orders.id, id));
      const refunded = await settle(id, 'refund');
      expect(refunded.status).toBe(200);
      expect(stripe.refunds).toEqual([
        expect.objectContaining({ paymentIntent: started.body.payment_id, amount: 700 }),
      ]);
      expect(await orderRow(id)).toMatchObject({ paidPence: 3000, amountDuePence: 0 });
    });

    it("the owner's refund goes back through Stripe, with a credit note e-mailed", async () => {
      const id = await itemisedOrder();
      const started = await pay(id);
      await stripe.confirmAsBrowser(started.body.client_secret, '4242424242424242');
      expect((await claim(id, started.body.payment_id)).body.paid).toBe(true);
      const before = stripe.refunds.length;

      const reply = await ownerRefund(id, '10.00', 'A button was lost');
      expect(reply.status).toBe(200);
      expect(reply.body.refunded).toBe('10.00');
      expect(stripe.refunds.slice(before)).toEqual([
        expect.objectContaining({ paymentIntent: started.body.payment_id, amount: 1000 }),
      ]);
      expect(await orderRow(id)).toMatchObject({ paidPence: 2190, totalPence: 2190 });
      const [refundRow] = await app.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, id), eq(payments.kind, 'refund')));
      expect(refundRow).toMatchObject({
        provider: 'stripe',
        status: 'succeeded',
        amountPence: 1000,
      });
      const { notes, mails } = await creditNotes(id);
      expect(notes).toEqual([
        expect.objectContaining({ totalPence: 1000, paymentId: refundRow!.id }),
      ]);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.attachments?.[0]?.filename).toBe(`credit-note-${notes[0]!.number}.pdf`);
    });

    it('with 3-D Secure (3155) completed: paid; declined or failed: not paid, and can retry', async () => {
      const id = await invoicedOrder();
      const started = await pay(id);
      await stripe.confirmAsBrowser(started.body.client_secret, '4000000000000002');
      expect((await claim(id, started.body.payment_id)).body).toEqual({
        status: false,
        paid: false,
        message: 'Your card was declined.',
      });
      await stripe.confirmAsBrowser(started.body.client_secret, '4000002500003155', 'fail');
      expect((await claim(id, started.body.payment_id)).body.message).toMatch(AUTH_FAILED);
      expect((await orderRow(id)).amountDuePence).toBe(3700);

      await stripe.confirmAsBrowser(started.body.client_secret, '4000002500003155', 'complete');
      expect((await claim(id, started.body.payment_id)).body.paid).toBe(true);
      expect((await orderRow(id)).paymentState).toBe('paid');
    });

    it('the browser and the webhook confirming at the same moment credit the order once', async () => {
      const id = await invoicedOrder();
      const started = await pay(id);
      await stripe.confirmAsBrowser(started.body.client_secret, '4242424242424242');
      const webhook = signedEvent(`evt_race_${id}`, 'payment_intent.succeeded', {
        id: started.body.payment_id,
        object: 'payment_intent',
        metadata: { order_id: id },
      });
      const replies = await Promise.all([
        claim(id, started.body.payment_id),
        sendWebhook(webhook.payload, webhook.signature),
        claim(id, started.body.payment_id),
      ]);
      expect(replies[0].body.paid).toBe(true);
      expect(replies[2].body.paid).toBe(true);
      expect(await orderRow(id)).toMatchObject({ paidPence: 3700, amountDuePence: 0 });
      const { customerEmail } = await orderRow(id);
      const receipts = await app.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.template, 'order-receipt'), eq(outbox.toAddress, customerEmail)));
      expect(receipts).toHaveLength(1);
    });

    it('a payment Stripe took while the page never told us is found, not charged again', async () => {
      const id = await invoicedOrder();
      const started = await pay(id);
      // The customer paid, then the tab closed before /update-payment-method.
      await stripe.confirmAsBrowser(started.body.client_secret, '4242424242424242');
      // A second confirmation of the same payment is refused by Stripe, as it is live.
      const again = await stripe.confirmAsBrowser(started.body.client_secret, '4242424242424242');
      expect(again.status).toBe(400);
      const back = await app.api<{ already_paid: boolean; message: string }>(
        '/api/payment/card/pay',
        { body: { id }, headers: paymentHeaders(app, id) },
      );
      expect(back.body).toMatchObject({ already_paid: true, message: 'Thank you: £37.00 paid.' });
      expect(await orderRow(id)).toMatchObject({ paidPence: 3700, amountDuePence: 0 });
      const intents = [...stripe.intents.values()].filter((i) => i.metadata.order_id === id);
      expect(intents).toHaveLength(1);
    });

    it('an amount Stripe refuses (under its 30p minimum) is a 409 with a message, not an outage', async () => {
      const id = await invoicedOrder();
      await app.database.db.update(orders).set({ amountDuePence: 20 }).where(eq(orders.id, id));
      const refused = await pay(id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/cannot be taken online .*Please call us/);
    });

    it('refuses a payment of another order, a forged id, or a different amount', async () => {
      const mine = await invoicedOrder();
      const theirs = await invoicedOrder();
      const other = await pay(theirs);
      await stripe.confirmAsBrowser(other.body.client_secret, '4242424242424242');
      expect((await claim(mine, other.body.payment_id)).body.status).toBe(false);
      expect((await claim(mine, 'pi_forged')).body.status).toBe(false);

      const started = await pay(mine);
      stripe.intents.get(started.body.payment_id)!.amount = 100;
      await stripe.confirmAsBrowser(started.body.client_secret, '4242424242424242');
      expect((await claim(mine, started.body.payment_id)).body).toEqual({
        status: false,
        paid: false,
        message: 'The payment did not match this order.',
      });
      expect((await orderRow(mine)).amountDuePence).toBe(3700);
      expect(app.errors.join('\n')).toContain('provider amount differs from the invoice');
      app.errors.length = 0;
    });
  });

  it('Stripe off-session charge after cleaning: paid, declined, authentication required', async () => {
    const provider = createStripeCardProvider({
      secretKey: 'sk_test_standin',
      publishableKey: 'pk_test_standin',
      apiBase: stripe.url,
    });
    async function savedCard(number: string) {
      const setup = await provider.startCardSetup({
        orderId: `o-${number}`,
        customerEmail: 'a@example.com',
        customerName: 'Ada',
      });
      await stripe.confirmAsBrowser(setup.clientSecret, number, 'complete');
      const saved = await provider.retrieveCardSetup(setup.setupId);
      if (saved.status !== 'succeeded') throw new Error(`not saved: ${saved.status}`);
      return saved;
    }
    const charge = async (number: string) => {
      const card = await savedCard(number);
      return provider.chargeOffSession({
        orderId: 'o1',
        providerCustomerId: card.providerCustomerId,
        paymentMethodId: card.paymentMethodId,
        amountPence: 3250,
        idempotencyKey: `charge-${number}`,
      });
    };
    expect(await charge('4242424242424242')).toEqual({
      status: 'succeeded',
      chargeId: expect.stringMatching(/^pi_/),
    });
    // 3155 authenticated when saved: later off-session charges need nothing more.
    expect((await charge('4000002500003155')).status).toBe('succeeded');
    expect(await charge('4000000000000341')).toMatchObject({
      status: 'declined',
      message: 'Your card was declined.',
    });
    expect(await charge('4000002760003184')).toMatchObject({
      status: 'authentication_required',
      chargeId: expect.stringMatching(/^pi_/),
    });
  });

  it('Stripe and PayPal unreachable: a PaymentProviderError (502), not a crash', async () => {
    const unreachableStripe = createStripeCardProvider({
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      apiBase: 'http://127.0.0.1:9',
    });
    await expect(
      unreachableStripe.startCardSetup({ orderId: 'o', customerEmail: 'a@b.c', customerName: 'A' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(unreachableStripe.retrieveCardPayment('pi_x')).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    const unreachablePayPal = createPayPalProvider({
      clientId: 'a',
      clientSecret: 'b',
      apiBase: 'http://127.0.0.1:9',
    });
    await expect(
      unreachablePayPal.createOrder({
        orderId: 'o',
        amountPence: 35,
        description: 'Skip basket',
        requestId: 'verify-o',
        returnUrl: 'https://shop.example/r',
        cancelUrl: 'https://shop.example/c',
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  describe('PayPal', () => {
    const create = (id: string) =>
      app.api<{ paypal_order_id: string; approve_url: string }>('/api/payment/paypal/create', {
        body: { id },
        headers: paymentHeaders(app, id),
      });
    const success = (id: string, paypalOrderId: string) =>
      app.api<Reply>('/api/paypal-success', {
        body: { id, payment_id: paypalOrderId },
        headers: paymentHeaders(app, id),
      });

    it('a 0.35 GBP Skip basket order, approved on PayPal, captured and checked on the server', async () => {
      const id = await order();
      const created = await create(id);
      expect(created.status).toBe(200);
      const standIn = paypal.orders.get(created.body.paypal_order_id)!;
      expect(standIn).toMatchObject({
        referenceId: id,
        description: 'Skip basket',
        currency: 'GBP',
        value: '0.35',
        returnUrl: expect.stringMatching(
          new RegExp(
            `^https://shop\\.example/order/payment/${id}\\?paypal=approved&t=\\d+\\.[\\w-]{43}$`,
          ),
        ),
        cancelUrl: expect.stringMatching(
          new RegExp(`^https://shop\\.example/order/payment/${id}\\?paypal=cancelled&t=`),
        ),
      });
      expect(created.body.approve_url).toBe(
        `${paypal.url}/checkoutnow?token=${created.body.paypal_order_id}`,
      );
      const back = new URL(paypal.decide(created.body.paypal_order_id, true));
      expect(back.searchParams.get('token')).toBe(created.body.paypal_order_id);

      const other = await order();
      expect((await success(other, created.body.paypal_order_id)).body.status).toBe(false);
      expect((await success(id, created.body.paypal_order_id)).body.status).toBe(true);
      // A reload of the return page asks again: still verified, captured once.
      expect((await success(id, created.body.paypal_order_id)).body.status).toBe(true);
      expect(paypal.calls.filter((c) => c.endsWith('/capture'))).toHaveLength(1);
      expect(await orderRow(id)).toMatchObject({
        paymentMethod: 'paypal',
        paymentState: 'paypal_verified',
        status: 'pending',
      });
    });

    it('after cleaning, the invoice paid with PayPal: the amount due, captured and counted once', async () => {
      const id = await invoicedOrder();
      const created = await create(id);
      const standIn = paypal.orders.get(created.body.paypal_order_id)!;
      expect(standIn).toMatchObject({ referenceId: id, currency: 'GBP', value: '37.00' });
      expect(standIn.description).toMatch(/^Maida Vale Dry Cleaners order LD-\d+$/);
      // Not approved yet: nothing is paid.
      expect((await success(id, created.body.paypal_order_id)).body.status).toBe(false);
      const again = await create(id);
      paypal.decide(again.body.paypal_order_id, true);
      expect((await success(id, again.body.paypal_order_id)).body).toEqual({
        status: true,
        paid: true,
        message: 'Thank you: £37.00 paid.',
      });
      expect((await success(id, again.body.paypal_order_id)).body.paid).toBe(true);
      expect(await orderRow(id)).toMatchObject({
        paymentMethod: 'paypal',
        paymentState: 'paid',
        paidPence: 3700,
        amountDuePence: 0,
      });

      // Lowered after payment: PayPal gives the difference back against the capture.
      await app.database.db.update(orders).set({ totalPence: 2500 }).where(eq(orders.id, id));
      const refunded = await settle(id, 'refund');
      expect(refunded.status).toBe(200);
      expect(paypal.refunds).toEqual([
        expect.objectContaining({ captureId: `CAP${again.body.paypal_order_id}`, amount: 1200 }),
      ]);
      expect(await orderRow(id)).toMatchObject({ paidPence: 2500 });
      // Asked again: nothing more is owed back, nothing more is refunded.
      expect((await settle(id, 'refund')).status).toBe(409);
      expect(paypal.refunds).toHaveLength(1);
    });

    it("the owner's refund goes back through PayPal against the capture, with a credit note", async () => {
      const id = await itemisedOrder();
      const created = await create(id);
      paypal.decide(created.body.paypal_order_id, true);
      expect((await success(id, created.body.paypal_order_id)).body.paid).toBe(true);
      const before = paypal.refunds.length;

      const reply = await ownerRefund(id, '31.90', 'Order cancelled after cleaning');
      expect(reply.status).toBe(200);
      expect(paypal.refunds.slice(before)).toEqual([
        expect.objectContaining({ captureId: `CAP${created.body.paypal_order_id}`, amount: 3190 }),
      ]);
      expect(await orderRow(id)).toMatchObject({ paidPence: 0, totalPence: 0, amountDuePence: 0 });
      const { notes, mails } = await creditNotes(id);
      expect(notes).toEqual([expect.objectContaining({ totalPence: 3190 })]);
      expect(mails).toHaveLength(1);
      // Nothing is left to refund.
      expect((await ownerRefund(id, '1.00', 'Again')).status).toBe(409);
      expect(paypal.refunds).toHaveLength(before + 1);
    });

    it('a capture whose reply was lost is recorded on the next try, never taken twice', async () => {
      const id = await order();
      const created = await create(id);
      paypal.decide(created.body.paypal_order_id, true);
      paypal.loseNextCaptureReply();
      const lost = await app.api<{ message: string }>('/api/paypal-success', {
        body: { id, payment_id: created.body.paypal_order_id },
        headers: paymentHeaders(app, id),
      });
      expect(lost.status).toBe(502);
      expect((await orderRow(id)).paymentState).toBe('none');
      // PayPal captured it; the same request id answers with that capture.
      expect((await success(id, created.body.paypal_order_id)).body.status).toBe(true);
      expect((await orderRow(id)).paymentState).toBe('paypal_verified');
      expect(paypal.calls).not.toContain(`GET /v2/checkout/orders/${created.body.paypal_order_id}`);

      // Without the request id's memory, PayPal says 'already captured': we read the order.
      const other = await order();
      const second = await create(other);
      paypal.decide(second.body.paypal_order_id, true);
      paypal.loseNextCaptureReply();
      expect((await success(other, second.body.paypal_order_id)).status).toBe(502);
      paypal.forgetRequestIds();
      expect((await success(other, second.body.paypal_order_id)).body.status).toBe(true);
    });

    it('an invoice paid another way meanwhile: the PayPal approval is not captured', async () => {
      const id = await invoicedOrder();
      const created = await create(id);
      paypal.decide(created.body.paypal_order_id, true);
      await app.database.db
        .update(orders)
        .set({ amountDuePence: 0, paidPence: 3700, paymentState: 'paid' })
        .where(eq(orders.id, id));
      const reply = await success(id, created.body.paypal_order_id);
      expect(reply.body.status).toBe(false);
      expect(reply.body.message).toMatch(/already paid; nothing was taken by PayPal/);
      expect(paypal.orders.get(created.body.paypal_order_id)!.status).toBe('APPROVED');
    });

    it('cancelled on PayPal, a wrong amount or a declined capture: refused', async () => {
      const cancelled = await order();
      const first = await create(cancelled);
      paypal.decide(first.body.paypal_order_id, false);
      expect((await success(cancelled, first.body.paypal_order_id)).body).toEqual({
        status: false,
        message: 'Payer has not yet approved the Order for payment.',
      });
      expect((await orderRow(cancelled)).paymentState).toBe('none');

      const wrong = await order();
      const second = await create(wrong);
      paypal.orders.get(second.body.paypal_order_id)!.value = '0.01';
      paypal.decide(second.body.paypal_order_id, true);
      expect((await success(wrong, second.body.paypal_order_id)).body).toEqual({
        status: false,
        message: 'The PayPal payment did not match this order.',
      });

      const declined = await order();
      const third = await create(declined);
      paypal.orders.get(third.body.paypal_order_id)!.declineCapture = true;
      paypal.decide(third.body.paypal_order_id, true);
      expect((await success(declined, third.body.paypal_order_id)).body).toEqual({
        status: false,
        message: 'Instrument declined.',
      });
      const [row] = await app.database.db
        .select()
        .from(payments)
        .where(eq(payments.providerRef, third.body.paypal_order_id));
      expect(row).toMatchObject({ status: 'failed', message: 'Instrument declined.' });
    });
  });

  describe('Stripe webhooks', () => {
    const send = sendWebhook;
    const event = signedEvent;

    it('valid: processed once; replayed: acknowledged without effect; invalid: 400', async () => {
      const id = await order();
      const setup = await setUp(id);
      await stripe.confirmAsBrowser(setup.body.client_secret, '4242424242424242');
      const { payload, signature } = event('evt_1', 'setup_intent.succeeded', {
        id: setup.body.setup_id,
        object: 'setup_intent',
        metadata: { order_id: id },
      });
      const first = await send(payload, signature);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true });
      expect((await orderRow(id)).paymentState).toBe('card_saved');
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

    it('payment_intent.succeeded pays the invoice once, checked with Stripe, whatever the event says', async () => {
      const id = await invoicedOrder();
      const started = await app.api<{ payment_id: string; client_secret: string }>(
        '/api/payment/card/pay',
        { body: { id }, headers: paymentHeaders(app, id) },
      );
      const claimed = event('evt_early', 'payment_intent.succeeded', {
        id: started.body.payment_id,
        object: 'payment_intent',
        amount: 3700,
        metadata: { order_id: id },
      });
      // The event claims success before Stripe has it: Stripe is asked, nothing changes.
      expect((await send(claimed.payload, claimed.signature)).status).toBe(200);
      expect((await orderRow(id)).amountDuePence).toBe(3700);

      await stripe.confirmAsBrowser(started.body.client_secret, '4242424242424242');
      for (const eventId of ['evt_paid_1', 'evt_paid_2']) {
        const paid = event(eventId, 'payment_intent.succeeded', {
          id: started.body.payment_id,
          object: 'payment_intent',
          metadata: { order_id: id },
        });
        expect((await send(paid.payload, paid.signature)).status).toBe(200);
      }
      expect(await orderRow(id)).toMatchObject({ paidPence: 3700, amountDuePence: 0 });
      // The browser's claim after the webhook: still paid once.
      expect((await claim(id, started.body.payment_id)).body.paid).toBe(true);
      expect((await orderRow(id)).paidPence).toBe(3700);
    });

    it('an event that could not be handled (Stripe not answering) is processed on its retry', async () => {
      const id = await invoicedOrder();
      const started = await app.api<{ payment_id: string; client_secret: string }>(
        '/api/payment/card/pay',
        { body: { id }, headers: paymentHeaders(app, id) },
      );
      await stripe.confirmAsBrowser(started.body.client_secret, '4242424242424242');
      const paid = event(`evt_retry_${id}`, 'payment_intent.succeeded', {
        id: started.body.payment_id,
        object: 'payment_intent',
        metadata: { order_id: id },
      });
      stripe.failNext(2); // the SDK retries once
      const first = await send(paid.payload, paid.signature);
      expect(first.status).toBe(502);
      expect((await orderRow(id)).amountDuePence).toBe(3700);
      const retry = await send(paid.payload, paid.signature);
      expect(await retry.json()).toEqual({ received: true });
      expect(await orderRow(id)).toMatchObject({ paidPence: 3700, amountDuePence: 0 });
    });

    it('events of other systems, or late ones, are acknowledged and change nothing', async () => {
      const foreign = event('evt_foreign', 'setup_intent.succeeded', {
        id: 'seti_elsewhere',
        object: 'setup_intent',
        metadata: { order_id: 'not-one-of-ours' },
      });
      expect((await send(foreign.payload, foreign.signature)).status).toBe(200);

      // A card saved, then the invoice paid; the setup's event arrives days late.
      const id = await order();
      const setup = await setUp(id);
      await stripe.confirmAsBrowser(setup.body.client_secret, '4242424242424242');
      expect((await claim(id, setup.body.setup_id)).body.status).toBe(true);
      await app.database.db
        .update(orders)
        .set({ paymentState: 'paid', amountDuePence: 0 })
        .where(eq(orders.id, id));
      const late = event('evt_late', 'setup_intent.succeeded', {
        id: setup.body.setup_id,
        object: 'setup_intent',
        metadata: { order_id: id },
      });
      expect((await send(late.payload, late.signature)).status).toBe(200);
      expect((await orderRow(id)).paymentState).toBe('paid');
    });
  });
});
