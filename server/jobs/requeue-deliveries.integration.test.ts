import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailService } from '../adapters/mail/mail-service';
import { outbox, textMessages } from '../db/schema';
import { createLogger } from '../logger';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { requeueDeliveries } from './requeue-deliveries';

/*
 * The safety sweep: every unsent mail (with SMTP) and queued text gets a delivery job when it
 * has none waiting, running or retrying, e.g. rows written before the job queue existed, or
 * whose job used up its retries in a long outage.
 */
describe('requeueDeliveries', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const now = () => new Date();
  const smtpMail = () =>
    createMailService({
      db: database.db,
      logger: createLogger('silent'),
      from: 'shop@example.com',
      transport: { send: async () => {} },
    });

  async function jobs(name: string, key: string) {
    const { rows } = await database.executeSql(
      `select state, data, start_after from pgboss.job where name = $1 and singleton_key = $2 order by created_on`,
      [name, key],
    );
    return rows as { state: string; data: Record<string, number>; start_after: Date }[];
  }

  it('queues a job for rows that have none, once, and again when the last one failed for good', async () => {
    // Written straight to the tables, as before the job queue: no jobs.
    const [mail] = await database.db
      .insert(outbox)
      .values({
        toAddress: 'old@example.com',
        subject: 's',
        html: 'h',
        textBody: 't',
        template: 'x',
      })
      .returning();
    const later = new Date(Date.now() + 60 * 60_000);
    const [text] = await database.db
      .insert(textMessages)
      .values({
        direction: 'outbound',
        channel: 'sms',
        template: 'x',
        phone: '+447911123456',
        body: 'b',
        status: 'queued',
        sendAfter: later,
      })
      .returning();
    const [sentText] = await database.db
      .insert(textMessages)
      .values({
        direction: 'outbound',
        channel: 'sms',
        template: 'x',
        phone: '+447911123457',
        body: 'b',
        status: 'sent',
      })
      .returning();

    // Without SMTP the outbox is the mailbox: mail is not re-queued.
    const offline = createMailService({
      db: database.db,
      logger: createLogger('silent'),
      from: 'a@b.c',
    });
    expect(await requeueDeliveries({ db: database.db, mail: offline, now })).toEqual({
      mail: 0,
      texts: 1,
      pushes: 0,
      expired: 0,
    });
    expect(await jobs('deliver-mail', `mail:${mail!.id}`)).toEqual([]);
    const [textJob] = await jobs('deliver-text', `text:${text!.id}`);
    expect(textJob?.data).toEqual({ textId: text!.id });
    // Not before the text's send_after.
    expect(new Date(textJob!.start_after).getTime()).toBe(later.getTime());
    expect(await jobs('deliver-text', `text:${sentText!.id}`)).toEqual([]);

    expect(await requeueDeliveries({ db: database.db, mail: smtpMail(), now })).toEqual({
      mail: 1,
      texts: 0,
      pushes: 0,
      expired: 0,
    });
    expect(await jobs('deliver-mail', `mail:${mail!.id}`)).toMatchObject([
      { state: 'created', data: { outboxId: mail!.id } },
    ]);
    // A second sweep finds a job waiting for each.
    expect(await requeueDeliveries({ db: database.db, mail: smtpMail(), now })).toEqual({
      mail: 0,
      texts: 0,
      pushes: 0,
      expired: 0,
    });

    // Its retries used up: the next sweep gives it a new job.
    await database.executeSql(`update pgboss.job set state = 'failed' where singleton_key = $1`, [
      `mail:${mail!.id}`,
    ]);
    expect(await requeueDeliveries({ db: database.db, mail: smtpMail(), now })).toEqual({
      mail: 1,
      texts: 0,
      pushes: 0,
      expired: 0,
    });
    expect((await jobs('deliver-mail', `mail:${mail!.id}`)).map((j) => j.state)).toEqual([
      'failed',
      'created',
    ]);
  });

  it('turning SMTP on sends what is still worth sending: mail older than a day is marked expired, never sent', async () => {
    const sent: string[] = [];
    const mail = createMailService({
      db: database.db,
      logger: createLogger('silent'),
      from: 'shop@example.com',
      transport: { send: async (m) => void sent.push(m.to) },
    });
    const kept = (to: string, hoursAgo: number) =>
      database.db
        .insert(outbox)
        .values({
          toAddress: to,
          subject: 'Reset your password',
          html: 'h',
          textBody: 't',
          template: 'password-reset',
          createdAt: new Date(Date.now() - hoursAgo * 60 * 60_000),
        })
        .returning()
        .then(([row]) => row!);
    // Kept while the site ran without SMTP: one from this morning, one from two days ago.
    const fresh = await kept('fresh@example.com', 3);
    const stale = await kept('stale@example.com', 48);
    const result = await requeueDeliveries({ db: database.db, mail, now });
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await jobs('deliver-mail', `mail:${stale.id}`)).toEqual([]);
    expect(await jobs('deliver-mail', `mail:${fresh.id}`)).toHaveLength(1);
    expect(await mail.deliver(fresh.id)).toBe(true);
    expect(await mail.deliver(stale.id)).toBe(false);
    expect(sent).toEqual(['fresh@example.com']);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, stale.id));
    expect(row!.sentAt).toBeNull();
    expect(row!.expiredAt).not.toBeNull();
  });

  it('a job for a message that aged past a day (SMTP down since) expires it instead of sending', async () => {
    const sent: string[] = [];
    const mail = createMailService({
      db: database.db,
      logger: createLogger('silent'),
      from: 'shop@example.com',
      transport: { send: async (m) => void sent.push(m.to) },
      now: () => new Date(Date.now() + 25 * 60 * 60_000),
    });
    const [row] = await database.db
      .insert(outbox)
      .values({
        toAddress: 'late@example.com',
        subject: 's',
        html: 'h',
        textBody: 't',
        template: 'x',
      })
      .returning();
    expect(await mail.deliver(row!.id)).toBe(false);
    expect(sent).toEqual([]);
    const [after] = await database.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after!.expiredAt).not.toBeNull();
  });
});
