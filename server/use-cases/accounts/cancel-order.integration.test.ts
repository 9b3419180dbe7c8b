import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrderRow } from '../../../tests/helpers/fixtures';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database';
import { loadConfig } from '../../config';
import { createMailService } from '../../adapters/mail/mail-service';
import { createLogger } from '../../logger';
import { customers, orderEvents, orders, outbox } from '../../db/schema';
import { cancelOrder } from './cancel-order';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-03-10T09:00:00Z');

/*
 * The cancellation transaction on its own. The booking feature's releaseSlots is passed in so
 * these tests can check the arguments it gets and that a failure inside it undoes everything;
 * the API test (accounts-api) runs the real one.
 */
describe('cancelOrder', () => {
  let database: TestDatabase;
  let customerId: string;
  const brand = loadConfig({ NODE_ENV: 'test' }).brand;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [c] = await database.db
      .insert(customers)
      .values({ name: 'Ada', email: 'ada@example.com', phone: '07700900123' })
      .returning();
    customerId = c!.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  const deps = (release: (...args: unknown[]) => Promise<void>) => ({
    db: database.db,
    mail: createMailService({ db: database.db, logger: createLogger('silent'), from: 'x@y.z' }),
    brand,
    releaseSlots: release as never,
  });

  const insertOrder = () =>
    insertOrderRow(database.db, new Date(now.getTime() + 5 * HOUR), {
      customerId,
      customerName: 'Ada',
      fullAddress: '12 Elgin Avenue',
    });

  it('cancels, releases both slots, records the event and queues the e-mail in one transaction', async () => {
    const order = await insertOrder();
    const calls: unknown[] = [];
    await cancelOrder(
      deps(async (_tx, slots) => {
        calls.push(slots);
      }),
      { customerId, orderId: order.id },
      now,
    );
    expect(calls).toEqual([
      { pickupStartsAt: order.pickupStartsAt, deliveryStartsAt: order.deliveryStartsAt },
    ]);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('cancelled');
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events).toHaveLength(1);
    const mail = await database.db
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
        { customerId, orderId: order.id },
        now,
      ),
    ).rejects.toThrow('slot release failed');
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('pending');
    expect(
      await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)),
    ).toEqual([]);
  });
});
