import PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client';
import { JOB_SCHEMA, type JobData, type JobName } from './queues';
import { drizzleExecutor } from './sql-executor';

export type QueueJobOptions = {
  /** Not before this instant (pg-boss `startAfter`); now when absent. */
  startAfter?: Date;
  /** A label for the job (e.g. 'text:42'): what the safety sweep looks for. */
  singletonKey?: string;
};

/**
 * pg-boss used only to write jobs: every send passes the database or transaction to write
 * through, so this instance never connects anywhere (its own `db` refuses, to say so).
 */
const writer = new PgBoss({
  schema: JOB_SCHEMA,
  db: {
    executeSql: () => Promise.reject(new Error('queueJob writes through the given transaction')),
  },
});

/**
 * Queues a job in the caller's transaction (or on the database), so the job exists exactly
 * when the change that caused it commits (decision 030). A step: the transaction comes first.
 * Returns the job's id.
 */
export async function queueJob<N extends JobName>(
  tx: DbOrTx,
  name: N,
  data: JobData[N],
  options: QueueJobOptions = {},
): Promise<string | null> {
  return writer.send(name, data as object, {
    db: drizzleExecutor(tx),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
  });
}
