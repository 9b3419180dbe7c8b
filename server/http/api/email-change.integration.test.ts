import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { customers, oneTimeCodes, outbox } from '../../db/schema';

const password = 'Secret@123';
const HOUR = 60 * 60 * 1000;

type Reply<T = Record<string, unknown>> = T & {
  status: boolean;
  message: string;
  errors?: Record<string, string[]>;
};

/*
 * Issue 12: a new e-mail address takes effect only after a link sent to it is followed, the
 * old address is told, and the reply never says whether the new address has an account.
 * Mail goes to the outbox (no SMTP), which the tests read.
 */
describe('changing the e-mail address of an account', () => {
  let server: TestServer;
  let clock = new Date('2026-07-01T09:00:00Z').getTime();
  let adaToken: string;

  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock) });
    await register('ada@example.com', 'Ada Lovelace');
    await register('bob@example.com', 'Bob Brown');
    adaToken = await logIn('ada@example.com');
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function register(email: string, name: string) {
    const reply = await server.api('/api/register', {
      body: {
        name,
        email,
        phone: '07700 900123',
        password,
        address: { line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
    });
    expect(reply.status).toBe(200);
  }
  async function logIn(email: string) {
    const reply = await server.api<Reply<{ token: string }>>('/api/login', {
      body: { email, password },
    });
    expect(reply.status).toBe(200);
    return reply.body.token;
  }
  const bearer = () => ({ Authorization: `Bearer ${adaToken}` });
  const update = (email: string, extra: Record<string, string> = {}) =>
    server.api<Reply<{ user: { email: string; name: string }; pending_email: string | null }>>(
      '/api/updateprofile',
      {
        body: {
          name: 'Ada King',
          email,
          phone_number: '07700 900456',
          current_password: password,
          ...extra,
        },
        headers: bearer(),
      },
    );
  const confirm = (token: string) =>
    server.api<Reply<{ email: string }>>('/api/account/email/confirm', { body: { token } });
  async function mailsTo(address: string, template?: string) {
    return server.database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.toAddress, address), template ? eq(outbox.template, template) : undefined),
      )
      .orderBy(desc(outbox.id));
  }
  async function linkSentTo(address: string) {
    const [mail] = await mailsTo(address, 'email-change-confirm');
    const token = /account\/confirm-email\/([\w-]+)/.exec(mail?.textBody ?? '')?.[1];
    if (!token) throw new Error(`no confirmation link sent to ${address}`);
    return token;
  }
  async function adaRow() {
    const [row] = await server.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.name, 'Ada King'), eq(customers.isGuest, false)));
    return row!;
  }

  it('the reply does not reveal whether the new address has an account (F11)', async () => {
    const taken = await update('bob@example.com');
    const free = await update('someone-new@example.com');
    expect(taken.status).toBe(200);
    expect(free.status).toBe(200);
    expect(taken.body.message).toBe(
      'We have sent a link to bob@example.com to confirm the change.',
    );
    // Identical but for the address typed.
    expect(JSON.stringify(taken.body).replaceAll('bob@example.com', 'X')).toBe(
      JSON.stringify(free.body).replaceAll('someone-new@example.com', 'X'),
    );
    // Bob's address gets a notice without any link; Ada's account keeps its e-mail.
    const [notice] = await mailsTo('bob@example.com', 'email-change-address-taken');
    expect(notice?.textBody).toContain('already belongs to your account');
    expect(notice?.textBody).not.toContain('confirm-email');
    expect((await adaRow()).email).toBe('ada@example.com');
    // Both requests told the old address.
    expect((await mailsTo('ada@example.com', 'email-change-requested')).length).toBe(2);
  });

  it('a new e-mail stays pending until the link is followed; name and phone change at once', async () => {
    const reply = await update('ada.new@example.com');
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(
      'We have sent a link to ada.new@example.com to confirm the change.',
    );
    expect(reply.body.user.email).toBe('ada@example.com');
    expect(reply.body.pending_email).toBe('ada.new@example.com');
    const row = await adaRow();
    expect(row).toMatchObject({ email: 'ada@example.com', phone: '07700900456' });

    // The account shows the pending address; the login is still the old one.
    const orders = await server.api<{ customer: { email: string; pending_email: string } }>(
      '/api/orders',
      { headers: bearer() },
    );
    expect(orders.body.customer).toMatchObject({
      email: 'ada@example.com',
      pending_email: 'ada.new@example.com',
    });
    expect(
      (
        await server.api('/api/login', {
          body: { email: 'ada.new@example.com', password },
        })
      ).status,
    ).toBe(401);

    // The old address is told, the link goes to the new one and is stored only as a hash.
    const [told] = await mailsTo('ada@example.com', 'email-change-requested');
    expect(told?.textBody).toContain('ada.new@example.com');
    const token = await linkSentTo('ada.new@example.com');
    const stored = await server.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.purpose, 'email_change'));
    expect(stored.some((c) => c.codeHash.includes(token))).toBe(false);

    // Changing only the name keeps the pending address and says so.
    const nameOnly = await update('ada@example.com', { name: 'Ada King' });
    expect(nameOnly.body.message).toBe('Your profile has been updated.');
    expect(nameOnly.body.pending_email).toBe('ada.new@example.com');
  });

  it('following the link switches the e-mail, tells the old address, and works once', async () => {
    const token = await linkSentTo('ada.new@example.com');
    const before = (await mailsTo('ada@example.com', 'email-changed')).length;
    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your e-mail address is now ada.new@example.com.');
    expect((await adaRow()).email).toBe('ada.new@example.com');
    const told = await mailsTo('ada@example.com', 'email-changed');
    expect(told.length).toBe(before + 1);
    expect(told[0]?.textBody).toContain('ada.new@example.com');
    // The session goes on; the login is now the new address.
    const orders = await server.api<{ customer: { email: string; pending_email: null } }>(
      '/api/orders',
      { headers: bearer() },
    );
    expect(orders.body.customer).toMatchObject({
      email: 'ada.new@example.com',
      pending_email: null,
    });
    await logIn('ada.new@example.com');

    const again = await confirm(token);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(
      'This confirmation link is invalid or has expired. Please change your e-mail address again from your account.',
    );
  });

  it('a link expires after 24 hours, and only the newest link works', async () => {
    await update('first@example.com');
    const first = await linkSentTo('first@example.com');
    await update('second@example.com');
    const second = await linkSentTo('second@example.com');
    expect((await confirm(first)).status).toBe(422);
    clock += 24 * HOUR + 1000;
    expect((await confirm(second)).status).toBe(422);
    expect((await adaRow()).email).toBe('ada.new@example.com');
  });

  it('refuses an address that another account registered meanwhile, and changes nothing', async () => {
    await update('carl@example.com');
    const token = await linkSentTo('carl@example.com');
    await register('carl@example.com', 'Carl Other');
    const refused = await confirm(token);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'This e-mail address now belongs to another account, so your e-mail address has not been changed.',
    );
    expect((await adaRow()).email).toBe('ada.new@example.com');
  });

  it('a password reset drops a pending change', async () => {
    clock += 2 * HOUR;
    await update('dropped@example.com');
    const token = await linkSentTo('dropped@example.com');
    await server.api('/api/account/reset/password', { body: { email: 'ada.new@example.com' } });
    const [resetMail] = await mailsTo('ada.new@example.com', 'password-reset');
    const resetToken = /reset-password\/([\w-]+)/.exec(resetMail!.textBody)![1]!;
    const reset = await server.api('/api/account/reset/password/confirm', {
      body: { token: resetToken, password, password_confirmation: password },
    });
    expect(reset.status).toBe(200);
    expect((await confirm(token)).status).toBe(422);
    adaToken = await logIn('ada.new@example.com');
  });

  it('limits e-mail change requests per account (each one mails two addresses)', async () => {
    clock += 2 * HOUR;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await update(`many${i}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('answers bad input with a clear 4xx, never a 500', async () => {
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(500) }, { token: 42 }]) {
      const reply = await server.api<Reply>('/api/account/email/confirm', { body });
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.message).toMatch(/invalid or has expired/);
    }
    expect(server.errors).toEqual([]);
  });
});
