import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { onPostgres } from '@tests/helpers/test-database';
import { auditLog, customers, orders, outbox, slotSettings, slotUsage } from '../../db/schema';
import { orderTracking } from '../tracking/order-tracking';
import { rescheduleChoices, rescheduleOrder } from './reschedule-order';

/*
 * A customer moves their own order's collection or delivery (issue 18, decision 035). Runs on
 * PGlite and, with `npm run test:pg -- server/use-cases/orders/reschedule-order.integration.test.ts`,
 * on PostgreSQL: 50 orders moved at once into one window of capacity N give it exactly N, and
 * every other customer gets "That slot is now full" with their order and old place untouched.
 */

// Tuesday 24 November 2026, 07:00 in London.
const now = new Date('2026-11-24T07:00:00Z');
const on = onPostgres() ? ' (PostgreSQL)' : '';
const at = (iso: string) => new Date(iso);

describe('rescheduleOrder', () => {
  let world: UseCaseWorld;
  beforeAll(async () => {
    world = await createUseCaseWorld(now);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  const taken = async (kind: 'pickup' | 'delivery', startsAt: Date) => {
    const [row] = await world.database.db
      .select()
      .from(slotUsage)
      .where(and(eq(slotUsage.kind, kind), eq(slotUsage.startsAt, startsAt)));
    return row?.taken ?? 0;
  };

  it('moves the collection: takes the new place, frees the old, audits and e-mails', async () => {
    const db = world.database.db;
    const old = at('2026-11-26T09:00:00Z');
    await db.insert(slotUsage).values({ kind: 'pickup', startsAt: old, taken: 1 });
    const order = await world.insertOrder(old);
    const choices = await rescheduleChoices(world.services, {
      customerId: world.customerId,
      orderId: order.id,
      leg: 'collection',
    });
    expect(choices.current).toBe('Thu 26 Nov 2026, 09:00–10:00');
    expect(choices.windows.some((w) => w.starts_at === old.toISOString())).toBe(false);
    const moved = await rescheduleOrder(world.services, {
      customerId: world.customerId,
      orderId: order.id,
      leg: 'collection',
      date: '2026-11-25',
      start: '11:00',
    });
    expect(moved.window).toBe('Wed 25 Nov 2026, 11:00–12:00');
    expect(moved.deliveryMoved).toBe(false);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.pickupStartsAt).toEqual(at('2026-11-25T11:00:00Z'));
    expect(await taken('pickup', old)).toBe(0);
    expect(await taken('pickup', at('2026-11-25T11:00:00Z'))).toBe(1);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit.map((a) => a.action)).toEqual(['order.collection-changed']);
    const mails = await db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'new-collection-window'));
    expect(mails.filter((m) => m.subject.includes(moved.orderNo))).toHaveLength(1);
  });

  it('moves the delivery only after the turnaround from the collection', async () => {
    const order = await world.insertOrder(at('2026-11-26T09:00:00Z'));
    const input = { customerId: world.customerId, orderId: order.id, leg: 'delivery' as const };
    const { windows } = await rescheduleChoices(world.services, input);
    // Collected Thu 26 10:00 at the latest: deliveries from Fri 27 10:00 (24 hours' turnaround).
    expect(Date.parse(windows[0]!.starts_at)).toBeGreaterThanOrEqual(
      Date.parse('2026-11-27T10:00:00Z'),
    );
    await expect(
      rescheduleOrder(world.services, { ...input, date: '2026-11-26', start: '15:00' }),
    ).rejects.toThrow(/not available/);
    const moved = await rescheduleOrder(world.services, {
      ...input,
      date: '2026-11-30',
      start: '12:00',
    });
    expect(moved.window).toBe('Mon 30 Nov 2026, 12:00–13:00');
  });

  it('the tracking timeline shows each move at its time, with the new window', async () => {
    const order = await world.insertOrder(at('2026-11-26T09:00:00Z'));
    const input = { customerId: world.customerId, orderId: order.id };
    await rescheduleOrder(world.services, {
      ...input,
      leg: 'delivery',
      date: '2026-11-30',
      start: '12:00',
    });
    const [row] = await world.database.db.select().from(orders).where(eq(orders.id, order.id));
    const tracking = await orderTracking(world.services, { token: row!.trackingToken });
    const moves = tracking.steps.filter((s) => s.key === 'moved');
    expect(moves).toEqual([
      expect.objectContaining({
        title: 'Delivery moved to Mon 30 Nov, 12:00–13:00',
        state: 'current',
        at: now.toISOString(),
        when: 'Tue 24 Nov, 07:00',
      }),
    ]);
    // It sits after "Booked", before the steps to come; as the latest step it is the headline
    // (issue 31, decision 043).
    expect(tracking.steps.map((s) => `${s.key}:${s.state}`).slice(0, 3)).toEqual([
      'booked:done',
      'moved:current',
      'collected:to-come',
    ]);
  });

  it('refuses an order that is not yours (404), too late (409), or a leg that happened', async () => {
    const order = await world.insertOrder(at('2026-11-24T08:30:00Z'));
    const [other] = await world.database.db
      .insert(customers)
      .values({ name: 'Bob', email: 'bob@example.com', phone: '07700900999' })
      .returning();
    const move = (customerId: string, leg: 'collection' | 'delivery') =>
      rescheduleOrder(world.services, {
        customerId,
        orderId: order.id,
        leg,
        date: '2026-11-27',
        start: '12:00',
      });
    await expect(move(other!.id, 'collection')).rejects.toMatchObject({ code: 'not-found' });
    await expect(move(world.customerId, 'collection')).rejects.toMatchObject({
      code: 'order-not-reschedulable',
      message: expect.stringMatching(/up to 2 hours before it starts.*call us on/),
    });
    const collected = await world.insertOrder(at('2026-11-25T09:00:00Z'), 'collected');
    await expect(
      rescheduleOrder(world.services, {
        customerId: world.customerId,
        orderId: collected.id,
        leg: 'collection',
        date: '2026-11-27',
        start: '12:00',
      }),
    ).rejects.toMatchObject({
      code: 'order-not-reschedulable',
      message: /can no longer be changed online/,
    });
  });

  it(`50 orders moved at once into a window of capacity N: exactly N get it${on}`, async () => {
    const db = world.database.db;
    const [settings] = await db.select().from(slotSettings).limit(1);
    const capacity = settings!.pickupCapacityPerSlot;
    const old = at('2026-11-28T09:00:00Z');
    // Wednesday 25 November, 14:00–15:00 London: empty.
    const target = at('2026-11-25T14:00:00Z');
    await db.insert(slotUsage).values({ kind: 'pickup', startsAt: old, taken: 50 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const order = await world.insertOrder(old);
      ids.push(order.id);
    }
    const results = await Promise.allSettled(
      ids.map((orderId) =>
        rescheduleOrder(world.services, {
          customerId: world.customerId,
          orderId,
          leg: 'collection',
          date: '2026-11-25',
          start: '14:00',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(capacity);
    for (const r of results) {
      if (r.status === 'rejected') {
        expect(r.reason).toMatchObject({ code: 'slot-full', message: /That slot is now full/ });
      }
    }
    expect(await taken('pickup', target)).toBe(capacity);
    expect(await taken('pickup', old)).toBe(50 - capacity);
    const rows = await db.select().from(orders).where(inArray(orders.id, ids));
    const movedIds = rows.filter((o) => o.pickupStartsAt.getTime() === target.getTime());
    expect(movedIds).toHaveLength(capacity);
    expect(rows.filter((o) => o.pickupStartsAt.getTime() === old.getTime())).toHaveLength(
      50 - capacity,
    );
    // Nothing half-written: an audit entry for each winner only.
    const audits = await db.select().from(auditLog).where(inArray(auditLog.entityId, ids));
    expect(audits).toHaveLength(capacity);
  }, 120_000);
});
