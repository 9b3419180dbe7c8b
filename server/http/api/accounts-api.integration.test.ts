import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { startSmtpServer } from '@tests/helpers/smtp-server';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { createSmtpTransport } from '../../adapters/mail/mail-service';
import {
  customerAddresses,
  customers,
  oneTimeCodes,
  orderEvents,
  orderItems,
  orders,
  sessions,
  slotUsage,
} from '../../db/schema';

const password = 'Secret@123';
const address = { door_number: '12', line1: 'Elgin Avenue', town: 'London', postcode: 'W9 2HD' };
const HOUR = 60 * 60 * 1000;

type Reply<T = Record<string, unknown>> = T & {
  status: boolean;
  message: string;
  errors?: Record<string, string[]>;
};

describe('account API', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  // A clock the tests move forward (expiry of links and codes).
  let clock = new Date('2026-03-10T09:00:00Z').getTime();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      mailTransport: createSmtpTransport(smtp.url),
      now: () => new Date(clock),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const db = () => server.database.db;

  async function signUp(email: string, name: string) {
    const reply = await server.api<Reply<{ customer_id: string; address_id: string }>>(
      '/api/register',
      { body: { name, email, phone: '07700 900123', password, address } },
    );
    expect(reply.status).toBe(200);
    return reply.body.customer_id;
  }

  async function logIn(email: string, pass = password) {
    const reply = await server.api<Reply<{ token: string }>>('/api/login', {
      body: { email, password: pass },
    });
    expect(reply.status).toBe(200);
    return reply.body.token;
  }

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function insertOrder(customerId: string, pickupInMs: number, status = 'pending' as const) {
    const order = await insertOrderRow(db(), new Date(clock + pickupInMs), {
      customerId,
      status,
      subtotalPence: 3250,
      discountPence: 500,
      totalPence: 2750,
      amountDuePence: 2750,
    });
    await db()
      .insert(orderItems)
      .values([
        { orderId: order.id, itemName: 'Two-piece suit', quantity: 1, unitPricePence: 1850 },
        { orderId: order.id, itemName: 'Shirt on hanger', quantity: 4, unitPricePence: 350 },
      ]);
    return order;
  }

  let ada: string;
  let bob: string;
  let adaToken: string;
  let bobToken: string;

  // Two customers, signed up and signed in, for every test of the file (after the server's
  // beforeAll above: hooks run in the order they are registered).
  beforeAll(async () => {
    ada = await signUp('ada@example.com', 'Ada Lovelace');
    bob = await signUp('bob@example.com', 'Bob Brown');
    adaToken = await logIn('ada@example.com');
    bobToken = await logIn('bob@example.com');
  });

  it('GET /api/orders: only the caller’s own customer, orders and addresses; 401 without a session', async () => {
    const order = await insertOrder(ada, 48 * HOUR);
    const reply = await server.api<
      Reply<{
        customer: Record<string, unknown> & {
          orders: Record<string, unknown>[];
          addresses: { full_address: string }[];
        };
      }>
    >('/api/orders', { headers: bearer(adaToken) });
    expect(reply.status).toBe(200);
    expect(reply.body.customer).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone_number: '07700900123',
    });
    expect(reply.body.customer.addresses).toEqual([
      expect.objectContaining({ full_address: '12 Elgin Avenue\nLondon\nW9 2HD' }),
    ]);
    expect(reply.body.customer.orders).toEqual([
      expect.objectContaining({
        id: order.id,
        order_no: `LD-${order.orderNo}`,
        status: 'pending',
        subtotal: '32.50',
        discount: '5.00',
        total: '27.50',
        amount_due: '27.50',
        payment_method: 'Online Payment',
        can_cancel: true,
        items: [
          { item_name: 'Two-piece suit', quantity: 1, price: '18.50', line_total: '18.50' },
          { item_name: 'Shirt on hanger', quantity: 4, price: '3.50', line_total: '14.00' },
        ],
      }),
    ]);
    const bobs = await server.api<Reply<{ customer: { orders: unknown[] } }>>('/api/orders', {
      headers: bearer(bobToken),
    });
    expect(bobs.body.customer.orders).toEqual([]);
    const none = await server.api<Reply>('/api/orders');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('Please log in to continue.');
    const forged = await server.api<Reply>('/api/orders', { headers: bearer('not-a-token') });
    expect(forged.status).toBe(401);
  });

  it('accepts the session cookie, and refuses cookie POSTs from another origin (CSRF)', async () => {
    const cookie = `cl_session=${adaToken}`;
    const read = await server.api('/api/orders', { headers: { Cookie: cookie } });
    expect(read.status).toBe(200);
    const body = {
      name: 'Ada L',
      email: 'ada@example.com',
      phone_number: '07700900123',
      current_password: password,
    };
    const foreign = await server.api<Reply>('/api/updateprofile', {
      body,
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const noOrigin = await server.api<Reply>('/api/updateprofile', {
      body,
      headers: { Cookie: cookie },
    });
    expect(noOrigin.status).toBe(403);
    const [before] = await db().select().from(customers).where(eq(customers.id, ada));
    expect(before!.name).toBe('Ada Lovelace');
    const own = await server.api<Reply>('/api/updateprofile', {
      body,
      headers: { Cookie: cookie, Origin: server.url },
    });
    expect(own.status).toBe(200);
    await server.api('/api/updateprofile', {
      body: { ...body, name: 'Ada Lovelace' },
      headers: bearer(adaToken),
    });
  });

  it('POST /api/updateprofile: checks the current password and the phone; a taken e-mail is not revealed nor stored; touches only the caller', async () => {
    const base = {
      name: 'Ada King',
      email: 'ada@example.com',
      phone_number: '07700 900456',
      current_password: password,
    };
    const none = await server.api<Reply>('/api/updateprofile', { body: base });
    expect(none.status).toBe(401);
    const wrong = await server.api<Reply>('/api/updateprofile', {
      body: { ...base, current_password: 'Nope@1234' },
      headers: bearer(adaToken),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.current_password).toEqual(['The current password is incorrect.']);
    const phone = await server.api<Reply>('/api/updateprofile', {
      body: { ...base, phone_number: '020 7946 0000' },
      headers: bearer(adaToken),
    });
    expect(phone.status).toBe(422);
    expect(phone.body.errors?.phone_number).toEqual(['Please provide valid UK mobile number']);
    const taken = await server.api<Reply>('/api/updateprofile', {
      body: { ...base, email: 'bob@example.com' },
      headers: bearer(adaToken),
    });
    // F11: the reply does not say the address belongs to Bob, and nothing changes until a
    // link is followed (email-change.integration.test.ts).
    expect(taken.status).toBe(200);
    expect(taken.body.message).toBe(
      'We have sent a link to bob@example.com to confirm the change.',
    );
    expect(JSON.stringify(taken.body)).not.toMatch(/taken/);
    const ok = await server.api<Reply>('/api/updateprofile', {
      body: base,
      headers: bearer(adaToken),
    });
    expect(ok.status).toBe(200);
    const [row] = await db().select().from(customers).where(eq(customers.id, ada));
    expect(row).toMatchObject({ name: 'Ada King', phone: '07700900456', email: 'ada@example.com' });
    const [other] = await db().select().from(customers).where(eq(customers.id, bob));
    expect(other!.name).toBe('Bob Brown');
  });

  it('POST /api/orders/{id}/cancel: own order more than 2 hours ahead; frees the slots, records the event, e-mails', async () => {
    const order = await insertOrder(ada, 24 * HOUR);
    await db()
      .insert(slotUsage)
      .values([
        { kind: 'pickup', startsAt: order.pickupStartsAt, taken: 1 },
        { kind: 'delivery', startsAt: order.deliveryStartsAt, taken: 1 },
      ]);
    const other = await server.api<Reply>(`/api/orders/${order.id}/cancel`, {
      method: 'POST',
      headers: bearer(bobToken),
    });
    expect(other.status).toBe(404);
    const anonymous = await server.api<Reply>(`/api/orders/${order.id}/cancel`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const reply = await server.api<Reply>(`/api/orders/${order.id}/cancel`, {
      method: 'POST',
      headers: bearer(adaToken),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toContain(`LD-${order.orderNo} is cancelled`);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('cancelled');
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events).toEqual([
      expect.objectContaining({ fromStatus: 'pending', toStatus: 'cancelled', actor: 'customer' }),
    ]);
    const usage = await db().select().from(slotUsage);
    expect(usage.map((u) => u.taken)).toEqual([0, 0]);
    const mail = await smtp.waitFor((m) => m.subject.includes(`LD-${order.orderNo} is cancelled`));
    expect(mail.to).toEqual(['ada@example.com']);
    const again = await server.api<Reply>(`/api/orders/${order.id}/cancel`, {
      method: 'POST',
      headers: bearer(adaToken),
    });
    expect(again.status).toBe(409);
  });

  it('refuses to cancel within 2 hours of collection and gives the phone number', async () => {
    const order = await insertOrder(ada, 2 * HOUR);
    const reply = await server.api<Reply>(`/api/orders/${order.id}/cancel`, {
      method: 'POST',
      headers: bearer(adaToken),
    });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toContain('up to 2 hours before collection');
    expect(reply.body.message).toContain('(020) 7328 5621');
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('pending');
  });

  it('POST /api/changepassword: checks the current password and the rules, then ends every session', async () => {
    const second = await logIn('ada@example.com');
    const mismatch = await server.api<Reply>('/api/changepassword', {
      body: {
        current_password: password,
        new_password: 'Better@123',
        new_password_confirmation: 'Other@123',
      },
      headers: bearer(adaToken),
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors?.new_password_confirmation).toEqual([
      'Password mismatch, please confirm password before submit',
    ]);
    const wrong = await server.api<Reply>('/api/changepassword', {
      body: {
        current_password: 'Wrong@123',
        new_password: 'Better@123',
        new_password_confirmation: 'Better@123',
      },
      headers: bearer(adaToken),
    });
    expect(wrong.status).toBe(422);
    const ok = await server.api<Reply>('/api/changepassword', {
      body: {
        current_password: password,
        new_password: 'Better@123',
        new_password_confirmation: 'Better@123',
      },
      headers: bearer(adaToken),
    });
    expect(ok.status).toBe(200);
    for (const token of [adaToken, second]) {
      expect((await server.api('/api/orders', { headers: bearer(token) })).status).toBe(401);
    }
    expect((await server.api('/api/orders', { headers: bearer(bobToken) })).status).toBe(200);
    const old = await server.api('/api/login', { body: { email: 'ada@example.com', password } });
    expect(old.status).toBe(401);
    adaToken = await logIn('ada@example.com', 'Better@123');
  });

  it('password reset: same reply for any e-mail; single-use link that expires in an hour; sessions end', async () => {
    const unknown = await server.api<Reply>('/api/account/reset/password', {
      body: { email: 'nobody@example.com' },
    });
    const known = await server.api<Reply>('/api/account/reset/password', {
      body: { email: 'ada@example.com' },
    });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(
      'Your reset password is sent to your registered email, please check your inbox',
    );
    const mail = await smtp.waitFor((m) => m.subject === 'Reset your password');
    expect(mail.text).not.toContain('Better@123');
    const token = /reset-password\/([\w-]+)/.exec(mail.text)![1]!;
    const bad = await server.api<Reply>('/api/account/reset/password/confirm', {
      body: { token, password: 'weak', password_confirmation: 'weak' },
    });
    expect(bad.status).toBe(422);
    const ok = await server.api<Reply>('/api/account/reset/password/confirm', {
      body: { token, password: 'Newest@123', password_confirmation: 'Newest@123' },
    });
    expect(ok.status).toBe(200);
    expect((await server.api('/api/orders', { headers: bearer(adaToken) })).status).toBe(401);
    const reuse = await server.api<Reply>('/api/account/reset/password/confirm', {
      body: { token, password: 'Other@1234', password_confirmation: 'Other@1234' },
    });
    expect(reuse.status).toBe(422);
    expect(reuse.body.message).toBe(
      'This reset link is invalid or has expired. Please request a new one.',
    );
    adaToken = await logIn('ada@example.com', 'Newest@123');

    // A second link, used after an hour: refused.
    smtp.messages.length = 0;
    await server.api('/api/account/reset/password', { body: { email: 'bob@example.com' } });
    const bobMail = await smtp.waitFor((m) => m.subject === 'Reset your password');
    const bobLink = /reset-password\/([\w-]+)/.exec(bobMail.text)![1]!;
    clock += HOUR + 1000;
    const late = await server.api<Reply>('/api/account/reset/password/confirm', {
      body: { token: bobLink, password: 'Later@1234', password_confirmation: 'Later@1234' },
    });
    expect(late.status).toBe(422);
  });

  it('rate limits reset requests per e-mail and address with a clear 429', async () => {
    clock += 2 * HOUR;
    const replies = [];
    for (let i = 0; i < 4; i++) {
      replies.push(
        await server.api<Reply>('/api/account/reset/password', {
          body: { email: 'limit@example.com' },
        }),
      );
    }
    expect(replies.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replies[3]!.status).toBe(429);
    expect(replies[3]!.body.message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(replies[3]!.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('rate limits failed logins per e-mail and address, whether or not the account exists', async () => {
    clock += 2 * HOUR;
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const reply = await server.api('/api/login', {
        body: { email: 'ghost@example.com', password: 'Wrong@1234' },
      });
      statuses.push(reply.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('account deletion: e-mail step answers the same for anyone; code of 6 digits, 5 tries, 10 minutes', async () => {
    clock += 2 * HOUR;
    const empty = await server.api<Reply>('/api/account/confirm/delete', { body: { email: '' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.email).toEqual(['Please enter valid email id']);
    const unknown = await server.api<Reply>('/api/account/confirm/delete', {
      body: { email: 'nobody@example.com' },
    });
    const known = await server.api<Reply>('/api/account/confirm/delete', {
      body: { email: 'bob@example.com' },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const mail = await smtp.waitFor(
      (m) => m.to.includes('bob@example.com') && m.subject.includes('delete'),
    );
    const code = /one-time code is (\d{6})/.exec(mail.text)![1]!;
    const [stored] = await db()
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.customerId, bob), eq(oneTimeCodes.purpose, 'delete_account')));
    expect(stored!.codeHash).not.toContain(code);

    const noOtp = await server.api<Reply>('/api/account/delete', {
      body: { email: 'bob@example.com', otp: '' },
    });
    expect(noOtp.status).toBe(422);
    expect(noOtp.body.errors?.otp).toEqual(['Please enter valid otp']);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const r = await server.api<Reply>('/api/account/delete', {
        body: { email: 'bob@example.com', otp: wrongCode },
      });
      expect(r.status).toBe(422);
    }
    const fifth = await server.api<Reply>('/api/account/delete', {
      body: { email: 'bob@example.com', otp: wrongCode },
    });
    expect(fifth.status).toBe(422);
    // A wrong code for an e-mail without an account looks the same (no account is revealed).
    const stranger = await server.api<Reply>('/api/account/delete', {
      body: { email: 'nobody@example.com', otp: wrongCode },
    });
    expect(stranger.body).toEqual(fifth.body);
    expect(fifth.body.message).toBe(
      'The code is incorrect or has expired. Please check it or request a new code.',
    );
    // The right code no longer works once the 5 tries are used up.
    const spent = await server.api<Reply>('/api/account/delete', {
      body: { email: 'bob@example.com', otp: code },
    });
    expect(spent.status).toBe(422);

    // A new code expires after 10 minutes.
    smtp.messages.length = 0;
    await server.api('/api/account/confirm/delete', { body: { email: 'bob@example.com' } });
    const second = await smtp.waitFor((m) => m.to.includes('bob@example.com'));
    const code2 = /one-time code is (\d{6})/.exec(second.text)![1]!;
    clock += 10 * 60 * 1000 + 1;
    const expired = await server.api<Reply>('/api/account/delete', {
      body: { email: 'bob@example.com', otp: code2 },
    });
    expect(expired.status).toBe(422);
    const [still] = await db().select().from(customers).where(eq(customers.id, bob));
    expect(still!.deletedAt).toBeNull();
  });

  it('deletion erases the person, keeps orders anonymised, and lets the e-mail sign up again', async () => {
    const order = await insertOrder(bob, 72 * HOUR);
    smtp.messages.length = 0;
    await server.api('/api/account/confirm/delete', { body: { email: 'bob@example.com' } });
    const mail = await smtp.waitFor((m) => m.to.includes('bob@example.com'));
    const code = /one-time code is (\d{6})/.exec(mail.text)![1]!;
    const done = await server.api<Reply<{ delete: boolean }>>('/api/account/delete', {
      body: { email: 'bob@example.com', otp: code },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: true, delete: true });
    const [row] = await db().select().from(customers).where(eq(customers.id, bob));
    expect(row).toMatchObject({ name: 'Deleted customer', phone: '', passwordHash: null });
    expect(row!.email).not.toContain('bob');
    expect(row!.deletedAt).not.toBeNull();
    expect(
      await db().select().from(customerAddresses).where(eq(customerAddresses.customerId, bob)),
    ).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.customerId, bob))).toEqual([]);
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      customerEmail: '',
      customerPhone: '',
      fullAddress: '',
      postcode: 'W9',
      totalPence: 2750,
    });
    expect(kept!.customerName).toBe('Deleted customer');
    expect((await server.api('/api/orders', { headers: bearer(bobToken) })).status).toBe(401);
    const again = await server.api<Reply>('/api/register', {
      body: {
        name: 'Bob Again',
        email: 'bob@example.com',
        phone: '07700 900123',
        password,
        address,
      },
    });
    expect(again.status).toBe(200);
  });

  it('POST /api/delete-account: a logged-in customer gets the code by e-mail and deletes with it', async () => {
    const none = await server.api<Reply>('/api/delete-account', { method: 'POST' });
    expect(none.status).toBe(401);
    const carl = await signUp('carl@example.com', 'Carl Cox');
    const token = await logIn('carl@example.com');
    smtp.messages.length = 0;
    const sent = await server.api<Reply>('/api/delete-account', {
      body: {},
      headers: bearer(token),
    });
    expect(sent.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('carl@example.com'));
    const code = /one-time code is (\d{6})/.exec(mail.text)![1]!;
    // Ada's token cannot use Carl's code: it acts on Ada's own account only.
    const cross = await server.api<Reply>('/api/delete-account', {
      body: { otp: code },
      headers: bearer(adaToken),
    });
    expect(cross.status).toBe(422);
    const done = await server.api<Reply<{ delete: boolean }>>('/api/delete-account', {
      body: { otp: code },
      headers: bearer(token),
    });
    expect(done.body.delete).toBe(true);
    const [row] = await db().select().from(customers).where(eq(customers.id, carl));
    expect(row!.deletedAt).not.toBeNull();
    expect((await server.api('/api/orders', { headers: bearer(adaToken) })).status).toBe(200);
  });
});
