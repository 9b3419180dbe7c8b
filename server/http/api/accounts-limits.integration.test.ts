import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { lowerPasswordHashCostForTests, PASSWORD_HASH_COST } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import { customers, oneTimeCodes } from '../../db/schema';

const password = 'Secret@123';
const DAY = 24 * 60 * 60 * 1000;

/** Rate limits shared by two instances, per-IP limits, session expiry, uniform replies. */
describe('account limits and session expiry', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;
  let clock = new Date('2026-05-04T10:00:00Z').getTime();
  const now = () => new Date(clock);

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two instances over one database, as behind the load balancer.
    // Each instance's stop() closes its database; the shared one is closed once, at the end.
    const shared = { ...database, close: async () => {} };
    first = await startTestServer({ database: shared, now });
    second = await startTestServer({ database: shared, now });
    const reg = await first.api('/api/register', {
      body: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '07700 900123',
        password,
        address: { line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
    });
    expect(reg.status).toBe(200);
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database?.close();
  });

  it('counts e-mail checks per IP across both instances and answers 429 with a clear message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const server = i % 2 === 0 ? first : second;
      const reply = await server.api('/api/account/validations/email', {
        body: { email: `person${i}@example.com` },
      });
      statuses.push(reply.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    const blocked = await first.api<{ message: string }>('/api/account/validations/email', {
      body: { email: 'x@example.com' },
    });
    expect(blocked.body.message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    // A new window lets the visitor in again.
    clock += 16 * 60 * 1000;
    const later = await second.api('/api/account/validations/email', {
      body: { email: 'x@example.com' },
    });
    expect(later.status).toBe(200);
  });

  it('limits deletion-code requests per IP, for any e-mail', async () => {
    clock += 2 * 60 * 60 * 1000;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const reply = await first.api('/api/account/confirm/delete', {
        body: { email: `p${i}@example.com` },
      });
      statuses.push(reply.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits wrong current-password checks per account', async () => {
    clock += 2 * 60 * 60 * 1000;
    const login = await first.api<{ token: string }>('/api/login', {
      body: { email: 'ada@example.com', password },
    });
    const auth = { Authorization: `Bearer ${login.body.token}` };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const reply = await second.api('/api/changepassword', {
        body: {
          current_password: 'Wrong@1234',
          new_password: 'Better@123',
          new_password_confirmation: 'Better@123',
        },
        headers: auth,
      });
      statuses.push(reply.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    const none = await first.api('/api/changepassword', {
      body: {
        current_password: password,
        new_password: 'Better@123',
        new_password_confirmation: 'Better@123',
      },
    });
    expect(none.status).toBe(401);
  });

  it('a session expires after 30 days', async () => {
    clock += 2 * 60 * 60 * 1000;
    const login = await first.api<{ token: string }>('/api/login', {
      body: { email: 'ada@example.com', password },
    });
    const auth = { Authorization: `Bearer ${login.body.token}` };
    clock += 29 * DAY;
    expect((await second.api('/api/orders', { headers: auth })).status).toBe(200);
    clock += 2 * DAY;
    expect((await second.api('/api/orders', { headers: auth })).status).toBe(401);
  });

  it('reset and deletion-code replies take the same time whether or not the account exists', async () => {
    clock += 2 * 60 * 60 * 1000;
    const time = async (path: string, email: string) => {
      const started = performance.now();
      const reply = await first.api(path, { body: { email } });
      expect(reply.status).toBe(200);
      return performance.now() - started;
    };
    for (const path of ['/api/account/reset/password', '/api/account/confirm/delete']) {
      const known = await time(path, 'ada@example.com');
      const unknown = await time(path, 'nobody-here@example.com');
      // Both wait for the same floor; the account's extra work hides inside it.
      expect(known).toBeGreaterThanOrEqual(395);
      expect(unknown).toBeGreaterThanOrEqual(395);
      expect(Math.abs(known - unknown)).toBeLessThan(200);
    }
  });

  it('a failed login costs a password hash whether or not the account exists', async () => {
    clock += 2 * 60 * 60 * 1000;
    // At the test runs' lowered cost a hash is a millisecond, lost in the noise of a busy
    // machine (CI failed on it): this test hashes at the running site's cost, for an account
    // made here, so a missing dummy hash is tens of milliseconds of CPU short.
    lowerPasswordHashCostForTests(PASSWORD_HASH_COST);
    try {
      const reg = await first.api('/api/register', {
        body: {
          name: 'Grace Hopper',
          email: 'grace@example.com',
          phone: '07700 900124',
          password,
          address: { line1: 'Elgin Avenue', postcode: 'W9 2HD' },
        },
      });
      expect(reg.status).toBe(200);
      // CPU time of this process (the server runs in it), not the wall clock: a busy machine
      // slows both answers alike but does not add CPU work to either. Median of three.
      const time = async (email: string) => {
        const used: number[] = [];
        for (let i = 0; i < 3; i++) {
          const started = process.cpuUsage();
          const reply = await first.api('/api/login', { body: { email, password: 'Wrong@1234' } });
          expect(reply.status).toBe(401);
          const spent = process.cpuUsage(started);
          used.push(spent.user + spent.system);
        }
        return used.sort((a, b) => a - b)[1]!;
      };
      await time('warm-up@example.com');
      const known = await time('grace@example.com');
      const unknown = await time('nobody-here@example.com');
      // Without the dummy hash the unknown e-mail would answer in a few milliseconds.
      expect(unknown).toBeGreaterThan(known * 0.5);
    } finally {
      lowerPasswordHashCostForTests(2 ** 10);
    }
  });

  it('a reset link used twice at the same moment works once (conditional claim)', async () => {
    clock += 2 * 60 * 60 * 1000;
    const [ada] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'ada@example.com'));
    await database.db.insert(oneTimeCodes).values({
      purpose: 'password_reset',
      customerId: ada!.id,
      codeHash: hashToken('race-token'),
      expiresAt: new Date(clock + 60 * 60 * 1000),
    });
    const attempt = (server: TestServer, pass: string) =>
      server.api('/api/account/reset/password/confirm', {
        body: { token: 'race-token', password: pass, password_confirmation: pass },
      });
    const replies = await Promise.all([
      attempt(first, 'Racer@1111'),
      attempt(second, 'Racer@2222'),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 422]);
  });
});
