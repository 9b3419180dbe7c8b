import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { createLogger } from '../../logger';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database';
import { startSmtpServer } from '../../../tests/helpers/smtp-server';
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

  it('without SMTP keeps messages in the outbox for the mailbox page', async () => {
    const mail = createMailService({
      db: database.db,
      logger: createLogger('silent'),
      from: 'a@b.c',
    });
    expect(mail.kind).toBe('outbox');
    await mail.enqueue(message('outbox-only@example.com'));
    const rows = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'outbox-only@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sentAt).toBeNull();
    expect(await mail.dispatchPending()).toBe(0);
  });

  it('delivers through a real SMTP server and marks the message sent', async () => {
    const mail = createMailService({
      db: database.db,
      logger: createLogger('silent'),
      from: 'Shop <shop@example.com>',
      transport: createSmtpTransport(smtp.url),
    });
    await mail.enqueue(message('customer@example.com'));
    const received = await smtp.waitFor((m) => m.to.includes('customer@example.com'));
    expect(received.subject).toBe('Your collection is booked');
    await mail.dispatchPending();
    const [row] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'customer@example.com'));
    expect(row?.sentAt).not.toBeNull();
  });

  it('keeps a message through an SMTP outage and delivers it afterwards', async () => {
    const mail = createMailService({
      db: database.db,
      logger: createLogger('silent'),
      from: 'shop@example.com',
      transport: createSmtpTransport(smtp.url),
    });
    smtp.setRefusing(true);
    await mail.enqueue(message('outage@example.com'), database.db);
    await mail.dispatchPending();
    const [failed] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'outage@example.com'));
    expect(failed?.sentAt).toBeNull();
    expect(failed?.attempts).toBe(1);

    smtp.setRefusing(false);
    // Make it due now rather than waiting for the back-off.
    await database.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outbox.toAddress, 'outage@example.com'));
    expect(await mail.dispatchPending()).toBe(1);
    await smtp.waitFor((m) => m.to.includes('outage@example.com'));
  });
});
