import PgBoss from 'pg-boss';
import { JOB_SCHEMA, jobNames, jobQueues } from './queues';
import type { SqlExecutor } from './sql-executor';

/**
 * Creates (or migrates) pg-boss's schema and our queues: part of `database.migrate()`, so the
 * test template carries them and a server starting on a migrated database only checks the
 * version. Idempotent; on PostgreSQL it runs under the migration lock.
 */
export async function installJobSchema(db: SqlExecutor): Promise<void> {
  const boss = new PgBoss({
    db,
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  // With supervision and schedules off, start() only installs or migrates the schema.
  await boss.start();
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const name of jobNames) {
    if (!existing.has(name)) await boss.createQueue(name, { name, ...jobQueues[name] });
  }
}
