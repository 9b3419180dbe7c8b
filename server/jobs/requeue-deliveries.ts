import { sql } from 'drizzle-orm';
import type { AppServices } from '../services';
import { queueJob } from './queue-job';
import { JOB_SCHEMA } from './queues';

/** Rows re-queued per run at most; the next run takes the rest. */
const BATCH = 500;

/**
 * The safety sweep (decision 030): a delivery job for every unsent mail (with SMTP) and every
 * queued text that has none waiting, running or retrying: rows written before the job queue
 * existed, or whose job used up its retries during a long outage. So nothing queued is ever
 * left behind. Returns how many jobs it queued.
 */
export async function requeueDeliveries(
  deps: Pick<AppServices, 'db' | 'mail'>,
): Promise<{ mail: number; texts: number }> {
  const pending = (name: string, prefix: string, column: string) =>
    sql.raw(`not exists (select 1 from ${JOB_SCHEMA}.job j where j.name = '${name}'
      and j.singleton_key = '${prefix}:' || ${column} and j.state < 'completed')`);
  let mail = 0;
  if (deps.mail.kind === 'smtp') {
    const rows = await deps.db.execute<{ id: number }>(
      sql`select o.id from outbox o where o.sent_at is null and ${pending('deliver-mail', 'mail', 'o.id')} order by o.id limit ${BATCH}`,
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
  return { mail, texts: queued };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
