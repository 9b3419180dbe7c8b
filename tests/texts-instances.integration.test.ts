import { inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client';
import { customers, textMessages } from '../server/db/schema';
import { queueCollectionReminders } from '../server/use-cases/messages/collection-reminders';
import { insertOrderRow, lastLondonNoon } from '@tests/helpers/fixtures';
import { createTestDatabase, onPostgres, type TestDatabase } from '@tests/helpers/test-database';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { startTwilioStandIn, type TwilioStandIn } from '@tests/helpers/twilio-stand-in';

/*
 * Two instances on one PostgreSQL database, each with its own pool and its own pg-boss (issue
 * 17, decision 030): the evening-before reminder, scheduled every minute here instead of at
 * 18:00, runs once per minute across both; its 50 texts go out once each while Twilio (the
 * stand-in) is down at first, so they are retried with back-off and none is lost.
 */

const PUBLIC_URL = 'http://cleanline.test';
const ORDERS = 50;
const clock = lastLondonNoon();

describe.skipIf(!onPostgres())('texts and schedules with two instances, on PostgreSQL', () => {
  let database: TestDatabase;
  let standIn: TwilioStandIn;
  let first: TestServer;
  let second: TestServer;
  const phones: string[] = [];
  let startedAt: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    // 50 customers who take texts, each collected tomorrow (London) of the instances' clock:
    // noon, whatever the hour the suite runs at, so that no reminder waits for 08:00.
    const tomorrow = DateTime.fromJSDate(clock)
      .setZone('Europe/London')
      .plus({ days: 1 })
      .set({ hour: 10, minute: 0, second: 0, millisecond: 0 })
      .toJSDate();
    for (let i = 0; i < ORDERS; i += 1) {
      const phone = `+4479111${String(23400 + i)}`;
      phones.push(phone);
      const [customer] = await database.db
        .insert(customers)
        .values({
          name: `Customer ${i}`,
          email: `evening-${i}@example.com`,
          phone,
          notifySms: true,
        })
        .returning();
      await insertOrderRow(database.db, tomorrow, {
        customerId: customer!.id,
        customerPhone: phone,
        customerEmail: customer!.email,
      });
    }
    standIn = await startTwilioStandIn({ publicUrl: PUBLIC_URL });
    // Twilio is down when the reminders are due.
    standIn.setMode({ kind: 'outage' });
    const options = {
      now: () => clock,
      env: { ...standIn.env(), JOBS: 'all' },
      jobs: {
        pollSeconds: 0.5,
        cronSeconds: 1,
        retryDelaySeconds: 1,
        schedules: {
          'collection-reminders': '* * * * *',
          'expire-stale': '* * * * *',
        } as const,
      },
    };
    startedAt = Date.now();
    // The instances do not close the database they share; afterAll does, once.
    first = await startTestServer({ ...options, database: { ...database, close: async () => {} } });
    second = await startTestServer({
      ...options,
      database: await openDatabase({ kind: 'postgres', url: database.url! }),
    });
  }, 120_000);
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await standIn?.close();
    await database?.close();
  });

  async function reminders() {
    return database.db.select().from(textMessages).where(inArray(textMessages.phone, phones));
  }

  it('the evening reminder for 50 orders: sent once each, never twice, through an outage', async () => {
    // Queued by the scheduled job, and refused by Twilio for a while.
    let deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const rows = await reminders();
      if (rows.length === ORDERS && rows.filter((r) => r.attempts >= 1).length >= 10) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const waiting = await reminders();
    expect(waiting).toHaveLength(ORDERS);
    expect(waiting.every((r) => r.status === 'queued')).toBe(true);
    expect(standIn.refused).toBeGreaterThanOrEqual(10);
    expect(standIn.messages).toHaveLength(0);

    // A second run of the reminder on each instance at once queues nothing more.
    const again = await Promise.all([
      queueCollectionReminders(first.services),
      queueCollectionReminders(second.services),
    ]);
    expect(again).toEqual([0, 0]);

    // Twilio is back: every reminder goes out once.
    standIn.setMode({ kind: 'ok' });
    deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const rows = await reminders();
      if (rows.every((r) => r.status === 'sent')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const sent = await reminders();
    expect(sent.filter((r) => r.status !== 'sent')).toEqual([]);
    expect(sent.every((r) => r.template === 'collection-reminder')).toBe(true);
    expect(standIn.messages).toHaveLength(ORDERS);
    expect(new Set(standIn.messages.map((m) => m.to))).toEqual(new Set(phones));
    expect(new Set(sent.map((r) => r.providerSid))).toEqual(
      new Set(standIn.messages.map((m) => m.sid)),
    );
    // A few seconds more: nothing is sent twice by a late retry on either instance.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(standIn.messages).toHaveLength(ORDERS);
  }, 180_000);

  it('a scheduled job runs once per due minute across both instances', async () => {
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(startedAt / 60_000) + 1;
    for (const name of ['collection-reminders', 'expire-stale']) {
      const { rows } = await database.executeSql(
        `select state, created_on from pgboss.job where name = $1
         union all select state, created_on from pgboss.archive where name = $1`,
        [name],
      );
      // Both instances check the schedules every second; one job per minute is made.
      expect(rows.length, name).toBeGreaterThanOrEqual(1);
      expect(rows.length, name).toBeLessThanOrEqual(minutes);
      const { rows: cron } = await database.executeSql(
        `select singleton_on from pgboss.job where name = '__pgboss__send-it' and singleton_key = $1
         union all select singleton_on from pgboss.archive where name = '__pgboss__send-it' and singleton_key = $1`,
        [name],
      );
      expect(cron.length, name).toBe(rows.length);
      expect(rows.every((r) => r.state === 'completed' || r.state === 'active')).toBe(true);
    }
    // The schedules are kept once, in London time (the reminder at 18:00 live).
    const { rows: schedules } = await database.executeSql(
      `select name, cron, timezone from pgboss.schedule order by name`,
    );
    expect(schedules).toEqual([
      { name: 'approval-reminders', cron: '*/5 * * * *', timezone: 'Europe/London' },
      { name: 'claim-payments', cron: '*/5 * * * *', timezone: 'Europe/London' },
      { name: 'collection-reminders', cron: '* * * * *', timezone: 'Europe/London' },
      { name: 'expire-stale', cron: '* * * * *', timezone: 'Europe/London' },
      { name: 'recurring-collections', cron: '7 * * * *', timezone: 'Europe/London' },
      { name: 'requeue-deliveries', cron: '*/15 * * * *', timezone: 'Europe/London' },
      { name: 'uncollected-reminders', cron: '45 9-18 * * *', timezone: 'Europe/London' },
    ]);
    expect([...first.errors, ...second.errors]).toEqual([]);
  });
});
