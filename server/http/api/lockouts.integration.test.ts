import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { createStaffUser } from '../../auth/staff';
import { auditLog, outbox, staffUsers } from '../../db/schema';
import { unlockStaff } from '../../use-cases/admin/staff';

const password = 'Secret@123';
const staffPassword = 'a-long-staff-password';
const HOUR = 60 * 60 * 1000;
const TOO_MANY = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;

type Reply<T = Record<string, unknown>> = T & { status: boolean; message: string };

/*
 * Issue 12: nobody can lock out a customer or the owner (docs/decisions/013). The server
 * trusts one proxy hop, so X-Forwarded-For stands for the caller's address.
 */
describe('rate limits without lock-outs', () => {
  let server: TestServer;
  let clock = new Date('2026-06-01T09:00:00Z').getTime();
  let samId: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY_HOPS: '1' }, now: () => new Date(clock) });
    const db = server.database.db;
    await createStaffUser(db, {
      email: 'owner@shop.test',
      name: 'Olive Owner',
      role: 'owner',
      password: staffPassword,
    });
    samId = (
      await createStaffUser(db, {
        email: 'sam@shop.test',
        name: 'Sam Staff',
        role: 'staff',
        password: staffPassword,
      })
    ).id;
    for (const [name, email] of [
      ['Ada Lovelace', 'ada@example.com'],
      ['Vic Tim', 'victim@example.com'],
    ]) {
      const reply = await server.api('/api/register', {
        body: {
          name,
          email,
          phone: '07700 900123',
          password,
          address: { line1: 'Elgin Avenue', postcode: 'W9 2HD' },
        },
        headers: from('10.9.9.9'),
      });
      expect(reply.status).toBe(200);
    }
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** A request from another address (the test server trusts one proxy hop). */
  function from(ip: string) {
    return { 'X-Forwarded-For': ip };
  }
  const login = (email: string, pass: string, ip: string) =>
    server.api<Reply<{ token: string }>>('/api/login', {
      body: { email, password: pass },
      headers: from(ip),
    });
  const staffLogin = (email: string, pass: string, ip: string) =>
    server.api<Reply<{ token: string }>>('/api/admin/login', {
      body: { email, password: pass },
      headers: from(ip),
    });
  /** A new fixed window: earlier counters no longer apply. */
  const nextWindow = () => {
    clock += 2 * HOUR;
  };

  describe('customer login', () => {
    it('10 wrong passwords from address A do not stop the right password from address B; A stays refused', async () => {
      nextWindow();
      for (let i = 0; i < 10; i++) {
        expect((await login('ada@example.com', `Wrong@${i}xyz`, '10.1.0.1')).status).toBe(401);
      }
      const fromA = await login('ada@example.com', password, '10.1.0.1');
      expect(fromA.status).toBe(429);
      expect(fromA.body.message).toMatch(TOO_MANY);
      expect(fromA.headers.get('retry-after')).toMatch(/^\d+$/);
      const fromB = await login('ada@example.com', password, '10.1.0.2');
      expect(fromB.status).toBe(200);
      expect(fromB.body.token).toBeTruthy();
      // A is still refused for the rest of the window, even with the right password.
      expect((await login('ada@example.com', password, '10.1.0.1')).status).toBe(429);
    });

    it('under attack from many addresses: an address that failed is refused, one that has not still logs in', async () => {
      nextWindow();
      // Two attacking addresses bring the account to 20 failures.
      for (const ip of ['10.2.0.1', '10.2.0.2']) {
        for (let i = 0; i < 10; i++) {
          expect((await login('victim@example.com', `Guess@${i}abc`, ip)).status).toBe(401);
        }
      }
      // A third attacker gets its password checked once, then is refused.
      expect((await login('victim@example.com', 'Guess@1abc', '10.2.0.3')).status).toBe(401);
      const again = await login('victim@example.com', password, '10.2.0.3');
      expect(again.status).toBe(429);
      // The victim, from an address that has not failed, gets in.
      expect((await login('victim@example.com', password, '10.2.0.9')).status).toBe(200);
    });

    it('a success clears that address’s failures', async () => {
      nextWindow();
      for (let i = 0; i < 9; i++) {
        expect((await login('ada@example.com', `Wrong@${i}xyz`, '10.3.0.1')).status).toBe(401);
      }
      expect((await login('ada@example.com', password, '10.3.0.1')).status).toBe(200);
      // Nine more mistakes are allowed again before the address is refused.
      for (let i = 0; i < 9; i++) {
        expect((await login('ada@example.com', `Wrong@${i}xyz`, '10.3.0.1')).status).toBe(401);
      }
    });

    it('an unknown e-mail is limited exactly like a known one (nothing to learn from the limit)', async () => {
      nextWindow();
      const run = async (email: string, ip: string) => {
        const replies = [];
        for (let i = 0; i < 11; i++) replies.push(await login(email, 'Wrong@1234', ip));
        return replies;
      };
      const known = await run('ada@example.com', '10.4.0.1');
      const unknown = await run('nobody-here@example.com', '10.4.0.2');
      expect(known.map((r) => r.status)).toEqual(unknown.map((r) => r.status));
      expect(known[10]!.status).toBe(429);
      expect(known.map((r) => r.body)).toEqual(unknown.map((r) => r.body));
    });

    it('still limits every attempt per address, whatever the e-mail', async () => {
      nextWindow();
      const statuses = [];
      for (let i = 0; i < 31; i++) {
        statuses.push((await login(`person${i}@example.com`, 'Wrong@1234', '10.5.0.1')).status);
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });

  describe('back-office login', () => {
    it("8 wrong passwords for the owner from A do not stop the owner's right password from B; A stays refused", async () => {
      nextWindow();
      for (let i = 0; i < 8; i++) {
        expect((await staffLogin('owner@shop.test', `guess${i}`, '10.6.0.1')).status).toBe(401);
      }
      const fromA = await staffLogin('owner@shop.test', staffPassword, '10.6.0.1');
      expect(fromA.status).toBe(429);
      expect(fromA.body.message).toMatch(TOO_MANY);
      expect(fromA.headers.get('retry-after')).toMatch(/^\d+$/);
      const fromB = await staffLogin('owner@shop.test', staffPassword, '10.6.0.2');
      expect(fromB.status).toBe(200);
      expect((await staffLogin('owner@shop.test', staffPassword, '10.6.0.1')).status).toBe(429);
    });

    it('the owner sees the failures and unlocks a staff account; the unlock is audited and owner-only', async () => {
      nextWindow();
      for (let i = 0; i < 8; i++) {
        expect((await staffLogin('sam@shop.test', `guess${i}`, '10.7.0.1')).status).toBe(401);
      }
      expect((await staffLogin('sam@shop.test', staffPassword, '10.7.0.1')).status).toBe(429);

      const ownerToken = (await staffLogin('owner@shop.test', staffPassword, '10.7.0.9')).body
        .token;
      const list = await server.api<Reply<{ staff: { id: string; failed_logins: number }[] }>>(
        '/api/admin/staff',
        { headers: { Authorization: `Bearer ${ownerToken}` } },
      );
      expect(list.body.staff.find((s) => s.id === samId)?.failed_logins).toBe(8);

      // Staff cannot unlock; the owner can.
      const samToken = (await staffLogin('sam@shop.test', staffPassword, '10.7.0.2')).body.token;
      const bySam = await server.api(`/api/admin/staff/${samId}/unlock`, {
        body: {},
        headers: { Authorization: `Bearer ${samToken}` },
      });
      expect(bySam.status).toBe(403);
      const unlocked = await server.api<Reply>(`/api/admin/staff/${samId}/unlock`, {
        body: {},
        headers: { Authorization: `Bearer ${ownerToken}` },
      });
      expect(unlocked.status).toBe(200);
      expect(unlocked.body.message).toBe('Sam Staff can sign in again from any address.');

      expect((await staffLogin('sam@shop.test', staffPassword, '10.7.0.1')).status).toBe(200);
      const [entry] = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'staff.unlock'), eq(auditLog.entityId, samId)));
      expect(entry?.before).toMatchObject({ failed_logins: 8 });
      expect(entry?.after).toMatchObject({ failed_logins: 0 });

      // Bad input is a clear 4xx.
      const badId = await server.api('/api/admin/staff/not-a-uuid/unlock', {
        body: {},
        headers: { Authorization: `Bearer ${ownerToken}` },
      });
      expect(badId.status).toBe(400);
      const unknown = await server.api<Reply>(
        '/api/admin/staff/00000000-0000-4000-8000-000000000000/unlock',
        { body: {}, headers: { Authorization: `Bearer ${ownerToken}` } },
      );
      expect(unknown.status).toBe(404);
    });

    it('npm run admin:unlock (no owner session) clears the owner’s failures from every address', async () => {
      nextWindow();
      for (const ip of ['10.8.0.1', '10.8.0.2']) {
        for (let i = 0; i < 8; i++) {
          expect((await staffLogin('owner@shop.test', `guess${i}`, ip)).status).toBe(401);
        }
        expect((await staffLogin('owner@shop.test', staffPassword, ip)).status).toBe(429);
      }
      const [owner] = await server.database.db
        .select()
        .from(staffUsers)
        .where(eq(staffUsers.email, 'owner@shop.test'));
      // What scripts/admin-unlock.ts runs.
      const result = await unlockStaff(
        { db: server.database.db, now: () => new Date(clock) },
        { actor: null, staffId: owner!.id },
      );
      expect(result.cleared).toBe(16);
      for (const ip of ['10.8.0.1', '10.8.0.2']) {
        expect((await staffLogin('owner@shop.test', staffPassword, ip)).status).toBe(200);
      }
    });
  });

  describe('reset and deletion codes', () => {
    const resetMails = async (email: string) =>
      (
        await server.database.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.toAddress, email), eq(outbox.template, 'password-reset')))
      ).length;

    it("a stranger's reset requests from A do not stop the victim's own reset from B", async () => {
      nextWindow();
      const before = await resetMails('victim@example.com');
      const ask = (ip: string) =>
        server.api<Reply>('/api/account/reset/password', {
          body: { email: 'victim@example.com' },
          headers: from(ip),
        });
      const stranger = [];
      for (let i = 0; i < 4; i++) stranger.push(await ask('10.10.0.1'));
      expect(stranger.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
      expect(stranger[3]!.status).toBe(429);
      expect(stranger[3]!.body.message).toMatch(TOO_MANY);
      const victim = await ask('10.10.0.2');
      expect(victim.status).toBe(200);
      expect(await resetMails('victim@example.com')).toBe(before + 4);
    });

    it('a deletion code: the same rule', async () => {
      nextWindow();
      const ask = (ip: string) =>
        server.api('/api/account/confirm/delete', {
          body: { email: 'victim@example.com' },
          headers: from(ip),
        });
      for (let i = 0; i < 3; i++) expect((await ask('10.11.0.1')).status).toBe(200);
      expect((await ask('10.11.0.1')).status).toBe(429);
      expect((await ask('10.11.0.2')).status).toBe(200);
    });

    it('keeps a per-account cap of 20 an hour against mail-bombing from many addresses', async () => {
      nextWindow();
      const statuses = [];
      for (let i = 0; i < 21; i++) {
        const reply = await server.api('/api/account/reset/password', {
          body: { email: 'victim@example.com' },
          headers: from(`10.12.0.${i + 1}`),
        });
        statuses.push(reply.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });

  describe('public writes', () => {
    const cases = [
      ['/api/newsletter', (i: number) => ({ email: `n${i}@example.com` }), 20],
      [
        '/api/area-waitlist',
        (i: number) => ({ email: `w${i}@example.com`, postcode: 'SW19 1AA' }),
        20,
      ],
      ['/api/user-info', () => ({ page: 'home' }), 100],
    ] as const;

    for (const [path, body, limit] of cases) {
      it(`POST ${path} answers 429 after ${limit} requests from one address; other addresses go on`, async () => {
        nextWindow();
        const statuses: number[] = [];
        for (let i = 0; i < 200 && !statuses.includes(429); i++) {
          const reply = await server.api(path, { body: body(i), headers: from('10.20.0.1') });
          statuses.push(reply.status);
        }
        expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
        expect(statuses[limit]).toBe(429);
        const blocked = await server.api<Reply>(path, {
          body: body(999),
          headers: from('10.20.0.1'),
        });
        expect(blocked.status).toBe(429);
        expect(blocked.body.message).toMatch(TOO_MANY);
        expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
        const other = await server.api(path, { body: body(1000), headers: from('10.20.0.2') });
        expect(other.status).toBe(200);
      });
    }
  });
});
