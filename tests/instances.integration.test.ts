import { paymentHeaders } from '@tests/helpers/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { orders, uploads } from '../server/db/schema';
import type { TestDatabase } from '@tests/helpers/test-database';
import { startTwoInstances, type TestServer, type TwoInstances } from '@tests/helpers/test-server';

/*
 * Two instances on one database, as behind the load balancer of compose.yaml: nothing a
 * request leaves behind may live in one instance only. Uploaded images and the TEST MODE
 * payment provider's objects are kept in PostgreSQL.
 */

const now = new Date('2026-11-23T06:00:00Z');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('two instances on one database', () => {
  let instances: TwoInstances;
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    instances = await startTwoInstances(() => now);
    ({ database, first, second } = instances);
  }, 120_000);
  afterAll(() => instances?.stop());

  it('an image uploaded through one instance is served by the other, cached for a year', async () => {
    await createStaffUser(database.db, {
      email: 'sam@shop.test',
      name: 'Sam Staff',
      role: 'staff',
      password: 'a-long-staff-password',
    });
    const login = await first.api<{ token: string }>('/api/admin/login', {
      body: { email: 'sam@shop.test', password: 'a-long-staff-password' },
    });
    const upload = await fetch(`${first.url}/api/admin/uploads`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', Authorization: `Bearer ${login.body.token}` },
      body: PNG,
    });
    expect(upload.status).toBe(201);
    const { path } = (await upload.json()) as { path: string };
    const [row] = await database.db.select().from(uploads);
    expect(row).toMatchObject({ mime: 'image/png', sizeBytes: PNG.length });

    const served = await fetch(second.url + path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${second.url}/uploads/${'0'.repeat(8)}-abcdefabcdef.png`)).status).toBe(
      404,
    );
  });

  it('TEST MODE payments: a card confirmed on one instance is saved by the other', async () => {
    const guest = await first.api<{ checkout_token: string }>('/api/guest', {
      body: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '07700 900123',
        address: { door_number: '12', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
    });
    const placed = await first.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: {
        pickup_date: '2026-11-24',
        pickup_start: '10:00',
        delivery_date: '2026-11-27',
        delivery_start: '10:00',
        customer_name: 'Ada Lovelace',
        customer_email: 'ada@example.com',
        customer_phone: '07700 900123',
        status: 'pending payment',
      },
      headers: { 'X-Checkout-Token': guest.body.checkout_token },
    });
    const id = placed.body.order.order_id;
    const setup = await first.api<{ setup_id: string; client_secret: string }>(
      '/api/payment/card/setup',
      { body: { id }, headers: paymentHeaders(first, id) },
    );
    const confirmed = await second.api<{ intent_status: string }>('/api/payment/test/confirm', {
      body: {
        intent_id: setup.body.setup_id,
        client_secret: setup.body.client_secret,
        payment_method: 'pm_card_visa',
      },
    });
    expect(confirmed.body.intent_status).toBe('succeeded');
    const saved = await first.api<{ status: boolean }>('/api/update-payment-method', {
      body: { payment_id: setup.body.setup_id, id },
      headers: paymentHeaders(first, id),
    });
    expect(saved.body.status).toBe(true);

    // PayPal approved through one instance, captured through the other, once.
    await database.db
      .update(orders)
      .set({ status: 'ready', invoicedAt: now, totalPence: 2500, amountDuePence: 2500 })
      .where(eq(orders.id, id));
    const paypal = await second.api<{ paypal_order_id: string }>('/api/payment/paypal/create', {
      body: { id },
      headers: paymentHeaders(first, id),
    });
    await first.api('/api/payment/test/paypal-approve', {
      body: { paypal_order_id: paypal.body.paypal_order_id, approve: true },
    });
    const paid = await second.api<{ status: boolean; paid: boolean }>('/api/paypal-success', {
      body: { id, payment_id: paypal.body.paypal_order_id },
      headers: paymentHeaders(first, id),
    });
    expect(paid.body).toMatchObject({ status: true, paid: true });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ amountDuePence: 0, paidPence: 2500, paymentState: 'paid' });
  });
});
