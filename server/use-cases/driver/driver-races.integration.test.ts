import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { onPostgres } from '@tests/helpers/test-database';
import { reschedulePagePath } from '../../auth/reschedule-access';
import { orderEvents, orders, outbox, slotSettings, slotUsage, stopEvents } from '../../db/schema';
import { recordStopAction } from './stop-actions';
import { chooseNewWindow } from './reschedule';

/*
 * The driver's actions under real concurrency (issue 16, decision 026; run on PostgreSQL with
 * `npm run test:pg -- server/use-cases/driver/driver-races.integration.test.ts`): the same
 * collect sent 10 times at once (a phone retrying on a weak signal) writes one event, one
 * status change and one e-mail; 20 customers choosing the last free place of a window after
 * "not home" get it exactly once, and the winner's old place is freed.
 */

// Thursday 26 November 2026, 07:00 in London: the day of the missed collections below (a stop
// is acted on from its own day only, issue 31).
const now = new Date('2026-11-26T07:00:00Z');

// Concurrency means something only on PostgreSQL's real connections (PGlite has one, and
// serialises the calls): npm run test:pg runs these, CI included.
describe.runIf(onPostgres())('driver actions at once, on PostgreSQL', () => {
  let world: UseCaseWorld;
  beforeAll(async () => {
    world = await createUseCaseWorld(now);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('the same collect sent 10 times at once on 10 connections is recorded once', async () => {
    const db = world.database.db;
    const order = await world.insertOrder(new Date('2026-11-24T09:00:00Z'));
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        recordStopAction(world.services, {
          action: 'collect',
          actor: world.actor,
          orderId: order.id,
          idempotencyKey: 'same-collect-key',
          bags: 3,
          sealNumbers: ['S-9'],
          note: '',
        }),
      ),
    );
    expect(new Set(results.map((r) => r.event.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await db.select().from(stopEvents).where(eq(stopEvents.orderId, order.id))).toHaveLength(
      1,
    );
    const moves = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(moves.map((m) => m.toStatus)).toEqual(['collected']);
    const mails = await db.select().from(outbox).where(eq(outbox.template, 'order-collected'));
    expect(mails).toHaveLength(1);
  });

  it('20 customers choosing the last place of a window on 20 connections: exactly one gets it', async () => {
    const db = world.database.db;
    const [settings] = await db.select().from(slotSettings).limit(1);
    const capacity = settings!.pickupCapacityPerSlot;
    const missed = new Date('2026-11-26T09:00:00Z');
    // Friday 27 November, 10:00–11:00 London: one place left.
    const target = new Date('2026-11-27T10:00:00Z');
    await db.insert(slotUsage).values([
      { kind: 'pickup', startsAt: missed, taken: 20 },
      { kind: 'pickup', startsAt: target, taken: capacity - 1 },
    ]);
    const callers = [];
    for (let i = 0; i < 20; i++) {
      const order = await world.insertOrder(missed);
      await db
        .update(orders)
        .set({
          deliveryStartsAt: new Date('2026-11-30T09:00:00Z'),
          deliveryEndsAt: new Date('2026-11-30T10:00:00Z'),
        })
        .where(eq(orders.id, order.id));
      const { event } = await recordStopAction(world.services, {
        action: 'not-home',
        leg: 'collection',
        actor: world.actor,
        orderId: order.id,
        idempotencyKey: `not-home-${i}`,
      });
      const path = reschedulePagePath(world.services, {
        orderId: order.id,
        eventId: event.id,
        at: event.at,
      });
      const token = new URL(path, 'http://x').searchParams.get('t');
      callers.push({ orderId: order.id, eventId: event.id, token });
    }
    const results = await Promise.allSettled(
      callers.map((c) =>
        chooseNewWindow(world.services, { ...c, date: '2026-11-27', start: '10:00' }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(String(r.reason)).toMatch(/no longer available/);
    }
    const usage = await db
      .select()
      .from(slotUsage)
      .where(and(eq(slotUsage.kind, 'pickup'), inArray(slotUsage.startsAt, [missed, target])));
    const taken = (when: Date) => usage.find((u) => u.startsAt.getTime() === when.getTime())!.taken;
    expect(taken(target)).toBe(capacity);
    expect(taken(missed)).toBe(19);
    const moved = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          callers.map((c) => c.orderId),
        ),
      );
    expect(moved.filter((o) => o.pickupStartsAt.getTime() === target.getTime())).toHaveLength(1);
    expect(moved.filter((o) => o.pickupStartsAt.getTime() === missed.getTime())).toHaveLength(19);
  });
});
