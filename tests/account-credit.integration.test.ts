import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import {
  customerCredits,
  orders,
  payments,
  referrals,
  services as priceList,
} from '../server/db/schema';
import { creditBalance, grantGoodwillCredit } from '../server/use-cases/credit/account-credit';
import { creditReferrer, referralCodeOf } from '../server/use-cases/promos/referrals';
import { paymentHeaders, placeGuestOrder, signUp, spreadSlots } from '@tests/helpers/fixtures';
import { startStripeStandIn, type StripeStandIn } from '@tests/helpers/stripe-stand-in';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Issue 18: a friend's referral code takes £10 off their first order, and the referrer is
 * credited £10 once that order is paid, once however often Stripe's webhook comes; account
 * credit pays before the card is charged, never twice and never below zero. Stripe is the
 * local stand-in, webhooks signed by the SDK. Runs on PostgreSQL by `npm run test:pg`.
 */

const now = new Date('2026-11-23T06:00:00Z');
const WEBHOOK_SECRET = 'whsec_test_secret';
const password = 'a-long-staff-password';
type Reply = { status: boolean; message: string; errors?: Record<string, string[]> };

describe('referrals and account credit', () => {
  let stripe: StripeStandIn;
  let app: TestServer;
  let staff: Record<string, string>;
  let referrerId = '';
  let slot = 0;
  const db = () => app.database.db;
  const orderRow = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

  /** The order collected and priced by staff: `suits` two-piece suits (£15.95 each). */
  const price = async (id: string, suits: number) => {
    await db().update(orders).set({ status: 'collected' }).where(eq(orders.id, id));
    const [suit] = await db()
      .select()
      .from(priceList)
      .where(eq(priceList.pricePence, 1595))
      .limit(1);
    const reply = await app.api<Reply>(`/api/admin/orders/${id}/items`, {
      method: 'PUT',
      body: { lines: [{ service_id: suit!.id, quantity: suits }] },
      headers: staff,
    });
    expect(reply.status).toBe(200);
  };
  const invoice = (id: string) =>
    app.api<Reply>(`/api/admin/orders/${id}/invoice`, { body: {}, headers: staff });
  const pay = (id: string) =>
    app.api<{ payment_id: string; client_secret: string; already_paid?: boolean }>(
      '/api/payment/card/pay',
      { body: { id }, headers: paymentHeaders(app, id) },
    );
  const webhook = (eventId: string, paymentId: string, orderId: string) => {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: { id: paymentId, object: 'payment_intent', metadata: { order_id: orderId } },
      },
    });
    return fetch(`${app.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: payload,
    });
  };
  /** An order of the referrer's own, placed straight in the database. */
  const referrersOrder = async () => {
    const placed = await placeGuestOrder(app, {
      details: { email: 'grace@example.com' },
      slots: spreadSlots(slot++),
    });
    await db()
      .update(orders)
      .set({ customerId: referrerId })
      .where(eq(orders.id, placed.order.order_id));
    return placed.order.order_id;
  };

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    app = await startTestServer({
      now: () => now,
      env: {
        PUBLIC_URL: 'https://shop.example',
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      },
    });
    await createStaffUser(db(), { email: 'sam@shop.test', name: 'Sam', role: 'staff', password });
    const login = await app.api<{ token: string }>('/api/admin/login', {
      body: { email: 'sam@shop.test', password },
    });
    staff = { Authorization: `Bearer ${login.body.token}` };
    // Grace lives a few doors from the demo guest (the friends' address): another home.
    referrerId = (
      await signUp(app, {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        address: { door_number: '40', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      })
    ).customer_id;
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await stripe?.close();
  });

  /** Staff move the order along the pipeline, from collected to `to`. */
  const moveTo = async (id: string, to: 'out for delivery' | 'delivered') => {
    const steps = ['cleaning', 'ready', 'out for delivery', 'delivered'];
    const from = (await orderRow(id)).status;
    for (const step of steps.slice(steps.indexOf(from) + 1, steps.indexOf(to) + 1)) {
      const moved = await app.api<Reply>(`/api/admin/orders/${id}/status`, {
        body: { to: step },
        headers: staff,
      });
      expect(moved.status).toBe(200);
    }
  };

  test('a friend’s first order takes £10 off; the referrer is credited once it is delivered and paid, once', async () => {
    const code = await referralCodeOf(db(), referrerId);
    expect(code).toMatch(/^GRACE-[A-Z2-9]{4}$/);
    expect(await referralCodeOf(db(), referrerId)).toBe(code);
    // The referrer's own code is not for their own orders.
    const own = await app.api<Reply>('/api/placeorder', {
      body: {
        pickup_date: '2026-11-24',
        pickup_start: '10:00',
        delivery_date: '2026-11-27',
        delivery_start: '10:00',
        customer_name: 'Grace Hopper',
        customer_email: 'grace@example.com',
        customer_phone: '07700 900456',
        status: 'pending',
        promo_code: code,
      },
      headers: { Authorization: `Bearer ${await logInToken()}` },
    });
    expect(own.status).toBe(422);
    expect(own.body.errors?.promo_code?.[0]).toMatch(/your own referral code/i);

    const friend = await placeGuestOrder(app, {
      details: { email: 'linus@example.com', name: 'Linus Torvalds' },
      order: { promo_code: code.toLowerCase() },
      slots: spreadSlots(slot++),
    });
    const id = friend.order.order_id;
    expect(await orderRow(id)).toMatchObject({ referredBy: referrerId, promoCodeId: null });
    await price(id, 3);
    // 3 × £15.95 = £47.85, less £10.00.
    expect(await orderRow(id)).toMatchObject({ discountPence: 1000, totalPence: 3785 });
    expect((await invoice(id)).status).toBe(200);
    const referral = () => db().select().from(referrals).where(eq(referrals.orderId, id));
    expect((await referral())[0]!.creditedAt).toBeNull();
    expect(await creditBalance(db(), referrerId)).toBe(0);

    const started = await pay(id);
    await stripe.confirmAsBrowser(started.body.client_secret, '4242424242424242');
    // Stripe's webhook, replayed (the same event twice, then a second event for the payment).
    for (const eventId of ['evt_ref_1', 'evt_ref_1', 'evt_ref_2']) {
      expect((await webhook(eventId, started.body.payment_id, id)).status).toBe(200);
    }
    expect(await orderRow(id)).toMatchObject({ paymentState: 'paid', amountDuePence: 0 });
    // Issue 31: paid but not yet delivered earns nothing yet (it was credited here before).
    expect((await referral())[0]!.creditedAt).toBeNull();
    expect(await creditBalance(db(), referrerId)).toBe(0);
    await moveTo(id, 'out for delivery');
    expect((await referral())[0]!.creditedAt).toBeNull();
    await moveTo(id, 'delivered');
    // A webhook replayed after the delivery credits nothing more.
    expect((await webhook('evt_ref_3', started.body.payment_id, id)).status).toBe(200);
    const [done] = await referral();
    expect(done!.creditedAt).not.toBeNull();
    const credits = await db()
      .select()
      .from(customerCredits)
      .where(eq(customerCredits.customerId, referrerId));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amountPence: 1000, id: done!.creditId });
    expect(credits[0]!.reason).toMatch(/^Thank you for referring Linus \(order /);

    // A second order by the friend cannot use the code again.
    const again = await app.api<Reply>('/api/guest', {
      body: {
        name: 'Linus Torvalds',
        email: 'linus@example.com',
        phone: '07700 900123',
        address: { door_number: '12', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
    });
    const slots = spreadSlots(slot++);
    const second = await app.api<Reply>('/api/placeorder', {
      body: {
        pickup_date: slots.pickup.slot_date,
        pickup_start: slots.pickup.slot_start,
        delivery_date: slots.delivery.slot_date,
        delivery_start: slots.delivery.slot_start,
        customer_name: 'Linus Torvalds',
        customer_email: 'linus@example.com',
        customer_phone: '07700 900123',
        status: 'pending',
        promo_code: code,
      },
      headers: {
        'X-Checkout-Token': (again.body as unknown as { checkout_token: string }).checkout_token,
      },
    });
    expect(second.status).toBe(422);
    expect(second.body.errors?.promo_code?.[0]).toBe(`The code ${code} is for a first order only.`);
  });

  test('credit pays before the card: the card is charged the rest, and credit is used once', async () => {
    expect(await creditBalance(db(), referrerId)).toBe(1000);
    const id = await referrersOrder();
    await price(id, 2); // £31.90
    expect((await invoice(id)).status).toBe(200);
    expect(await orderRow(id)).toMatchObject({
      totalPence: 3190,
      creditAppliedPence: 1000,
      paidPence: 1000,
      amountDuePence: 2190,
      paymentState: 'invoiced',
    });
    expect(await creditBalance(db(), referrerId)).toBe(0);
    // Invoiced again: nothing more is taken from a spent balance.
    expect((await invoice(id)).status).toBe(200);
    const started = await pay(id);
    const [intent] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, id), eq(payments.kind, 'charge')));
    expect(intent!.amountPence).toBe(2190);
    await stripe.confirmAsBrowser(started.body.client_secret, '4242424242424242');
    expect((await webhook('evt_credit_1', started.body.payment_id, id)).status).toBe(200);
    expect(await orderRow(id)).toMatchObject({
      creditAppliedPence: 1000,
      paidPence: 3190,
      amountDuePence: 0,
      paymentState: 'paid',
    });
    expect(await creditBalance(db(), referrerId)).toBe(0);
  });

  test('an order the credit covers is paid without a charge; two at once never go below zero', async () => {
    const olive = await createStaffUser(db(), {
      email: 'olive@shop.test',
      name: 'Olive',
      role: 'owner',
      password,
    });
    await grantGoodwillCredit(app.services, {
      actor: { id: olive.id, name: olive.name, role: 'owner' },
      customerId: referrerId,
      amountPence: 4000,
      reason: 'A shirt came back late',
    });
    const covered = await referrersOrder();
    await price(covered, 1); // £15.95 → the £25 minimum
    expect((await invoice(covered)).status).toBe(200);
    expect(await orderRow(covered)).toMatchObject({
      totalPence: 2500,
      creditAppliedPence: 2500,
      amountDuePence: 0,
      paymentState: 'paid',
    });
    expect(await db().select().from(payments).where(eq(payments.orderId, covered))).toHaveLength(0);
    expect(await creditBalance(db(), referrerId)).toBe(1500);
    // £15.00 left, two £25.00 orders invoiced at once: £15.00 is used, once.
    const a = await referrersOrder();
    const b = await referrersOrder();
    await price(a, 1);
    await price(b, 1);
    const replies = await Promise.all([invoice(a), invoice(b)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const used = (await orderRow(a)).creditAppliedPence + (await orderRow(b)).creditAppliedPence;
    expect(used).toBe(1500);
    expect(await creditBalance(db(), referrerId)).toBe(0);
  });

  test('a cancelled referral order never earns the referrer credit, even paid afterwards', async () => {
    const code = await referralCodeOf(db(), referrerId);
    const friend = await placeGuestOrder(app, {
      details: {
        email: 'ken@example.com',
        name: 'Ken Thompson',
        phone: '07700 900789',
        address: { door_number: '7', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
      order: { promo_code: code },
      slots: spreadSlots(slot++),
    });
    const id = friend.order.order_id;
    expect(await orderRow(id)).toMatchObject({ referredBy: referrerId });
    const before = await creditBalance(db(), referrerId);
    const cancelled = await app.api<Reply>(`/api/admin/orders/${id}/status`, {
      body: { to: 'cancelled' },
      headers: staff,
    });
    expect(cancelled.status).toBe(200);
    // A payment that crossed the cancel reaches the step that credits the referrer.
    expect(await creditReferrer(db(), { orderId: id, now, brand: app.services.config.brand })).toBe(
      false,
    );
    const [referral] = await db().select().from(referrals).where(eq(referrals.orderId, id));
    expect(referral).toMatchObject({ creditedAt: null, creditId: null });
    expect(await creditBalance(db(), referrerId)).toBe(before);
  });

  async function logInToken() {
    const reply = await app.api<{ token: string }>('/api/login', {
      body: { email: 'grace@example.com', password: 'Secret@123' },
    });
    return reply.body.token;
  }
});
