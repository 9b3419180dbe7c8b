import { and, isNull, lt, sql } from 'drizzle-orm';
import { MAIL_EXPIRES_AFTER_MS } from '../adapters/mail/mail-service';
import { outbox } from '../db/schema';
import type { AppServices } from '../services';
import { queueJob } from './queue-job';
import { JOB_SCHEMA } from './queues';

/** Rows re-queued per run at most; the next run takes the rest. */
const BATCH = 500;

/**
 * The safety sweep (decision 030): a delivery job for every unsent mail (with SMTP) and every
 * queued text and push notification that has none waiting, running or retrying: rows written before the job queue
 * existed or while the site ran without SMTP, or whose job used up its retries during a long
 * outage. So nothing queued is ever left behind, except mail older than a day, which is marked
 * expired and never sent (MAIL_EXPIRES_AFTER_MS). Returns how many jobs it queued and how many
 * mails it expired.
 */
export async function requeueDeliveries(
  deps: Pick<AppServices, 'db' | 'mail' | 'now'>,
): Promise<{ mail: number; texts: number; pushes: number; expired: number }> {
  const pending = (name: string, prefix: string, column: string) =>
    sql.raw(`not exists (select 1 from ${JOB_SCHEMA}.job j where j.name = '${name}'
      and j.singleton_key = '${prefix}:' || ${column} and j.state < 'completed')`);
  let mail = 0;
  let expired = 0;
  if (deps.mail.kind === 'smtp') {
    const oldest = new Date(deps.now().getTime() - MAIL_EXPIRES_AFTER_MS);
    expired = (
      await deps.db
        .update(outbox)
        .set({ expiredAt: deps.now() })
        .where(and(isNull(outbox.sentAt), isNull(outbox.expiredAt), lt(outbox.createdAt, oldest)))
        .returning({ id: outbox.id })
    ).length;
    const rows = await deps.db.execute<{ id: number }>(
      sql`select o.id from outbox o where o.sent_at is null and o.expired_at is null and ${pending('deliver-mail', 'mail', 'o.id')} order by o.id limit ${BATCH}`,
    );
    for (const { id } of rowsOf<{ id: number }>(rows)) {
      await queueJob(deps.db, 'deliver-mail', { outboxId: id }, { singletonKey: `mail:${id}` });
      mail += 1;
    }
  }
  const texts = await deps.db.execute<{ id: number; send_after: Date | string }>(
    sql`select t.id, t.send_after from text_messages t where t.direction = 'outbound' and t.status = 'queued' and ${pending('deliver-text', 'text', 't.id')} order by t.id limit ${BATCH}`,
  );
  let queued = 0;
  for (const { id, send_after } of rowsOf<{ id: number; send_after: Date | string }>(texts)) {
    await queueJob(
      deps.db,
      'deliver-text',
      { textId: id },
      { startAfter: new Date(send_after), singletonKey: `text:${id}` },
    );
    queued += 1;
  }
  const pushRows = await deps.db.execute<{ id: number; send_after: Date | string }>(
    sql`select p.id, p.send_after from push_messages p where p.status = 'queued' and ${pending('deliver-push', 'push', 'p.id')} order by p.id limit ${BATCH}`,
  );
  let pushes = 0;
  for (const { id, send_after } of rowsOf<{ id: number; send_after: Date | string }>(pushRows)) {
    await queueJob(
      deps.db,
      'deliver-push',
      { pushId: id },
      { startAfter: new Date(send_after), singletonKey: `push:${id}` },
    );
    pushes += 1;
  }
  return { mail, texts: queued, pushes, expired };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
