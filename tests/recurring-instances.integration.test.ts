import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDayRange } from '@shared/london-time';
import { openDatabase } from '../server/db/client';
import {
  customers,
  orders,
  outbox,
  recurringOccurrences,
  recurringPlans,
  slotSettings,
  slotUsage,
} from '../server/db/schema';
import { runRecurringSchedule } from '../server/use-cases/recurring/run-schedule';
import { demoAddress } from '@tests/helpers/fixtures';
import { createTestDatabase, onPostgres, type TestDatabase } from '@tests/helpers/test-database';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Two instances on one PostgreSQL database (issue 18, decision 036), each with its own pool
 * and pg-boss, both running the repeat collections' schedule at the same moment, three times
 * over (and their pg-boss cron every minute besides): each of 30 plans' collection is
 * announced once (one row, one e-mail) and booked once (one order), and the 30 bookings of
 * one window spill into the next windows of the day without any window taking more than its
 * capacity.
 */

const PLANS = 30;
// Monday 23 November 2026, noon in London: Wednesday's collections are announced and booked.
const clock = new Date('2026-11-23T12:00:00Z');
const COLLECTION = '2026-11-25';

describe.skipIf(!onPostgres())('repeat collections with two instances, on PostgreSQL', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 10 });
    for (let i = 0; i < PLANS; i += 1) {
      const [customer] = await database.db
        .insert(customers)
        .values({
          name: `Repeat ${i}`,
          email: `repeat-${i}@example.com`,
          phone: `07700900${String(200 + i)}`,
        })
        .returning();
      await database.db.insert(recurringPlans).values({
        customerId: customer!.id,
        addressJson: { ...demoAddress, door_number: `Flat ${i}`, town: 'London' },
        frequency: 'weekly',
        weekday: 3,
        windowStart: '10:00',
        deliveryStart: '18:00',
        anchorDate: COLLECTION,
      });
    }
    const options = {
      now: () => clock,
      env: { JOBS: 'all' },
      jobs: {
        pollSeconds: 0.5,
        cronSeconds: 1,
        schedules: { 'recurring-collections': '* * * * *' } as const,
      },
    };
    first = await startTestServer({ ...options, database: { ...database, close: async () => {} } });
    second = await startTestServer({
      ...options,
      database: await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 10 }),
    });
  }, 120_000);
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database?.close();
  });

  it('each collection is announced once and booked once, and no window is overbooked', async () => {
    const runs = [];
    for (let round = 0; round < 3; round += 1) {
      runs.push(
        ...(await Promise.all([
          runRecurringSchedule(first.services),
          runRecurringSchedule(second.services),
        ])),
      );
    }
    // Between them, the runs announced and booked each collection exactly once.
    expect(runs.reduce((n, r) => n + r.announced, 0)).toBeLessThanOrEqual(PLANS);
    const occurrences = await database.db.select().from(recurringOccurrences);
    expect(occurrences).toHaveLength(PLANS);
    expect(occurrences.every((o) => o.collectionDate === COLLECTION)).toBe(true);
    expect(occurrences.filter((o) => o.status !== 'booked')).toEqual([]);

    const booked = await database.db
      .select()
      .from(orders)
      .where(like(orders.idempotencyKey, 'recurring-occurrence-%'));
    expect(booked).toHaveLength(PLANS);
    expect(new Set(booked.map((o) => o.id))).toEqual(new Set(occurrences.map((o) => o.orderId)));

    const mails = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'recurring-announced'));
    expect(mails).toHaveLength(PLANS);
    expect(new Set(mails.map((m) => m.toAddress)).size).toBe(PLANS);

    // Capacity: the day's places taken are the 30 orders, none beyond a window's capacity.
    const [settings] = await database.db.select().from(slotSettings).limit(1);
    const { from, to } = londonDayRange(COLLECTION);
    const places = await database.db
      .select()
      .from(slotUsage)
      .where(
        sql`${slotUsage.kind} = 'pickup' and ${slotUsage.startsAt} >= ${from} and ${slotUsage.startsAt} < ${to}`,
      );
    expect(places.reduce((n, p) => n + p.taken, 0)).toBe(PLANS);
    expect(Math.max(...places.map((p) => p.taken))).toBeLessThanOrEqual(
      settings!.pickupCapacityPerSlot,
    );
    const starts = booked.map((o) => o.pickupStartsAt.getTime());
    for (const place of places) {
      expect(starts.filter((s) => s === place.startsAt.getTime())).toHaveLength(place.taken);
    }
    // The first window is the plan's, 10:00 London.
    expect(Math.min(...starts)).toBe(Date.parse('2026-11-25T10:00:00Z'));
    const ids = booked.map((o) => o.customerId!);
    const owners = await database.db
      .select({ id: customers.id })
      .from(customers)
      .where(inArray(customers.id, ids));
    expect(owners).toHaveLength(PLANS);
    expect([...first.errors, ...second.errors]).toEqual([]);
  }, 180_000);
});
