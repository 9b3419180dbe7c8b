import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { orderEvents, orders, outbox } from '../../db/schema';
import { cancelOrder } from './cancel-order';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-03-10T09:00:00Z');

/*
 * The cancellation transaction on its own. The booking feature's releaseSlots is passed in so
 * these tests can check the arguments it gets and that a failure inside it undoes everything;
 * the API test (accounts-api) runs the real one.
 */
describe('cancelOrder', () => {
  let world: UseCaseWorld;

  beforeAll(async () => {
    world = await createUseCaseWorld(now);
  });
  afterAll(async () => {
    await world?.close();
  });

  // The services, with the booking feature's slot release replaced.
  const deps = (release: (...args: unknown[]) => Promise<void>) => ({
    ...world.services,
    releaseSlots: release as never,
  });

  const insertOrder = () => world.insertOrder(new Date(now.getTime() + 5 * HOUR));

  it('cancels, releases both slots, records the event and queues the e-mail in one transaction', async () => {
    const order = await insertOrder();
    const calls: unknown[] = [];
    await cancelOrder(
      deps(async (_tx, slots) => {
        calls.push(slots);
      }),
      { customerId: world.customerId, orderId: order.id },
    );
    expect(calls).toEqual([
      { pickupStartsAt: order.pickupStartsAt, deliveryStartsAt: order.deliveryStartsAt },
    ]);
    const [row] = await world.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('cancelled');
    const events = await world.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events).toHaveLength(1);
    const mail = await world.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'order-cancelled'));
    expect(mail.map((m) => m.toAddress)).toEqual(['ada@example.com']);
  });

  it('changes nothing when releasing the slots fails', async () => {
    const order = await insertOrder();
    await expect(
      cancelOrder(
        deps(async () => {
          throw new Error('slot release failed');
        }),
        { customerId: world.customerId, orderId: order.id },
      ),
    ).rejects.toThrow('slot release failed');
    const [row] = await world.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('pending');
    expect(
      await world.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)),
    ).toEqual([]);
  });
});
