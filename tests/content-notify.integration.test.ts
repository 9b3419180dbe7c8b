import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { priceCategories, slotSettings, slotUsage } from '../server/db/schema';
import {
  MONDAY_6AM,
  orderPayload,
  placeGuestOrder,
  startGuestCheckout,
} from '@tests/helpers/fixtures';
import { onPostgres, type TestDatabase } from '@tests/helpers/test-database';
import { startTwoInstances, type TestServer, type TwoInstances } from '@tests/helpers/test-server';

/*
 * Each instance knows the content version in memory and hears of changes by NOTIFY (PGlite:
 * its in-process listeners), and keeps slot listings until rules or usage change
 * (server/db/content-cache.ts, docs/decisions/016). Two instances on one database: on
 * PostgreSQL each has its own connections (another process, as far as the database can tell);
 * on PGlite they share the embedded database.
 */

type Slot = { slot_date: string; slot_start: string };

/** Polls `read` until `done` holds; returns the milliseconds it took (fails after `limit`). */
async function within(limit: number, read: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await read()) return performance.now() - started;
    if (performance.now() - started > limit) throw new Error(`not seen within ${limit} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('content freshness and slot listings across instances', () => {
  let instances: TwoInstances;
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    instances = await startTwoInstances(() => MONDAY_6AM);
    ({ database, first, second } = instances);
  }, 120_000);
  afterAll(() => instances?.stop());

  const pricelist = async (server: TestServer) =>
    JSON.stringify((await server.api('/api/pricelist')).body);
  const pickup = async (server: TestServer) => (await server.api<Slot[]>('/api/pickup')).body;

  it('reads the content version from memory, not from the database on every request', async () => {
    expect(first.services.content.listening()).toBe(true);
    await pricelist(first);
    const reads = first.services.content.stats.versionReads;
    for (let i = 0; i < 20; i++) await pricelist(first);
    await Promise.all(Array.from({ length: 20 }, () => pricelist(first)));
    expect(first.services.content.stats.versionReads).toBe(reads);
  });

  it('a change made on one instance shows on the other within a second', async () => {
    expect(await pricelist(first)).toContain('Suits & Formal Wear');
    await second.services.db
      .update(priceCategories)
      .set({ name: 'Suits and Tailoring' })
      .where(eq(priceCategories.name, 'Suits & Formal Wear'));
    const ms = await within(1_000, async () =>
      (await pricelist(first)).includes('Suits and Tailoring'),
    );
    expect(ms).toBeLessThan(1_000);
  });

  it('computes the pickup listing once, not per request, and again after a reservation or a rule change', async () => {
    const content = first.services.content;
    await pickup(first);
    const computed = content.stats.derivations;
    for (let i = 0; i < 10; i++) await pickup(first);
    await Promise.all(Array.from({ length: 10 }, () => pickup(first)));
    expect(content.stats.derivations).toBe(computed);

    // This instance's own order: the very next listing is computed again.
    await placeGuestOrder(first);
    await pickup(first);
    expect(content.stats.derivations).toBe(computed + 1);
    await pickup(first);
    expect(content.stats.derivations).toBe(computed + 1);

    // A rule changed on the other instance: the listing follows within a second.
    await second.services.db.update(slotSettings).set({ pickupCapacityPerSlot: 1 });
    // Tuesday 09:00 holds the order above: with one place per slot, it is full.
    await within(1_000, async () => {
      const slots = await pickup(first);
      return !slots.some((s) => s.slot_date === '2026-11-24' && s.slot_start === '09:00');
    });
    expect(content.stats.derivations).toBeGreaterThan(computed + 1);
  });

  it('a place taken through the other instance disappears from the listing within a second', async () => {
    const offered = (slots: Slot[]) =>
      slots.some((s) => s.slot_date === '2026-11-24' && s.slot_start === '10:00');
    expect(offered(await pickup(first))).toBe(true);
    await placeGuestOrder(second, {
      details: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        phone: '07700 900456',
        address: { door_number: '3', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
      order: { pickup_start: '10:00', customer_email: 'grace@example.com' },
    });
    await within(1_000, async () => !offered(await pickup(first)));
  });

  it('never sells a slot beyond its capacity, whatever the listings showed', async () => {
    // One place per slot (previous test); both instances listed 11:00 as free.
    const offered = (slots: Slot[]) =>
      slots.some((s) => s.slot_date === '2026-11-24' && s.slot_start === '11:00');
    expect(offered(await pickup(first))).toBe(true);
    expect(offered(await pickup(second))).toBe(true);
    const checkouts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        startGuestCheckout(i % 2 ? first : second, {
          name: 'Alan Turing',
          email: `alan${i}@example.com`,
          phone: '07700 900789',
          address: { door_number: String(20 + i), line1: 'Elgin Avenue', postcode: 'W9 2HD' },
        }),
      ),
    );
    const replies = await Promise.all(
      checkouts.map((checkout, i) =>
        (i % 2 ? first : second).api('/api/placeorder', {
          body: orderPayload({
            pickup_start: '11:00',
            delivery_start: '11:00',
            customer_email: `alan${i}@example.com`,
          }),
          headers: { 'X-Checkout-Token': checkout.checkout_token },
        }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const [usage] = await database.db
      .select({ taken: slotUsage.taken })
      .from(slotUsage)
      .where(sql`${slotUsage.kind} = 'pickup' and ${slotUsage.startsAt} = '2026-11-24T11:00:00Z'`);
    expect(usage?.taken).toBe(1);
    // Neither instance offers it any more.
    expect(offered(await pickup(first))).toBe(false);
    await within(1_000, async () => !offered(await pickup(second)));
  });

  it.runIf(onPostgres())(
    'listens again after its connection is cut, and reads the version it missed',
    async () => {
      const admin = await openDatabase({ kind: 'postgres', url: database.url! });
      try {
        // Cut every listening connection of this database (both instances').
        await admin.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query like 'LISTEN%'`,
        );
        // A change made while they may not be listening yet.
        await admin.db
          .update(priceCategories)
          .set({ name: 'Suits, Reconnected' })
          .where(eq(priceCategories.name, 'Suits and Tailoring'));
        await within(1_000, async () => (await pricelist(first)).includes('Suits, Reconnected'));
        await within(3_000, async () => first.services.content.listening());
        // Listening again: changes arrive by notice once more.
        const reads = first.services.content.stats.versionReads;
        await admin.db
          .update(priceCategories)
          .set({ name: 'Suits after the cut' })
          .where(eq(priceCategories.name, 'Suits, Reconnected'));
        await within(1_000, async () => (await pricelist(first)).includes('Suits after the cut'));
        for (let i = 0; i < 10; i++) await pricelist(first);
        expect(first.services.content.stats.versionReads).toBe(reads);
      } finally {
        await admin.close();
      }
    },
  );
});
