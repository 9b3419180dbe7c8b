import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { branches } from '../server/db/schema';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Each server instance keeps the catalogue and the slot rules in memory between changes
 * (server/db/content-cache.ts, docs/decisions/009), and several instances may serve one
 * database. Staff expect back-office changes live at once: here one instance serves the pages
 * and the public API, a second one the back office, both on one database. The other instance
 * hears of a change by NOTIFY when it commits (decision 016), so it may take a moment: within a
 * second. Every read below follows a read of the same content, so it would find stale memory.
 */

/** Instances other than the writer see a change within this (docs/decisions/016). */
const SOON = { timeout: 1_000, interval: 20 };

// Monday 23 November 2026, 06:00 in London.
const now = new Date('2026-11-23T06:00:00Z');
const password = 'a-long-staff-password';

describe('content changes are live within a second, on every instance', () => {
  let database: TestDatabase;
  let site: TestServer;
  let office: TestServer;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Both instances share the database; it is closed once, here.
    const shared = { ...database, close: async () => {} };
    site = await startTestServer({ pages: 'build', database: shared, now: () => now });
    office = await startTestServer({ database: shared, now: () => now });
    await createStaffUser(database.db, {
      email: 'sam@shop.test',
      name: 'Sam Staff',
      role: 'owner',
      password,
    });
    const login = await office.api<{ token: string }>('/api/admin/login', {
      body: { email: 'sam@shop.test', password },
    });
    token = login.body.token;
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    await office?.stop();
    await database?.close();
  });

  const page = async (path: string) => (await fetch(site.url + path)).text();
  const auth = () => ({ Authorization: `Bearer ${token}` });

  it('a price category renamed in the back office: home page, price page and API', async () => {
    expect(await page('/')).toContain('Suits &amp; Formal Wear');
    expect(JSON.stringify((await site.api('/api/pricelist')).body)).toContain(
      'Suits & Formal Wear',
    );
    const list = await office.api<{ rows: { id: number; name: string }[] }>(
      '/api/admin/catalogue/categories',
      { headers: auth() },
    );
    const suits = list.body.rows.find((r) => r.name === 'Suits & Formal Wear')!;
    const saved = await office.api(`/api/admin/catalogue/categories/${suits.id}`, {
      method: 'PUT',
      body: { ...suits, name: 'Suits and Tailoring' },
      headers: auth(),
    });
    expect(saved.status).toBe(200);

    await expect.poll(() => page('/'), SOON).toContain('Suits and Tailoring');
    const home = await page('/');
    expect(home).not.toContain('Suits &amp; Formal Wear');
    expect(await page('/pricing')).toContain('Suits and Tailoring');
    expect(JSON.stringify((await site.api('/api/pricelist')).body)).toContain(
      'Suits and Tailoring',
    );
  }, 60_000);

  it('a closed date added in the back office: GET /api/pickup', async () => {
    const before = await site.api<{ slot_date: string }[]>('/api/pickup');
    expect(before.body.some((s) => s.slot_date === '2026-11-25')).toBe(true);
    const closed = await office.api('/api/admin/slots/closed-dates', {
      body: { day: '2026-11-25', reason: 'Staff training' },
      headers: auth(),
    });
    expect(closed.status).toBe(200);
    const pickup = async () => (await site.api<{ slot_date: string }[]>('/api/pickup')).body;
    await expect
      .poll(async () => (await pickup()).some((s) => s.slot_date === '2026-11-25'), SOON)
      .toBe(false);
    expect((await pickup()).length).toBeGreaterThan(0);
  });

  it('a change written to the database directly, outside the back office: every page', async () => {
    expect(await page('/branches')).toContain('(020) 7328 5625');
    await database.db
      .update(branches)
      .set({ phone: '(020) 7946 0999' })
      .where(eq(branches.slug, 'marylebone'));
    await expect.poll(() => page('/branches'), SOON).toContain('(020) 7946 0999');
    const html = await page('/branches');
    expect(html).toContain('(020) 7946 0999');
    expect(html).not.toContain('(020) 7328 5625');
    // The home page's schema.org data comes from the same branches.
    expect(await page('/')).toContain('(020) 7946 0999');
  }, 60_000);
});
