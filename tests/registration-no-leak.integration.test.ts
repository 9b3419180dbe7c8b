import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { customers, orders, outbox } from '../server/db/schema';
import { demoAddress, orderPayload, spreadSlots } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Issue 31, N6 of the security probe (carried over from F11): registration no longer tells a
 * stranger that an address has an account. POST /api/register with a taken e-mail answers as
 * a new sign-up does (status and body); the account's owner is e-mailed instead, their
 * account is untouched, and the reply's checkout token goes on as a guest order.
 */

const now = new Date('2026-11-23T06:00:00Z');
type Registered = {
  status: boolean;
  message: string;
  customer_id: string;
  address_id: string;
  checkout_token: string;
};

describe('registration does not reveal who has an account', () => {
  let server: TestServer;
  const db = () => server.database.db;
  const register = (email: string, password: string, name = 'Grace Hopper') =>
    server.api<Registered>('/api/register', {
      body: { name, email, phone: '07700 900456', password, address: demoAddress },
    });
  /** The reply without what differs between any two sign-ups (fresh ids and tokens). */
  const shape = (reply: { status: number; body: Registered }) => ({
    status: reply.status,
    keys: Object.keys(reply.body).sort(),
    ok: reply.body.status,
    message: reply.body.message,
  });

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('a taken e-mail gets the reply a new one gets; the owner is e-mailed, the account untouched', async () => {
    const first = await register('grace.n6@example.com', 'Secret@123');
    const fresh = await register('someone.new@example.com', 'Other@1234');
    const taken = await register('Grace.N6@Example.com', 'Intruder@123', 'Mallory');
    expect(shape(taken)).toEqual(shape(fresh));
    expect(shape(taken)).toEqual({
      status: 200,
      keys: ['address_id', 'checkout_token', 'customer_id', 'message', 'status'],
      ok: true,
      message: 'Your account is successfully created, please login to your account.',
    });
    expect(taken.body.customer_id).not.toBe(first.body.customer_id);

    // Still one account, with its own password; the typed one was never stored.
    const accounts = await db()
      .select()
      .from(customers)
      .where(and(eq(customers.email, 'grace.n6@example.com'), eq(customers.isGuest, false)));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.id).toBe(first.body.customer_id);
    const [guest] = await db()
      .select()
      .from(customers)
      .where(eq(customers.id, taken.body.customer_id));
    expect(guest).toMatchObject({ isGuest: true, passwordHash: null });
    const login = (password: string) =>
      server.api('/api/login', { body: { email: 'grace.n6@example.com', password } });
    expect((await login('Secret@123')).status).toBe(200);
    expect((await login('Intruder@123')).status).not.toBe(200);

    // The owner hears of it; a new address gets no such mail.
    const mails = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'signup-address-taken'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: 'grace.n6@example.com',
      subject: 'Someone tried to sign up with your e-mail address',
    });
    expect(mails[0]!.textBody).toContain('Hello Grace Hopper,');
    expect(mails[0]!.textBody).toMatch(/If it was you, log in .*or reset your password/);
  });

  test('the reply’s checkout token goes on as a guest order, not the account’s', async () => {
    await register('linus.n6@example.com', 'Secret@123');
    const taken = await register('linus.n6@example.com', 'Another@123', 'Linus Again');
    const slots = spreadSlots(3);
    const placed = await server.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: orderPayload({ customer_email: 'linus.n6@example.com' }, slots),
      headers: { 'X-Checkout-Token': taken.body.checkout_token },
    });
    expect(placed.status).toBe(200);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, placed.body.order.order_id));
    expect(order!.customerId).toBe(taken.body.customer_id);
  });
});
