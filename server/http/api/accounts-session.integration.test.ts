import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { customerAddresses, customers, sessions } from '../../db/schema';
import { hashToken } from '../../auth/tokens';

const address = { door_number: '12', line1: 'Elgin Avenue', town: 'London', postcode: 'W9 2HD' };
const password = 'Secret@123';

type LoginReply = { status: boolean; reqCode: string; user: { name: string }; token: string };

describe('sessions, register and login', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function register(email: string, name = 'Ada Lovelace') {
    return server.api<{
      status: boolean;
      customer_id: string;
      address_id: string;
      checkout_token: string;
      message: string;
      errors?: Record<string, string[]>;
    }>('/api/register', {
      body: {
        name,
        email,
        phone: '07700 900123',
        password,
        password_confirmation: password,
        address,
      },
    });
  }

  it('registers a customer with their address and a checkout token', async () => {
    const reply = await register('ada@example.com');
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe(true);
    expect(reply.body.checkout_token).toMatch(/^[\w-]{40,}$/);
    const db = server.database.db;
    const [customer] = await db
      .select()
      .from(customers)
      .where(eq(customers.id, reply.body.customer_id));
    expect(customer).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '07700900123',
      isGuest: false,
    });
    // scrypt, never the password itself
    // scrypt at the test runs' cost (server/auth/passwords.test.ts holds the running site's).
    expect(customer!.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(customer!.passwordHash).not.toContain(password);
    const [row] = await db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.id, reply.body.address_id));
    expect(row).toMatchObject({
      customerId: reply.body.customer_id,
      fullAddress: '12 Elgin Avenue\nLondon\nW9 2HD',
    });
  });

  it('answers a taken e-mail (any case) as a new sign-up: nothing says it has an account (issue 31)', async () => {
    const reply = await register('ADA@example.com');
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body).toMatchObject({
      status: true,
      message: 'Your account is successfully created, please login to your account.',
    });
  });

  it('answers 422 with spec messages for bad fields and a missing address', async () => {
    const reply = await server.api<{ message: string; errors: Record<string, string[]> }>(
      '/api/register',
      {
        body: {
          name: 'A',
          email: 'x@example.com',
          phone: '12345',
          password: 'short',
          password_confirmation: 'other',
        },
      },
    );
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('Please check mandatory fields.');
    expect(reply.body.errors.phone).toEqual(['Please provide valid UK mobile number']);
    expect(reply.body.errors.password?.[0]).toMatch(/^Minimum 8 characters/);
    const noAddress = await server.api<{ errors: Record<string, string[]> }>('/api/register', {
      body: { name: 'A', email: 'y@example.com', phone: '07700900123', password },
    });
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.errors.address).toBeDefined();
  });

  it('answers VALIDATE_EMAIL for every well-formed e-mail, 422 for an empty one', async () => {
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      const reply = await server.api<{ reqCode: string }>('/api/account/validations/email', {
        body: { email },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.reqCode).toBe('VALIDATE_EMAIL');
    }
    const empty = await server.api<{ errors: Record<string, string[]> }>(
      '/api/account/validations/email',
      {
        body: { email: '' },
      },
    );
    expect(empty.status).toBe(422);
    expect(empty.body.errors.email).toEqual(['Please enter valid email id']);
  });

  it('logs in with ACC_LOGIN, a token and an HttpOnly SameSite cookie; the token is stored hashed', async () => {
    const reply = await server.api<LoginReply>('/api/login', {
      body: { email: 'Ada@Example.com', password },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: true,
      reqCode: 'ACC_LOGIN',
      user: { name: 'Ada Lovelace' },
    });
    const cookie = reply.headers.get('set-cookie')!;
    expect(cookie).toContain(`cl_session=${reply.body.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // not in test mode; production adds it
    const rows = await server.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === hashToken(reply.body.token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === reply.body.token)).toBe(false);
  });

  it('gives the same failure for a wrong password and an unknown e-mail, and messages for empty fields', async () => {
    const wrong = await server.api<{ message: string }>('/api/login', {
      body: { email: 'ada@example.com', password: 'Wrong@1234' },
    });
    const unknown = await server.api<{ message: string }>('/api/login', {
      body: { email: 'who@example.com', password: 'Wrong@1234' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    const empty = await server.api<{ errors: Record<string, string[]> }>('/api/login', {
      body: { email: '', password: '' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.email).toEqual(['Please enter valid email id']);
    expect(empty.body.errors.password).toEqual(['Please enter password']);
  });

  it('logout revokes the Bearer session and clears the cookie', async () => {
    const login = await server.api<LoginReply>('/api/login', {
      body: { email: 'ada@example.com', password },
    });
    const auth = { Authorization: `Bearer ${login.body.token}` };
    const out = await server.api('/api/logout', { method: 'POST', headers: auth });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/cl_session=;/);
    const [row] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(login.body.token)));
    expect(row!.revokedAt).not.toBeNull();
  });

  it('in production the cookie is Secure too', async () => {
    const production = await startTestServer({
      database: { ...server.database, close: async () => {} },
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.co.uk' },
    });
    try {
      const reply = await production.api('/api/login', {
        body: { email: 'ada@example.com', password },
      });
      expect(reply.status).toBe(200);
      const cookies = reply.headers.getSetCookie();
      expect(cookies[0]).toMatch(/^cl_session=.*; HttpOnly; Path=\/; SameSite=Lax; .*; Secure$/);
      // The first name beside it, for shared pages' headers, is Secure too (decision 042).
      expect(cookies[1]).toMatch(/^cl_who=Ada; Path=\/; SameSite=Lax; .*; Secure$/);
    } finally {
      await production.stop();
    }
  });
});
