import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, slotSettings } from '../server/db/schema';
import { firstSlots, placeGuestOrder } from '@tests/helpers/fixtures';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Two instances with different mail settings on one database (a rolling change of settings):
 * the one without SMTP works the other jobs but never the mail ones, so it cannot complete a
 * delivery it is unable to make (issue 31).
 */
describe('an instance that cannot send mail', () => {
  let database: TestDatabase;
  let withSmtp: TestServer;
  let withoutSmtp: TestServer;
  const delivered: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = { ...database, close: async () => {} };
    const fast = { pollSeconds: 0.5, retryDelaySeconds: 1 };
    withSmtp = await startTestServer({
      database: shared,
      mailTransport: { send: async (message) => void delivered.push(message.to) },
      jobs: { run: 'work', ...fast },
    });
    withoutSmtp = await startTestServer({ database: shared, jobs: { run: 'work', ...fast } });
  }, 120_000);
  afterAll(async () => {
    await withSmtp?.stop();
    await withoutSmtp?.stop();
    await database?.close();
  });

  it("never marks the other instance's mail jobs done: every confirmation is sent", async () => {
    expect(withoutSmtp.services.mail.kind).toBe('outbox');
    await database.db
      .update(slotSettings)
      .set({ pickupCapacityPerSlot: 100, deliveryCapacityPerSlot: 100 });
    await withSmtp.services.content.refresh();
    const slots = await firstSlots(withSmtp);
    for (let n = 0; n < 6; n += 1) {
      await placeGuestOrder(withSmtp, {
        slots,
        details: { email: `mixed-${n}@example.com` },
        headers: { 'X-Forwarded-For': `10.7.0.${n}` },
      });
    }
    // Both instances poll the queue; only the one with SMTP takes mail jobs.
    await expect
      .poll(
        async () => (await database.db.select().from(outbox).where(isNull(outbox.sentAt))).length,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(0);
    const toCustomers = delivered.filter((to) => to.startsWith('mixed-'));
    expect(new Set(toCustomers).size).toBe(6);
    expect(toCustomers).toHaveLength(6);
  });
});
