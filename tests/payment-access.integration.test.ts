import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, outbox } from '../server/db/schema';
import { createStaffUser } from '../server/auth/staff';
import {
  MONDAY_6AM,
  logIn,
  paymentHeaders,
  placeGuestOrder,
  signUp,
  staffLogIn,
  startGuestCheckout,
} from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * A payment belongs to its order's customer: the order's id alone no longer lets anyone save
 * a card on it or start a payment. Its customer's session, the checkout that made it, or the
 * signed link of our e-mails does. The result pages read the order's real state.
 */

const calls = [
  { path: '/api/payment/card/setup', body: (id: string) => ({ id }) },
  { path: '/api/payment/card/pay', body: (id: string) => ({ id }) },
  { path: '/api/update-payment-method', body: (id: string) => ({ id, payment_id: 'seti_x' }) },
  { path: '/api/payment/paypal/create', body: (id: string) => ({ id }) },
  { path: '/api/paypal-success', body: (id: string) => ({ id, payment_id: 'PAYPAL_X' }) },
];

describe('who may pay for an order', () => {
  let server: TestServer;
  let slot = 0;
  /** A 'pending payment' guest order in its own collection slot. */
  async function pendingPayment(email: string) {
    slot += 1;
    return placeGuestOrder(server, {
      details: {
        name: 'Ada Lovelace',
        email,
        phone: '07700 900123',
        address: { door_number: '12', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
      order: {
        status: 'pending payment',
        customer_email: email,
        pickup_start: `${String(8 + slot).padStart(2, '0')}:00`,
        delivery_start: `${String(8 + slot).padStart(2, '0')}:00`,
      },
    });
  }

  beforeAll(async () => {
    server = await startTestServer({ pages: 'build', now: () => MONDAY_6AM });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses the bare order id, a stranger, another checkout and a forged or foreign link', async () => {
    const victim = await pendingPayment('victim@example.com');
    const other = await pendingPayment('other@example.com');
    const id = victim.order.order_id;
    await signUp(server, { email: 'stranger@example.com' });
    const stranger = await logIn(server, 'stranger@example.com');
    const forged = `${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(43)}`;
    const refusals: Record<string, Record<string, string>> = {
      'no credentials': {},
      "a stranger's session": { Authorization: `Bearer ${stranger}` },
      "another checkout's token": { 'X-Checkout-Token': other.checkout.checkout_token },
      "another order's signed link": paymentHeaders(server, other.order.order_id),
      'a forged signed link': { 'X-Payment-Token': forged },
    };
    for (const call of calls) {
      for (const [who, headers] of Object.entries(refusals)) {
        const reply = await server.api<{ message: string }>(call.path, {
          body: call.body(id),
          headers,
        });
        expect(reply.status, `${call.path} with ${who}`).toBe(401);
        expect(reply.body.message).toBe(
          'This payment link is not valid or has expired. Please use the link in your latest e-mail, or log in to pay.',
        );
      }
    }
    // Nothing was started on the victim's order.
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.paymentState).toBe('none');
  });

  it("lets in the order's checkout, its customer's session and the e-mailed link", async () => {
    const placed = await pendingPayment('owner@example.com');
    const id = placed.order.order_id;
    const viaCheckout = await server.api<{ setup_id: string }>('/api/payment/card/setup', {
      body: { id },
      headers: { 'X-Checkout-Token': placed.checkout.checkout_token },
    });
    expect(viaCheckout.status).toBe(200);
    expect(viaCheckout.body.setup_id).toMatch(/^seti_/);
    // The placeorder reply carries the signed payment page for the browser or app that placed it.
    const paymentUrl = new URL(String(placed.order.payment_url), server.url);
    expect(paymentUrl.pathname).toBe(`/order/payment/${id}`);
    const viaLink = await server.api('/api/payment/paypal/create', {
      body: { id },
      headers: { 'X-Payment-Token': paymentUrl.searchParams.get('t')! },
    });
    expect(viaLink.status).toBe(200);

    await signUp(server, { email: 'member@example.com' });
    const member = await logIn(server, 'member@example.com');
    const own = await server.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: {
        pickup_date: '2026-11-24',
        pickup_start: '15:00',
        delivery_date: '2026-11-26',
        delivery_start: '15:00',
        customer_name: 'Grace Hopper',
        customer_email: 'member@example.com',
        customer_phone: '07700 900456',
        status: 'pending payment',
      },
      headers: { Authorization: `Bearer ${member}` },
    });
    expect(own.status).toBe(200);
    const viaSession = await server.api('/api/payment/card/setup', {
      body: { id: own.body.order.order_id },
      headers: { Authorization: `Bearer ${member}` },
    });
    expect(viaSession.status).toBe(200);
  });

  it('a signed link stops working when it expires', async () => {
    const placed = await pendingPayment('late@example.com');
    const id = placed.order.order_id;
    const expired = server.services.links.sign('payment', id, new Date(MONDAY_6AM.getTime() - 1));
    const reply = await server.api('/api/payment/card/setup', {
      body: { id },
      headers: { 'X-Payment-Token': expired },
    });
    expect(reply.status).toBe(401);
  });

  it('the invoice e-mail links to the payment page with a signed link that works', async () => {
    const placed = await pendingPayment('invoice@example.com');
    const id = placed.order.order_id;
    await createStaffUser(server.database.db, {
      email: 'owner@shop.test',
      name: 'Owner',
      role: 'owner',
      password: 'Owner@Pass123',
    });
    const owner = {
      Authorization: `Bearer ${await staffLogIn(server, 'owner@shop.test', 'Owner@Pass123')}`,
    };
    expect(
      (
        await server.api(`/api/admin/orders/${id}/status`, {
          body: { to: 'collected' },
          headers: owner,
        })
      ).status,
    ).toBe(200);
    const items = await server.api(`/api/admin/orders/${id}/items`, {
      method: 'PUT',
      body: { lines: [{ service_id: 1, quantity: 4 }] },
      headers: owner,
    });
    expect(items.status).toBe(200);
    expect(
      (await server.api(`/api/admin/orders/${id}/invoice`, { body: {}, headers: owner })).status,
    ).toBe(200);
    const [mail] = await server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'order-invoice'));
    const link = /href="([^"]*\/order\/payment\/[^"]+)"/
      .exec(mail!.html)![1]!
      .replace(/&amp;/g, '&');
    const url = new URL(link);
    expect(url.searchParams.get('tag')).toBe('Skip Basket');
    const pay = await server.api('/api/payment/card/pay', {
      body: { id },
      headers: { 'X-Payment-Token': url.searchParams.get('t')! },
    });
    expect(pay.status).toBe(200);
    // The page itself opens from the e-mail without a login, and shows the card form.
    const page = await fetch(`${server.url}${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('CARD DETAILS');
  });

  it('the payment page without the link or a login says how to pay, and shows no form', async () => {
    const placed = await pendingPayment('page@example.com');
    const page = await fetch(`${server.url}/order/payment/${placed.order.order_id}`);
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).toContain('This payment link is not valid or has expired');
    expect(html).not.toContain('CARD DETAILS');
  });
});

describe('result pages read the order', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ pages: 'build', now: () => MONDAY_6AM });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    return {
      status: response.status,
      location: response.headers.get('location'),
      html: await response.text(),
    };
  };

  it('/payment/complete says "confirmed" only for a paid order', async () => {
    const placed = await placeGuestOrder(server);
    const id = placed.order.order_id;
    const unpaid = await page(`/payment/complete/${id}`);
    expect(unpaid.status).toBe(200);
    expect(unpaid.html).toContain('Your payment is not confirmed yet');
    expect(unpaid.html).not.toContain('Your Payment is confirmed!');
    await server.database.db
      .update(orders)
      .set({ totalPence: 2500, paidPence: 2500, paymentState: 'paid' })
      .where(eq(orders.id, id));
    expect((await page(`/payment/complete/${id}`)).html).toContain('Your Payment is confirmed!');
  });

  it('/order/cancel offers "Try again" back to the payment page, with the link kept', async () => {
    const checkout = await startGuestCheckout(server);
    const placed = await server.api<{ order: { order_id: string; payment_url: string } }>(
      '/api/placeorder',
      {
        body: {
          pickup_date: '2026-11-24',
          pickup_start: '11:00',
          delivery_date: '2026-11-26',
          delivery_start: '11:00',
          customer_name: 'Ada Lovelace',
          customer_email: 'ada@example.com',
          customer_phone: '07700 900123',
          status: 'pending payment',
        },
        headers: { 'X-Checkout-Token': checkout.checkout_token },
      },
    );
    const id = placed.body.order.order_id;
    const t = new URL(placed.body.order.payment_url, server.url).searchParams.get('t')!;
    const cancelled = await page(`/order/cancel/${id}?t=${encodeURIComponent(t)}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.html).toContain('Sorry / payment Error');
    expect(cancelled.html).toContain('Try again');
    expect(cancelled.html).toContain(`/order/payment/${id}?t=${encodeURIComponent(t)}`);
    expect(cancelled.html).toContain('(020) 7328 5621');
    // Approved after all (another tab): not an error, the order's confirmation.
    await server.database.db
      .update(orders)
      .set({ paymentState: 'paypal_verified' })
      .where(eq(orders.id, id));
    const approved = await page(`/order/cancel/${id}`);
    expect(approved.status).toBe(302);
    expect(approved.location).toBe(`/order/complete/${id}`);
  });

  it('/payment/cancel of an unknown order is a 404 like its siblings', async () => {
    const unknown = await page('/payment/cancel/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });
});
