import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { createLogger } from '../../logger';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { startSmtpServer } from '@tests/helpers/smtp-server';
import { createMailService, createSmtpTransport } from './mail-service';

describe('mail service', () => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  const message = (to: string) => ({
    to,
    subject: 'Your collection is booked',
    html: '<p>Booked</p>',
    text: 'Booked',
    template: 'test',
  });

  /** The delivery jobs queued for an outbox row (pg-boss's job table). */
  async function jobsFor(outboxId: number) {
    const { rows } = await database.executeSql(
      `select state from pgboss.job where name = 'deliver-mail' and data->>'outboxId' = $1`,
      [String(outboxId)],
    );
    return rows;
  }

  async function rowTo(address: string) {
    const [row] = await database.db.select().from(outbox).where(eq(outbox.toAddress, address));
    return row!;
  }

  it('without SMTP keeps messages in the outbox for the mailbox page, with no delivery job', async () => {
    const mail = createMailService({
      db: database.db,
      logger: createLogger('silent'),
      from: 'a@b.c',
    });
    expect(mail.kind).toBe('outbox');
    await mail.enqueue(message('outbox-only@example.com'));
    const row = await rowTo('outbox-only@example.com');
    expect(row.sentAt).toBeNull();
    expect(await jobsFor(row.id)).toEqual([]);
    expect(await mail.deliver(row.id)).toBe(false);
  });

  it('with SMTP queues a delivery job in the same transaction, and none when it rolls back', async () => {
    const mail = createMailService({
      db: database.db,
      logger: createLogger('silent'),
      from: 'shop@example.com',
      transport: createSmtpTransport(smtp.url),
    });
    await database.db.transaction(async (tx) => {
      await mail.enqueue(message('committed@example.com'), tx);
    });
    const committed = await rowTo('committed@example.com');
    expect(await jobsFor(committed.id)).toEqual([{ state: 'created' }]);

    const before = await database.executeSql(`select count(*)::int as n from pgboss.job`);
    await expect(
      database.db.transaction(async (tx) => {
        await mail.enqueue(message('rolled-back@example.com'), tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const after = await database.executeSql(`select count(*)::int as n from pgboss.job`);
    expect(after.rows).toEqual(before.rows);
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(eq(outbox.toAddress, 'rolled-back@example.com')),
    ).toEqual([]);
  });

  it('delivers through a real SMTP server once, and marks the message sent', async () => {
    const mail = createMailService({
      db: database.db,
      logger: createLogger('silent'),
      from: 'Shop <shop@example.com>',
      transport: createSmtpTransport(smtp.url),
    });
    await mail.enqueue(message('customer@example.com'));
    const row = await rowTo('customer@example.com');
    expect(await mail.deliver(row.id)).toBe(true);
    const received = await smtp.waitFor((m) => m.to.includes('customer@example.com'));
    expect(received.subject).toBe('Your collection is booked');
    expect((await rowTo('customer@example.com')).sentAt).not.toBeNull();
    // A second job for it (a retry after a dead worker, the safety sweep) sends nothing.
    expect(await mail.deliver(row.id)).toBe(false);
    expect(smtp.messages.filter((m) => m.to.includes('customer@example.com'))).toHaveLength(1);
  });

  it('records a failed attempt and throws (the job is retried), then delivers', async () => {
    const mail = createMailService({
      db: database.db,
      logger: createLogger('silent'),
      from: 'shop@example.com',
      transport: createSmtpTransport(smtp.url),
    });
    smtp.setRefusing(true);
    await mail.enqueue(message('outage@example.com'), database.db);
    const row = await rowTo('outage@example.com');
    await expect(mail.deliver(row.id)).rejects.toThrow();
    const failed = await rowTo('outage@example.com');
    expect(failed.sentAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toBeTruthy();

    smtp.setRefusing(false);
    expect(await mail.deliver(row.id)).toBe(true);
    await smtp.waitFor((m) => m.to.includes('outage@example.com'));
    expect((await rowTo('outage@example.com')).sentAt).not.toBeNull();
  });
});
