import PgBoss from 'pg-boss';
import { LONDON_ZONE } from '@shared/london-time';
import type { DatabaseHandle, DbOrTx } from '../db/client';
import { errorFields, type Logger } from '../logger';
import { queueJob, type QueueJobOptions } from './queue-job';
import { DELIVERY_POLICY, JOB_SCHEMA, type JobData, type JobName } from './queues';

/**
 * What this instance does with the queue: 'all' works jobs and keeps the cron schedules
 * (production and development); 'work' only works jobs that were sent (tests with a mail or
 * text transport); 'off' only writes jobs (tests that read the outbox as it was queued).
 */
export type JobRunMode = 'all' | 'work' | 'off';

export type JobQueueOptions = {
  run: JobRunMode;
  /** How often an idle worker asks for jobs (pg-boss polling), seconds. */
  pollSeconds?: number;
  /** How often the schedules are checked (pg-boss cronMonitorIntervalSeconds). */
  cronSeconds?: number;
  /** First retry delay of the delivery queues (tests shorten it); doubled on each retry. */
  retryDelaySeconds?: number;
  /** Other cron lines for some schedules (tests run them every minute). */
  schedules?: Partial<Record<JobName, string>>;
};

export type JobHandler<N extends JobName> = (data: JobData[N]) => Promise<void>;

export type JobQueue = {
  readonly run: JobRunMode;
  /** Queues a job: in `tx` when given (the job commits with the change), else on its own. */
  send<N extends JobName>(
    name: N,
    data: JobData[N],
    options?: QueueJobOptions & { tx?: DbOrTx },
  ): Promise<string | null>;
  /** Registers the worker of a queue (before start; run 'work' or 'all'). */
  work<N extends JobName>(name: N, handler: JobHandler<N>, options?: { batchSize?: number }): void;
  /** A cron schedule in London time (run 'all'): once per due minute across every instance. */
  schedule(name: JobName, cron: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createJobQueue(
  database: DatabaseHandle,
  logger: Logger,
  options: JobQueueOptions,
): JobQueue {
  const workers: { name: JobName; handler: JobHandler<JobName>; batchSize: number }[] = [];
  const schedules: { name: JobName; cron: string }[] = [];
  let boss: PgBoss | null = null;
  let stopping = false;

  return {
    run: options.run,
    send(name, data, { tx, ...rest } = {}) {
      return queueJob(tx ?? database.db, name, data, rest);
    },
    work(name, handler, { batchSize = 1 } = {}) {
      workers.push({ name, handler: handler as JobHandler<JobName>, batchSize });
    },
    schedule(name, cron) {
      schedules.push({ name, cron: options.schedules?.[name] ?? cron });
    },
    async start() {
      if (options.run === 'off' || boss) return;
      boss = new PgBoss({
        db: { executeSql: (text, values) => database.executeSql(text, values) },
        schema: JOB_SCHEMA,
        // The schema is installed by database.migrate(); here it is only checked.
        migrate: false,
        supervise: true,
        schedule: options.run === 'all',
        ...(options.cronSeconds
          ? {
              cronMonitorIntervalSeconds: options.cronSeconds,
              cronWorkerIntervalSeconds: options.cronSeconds,
            }
          : {}),
      });
      boss.on('error', (error: unknown) => {
        // Queries in flight when the database closes under a stopping instance are expected.
        if (stopping) return;
        logger.error('job queue error', errorFields(error));
      });
      await boss.start();
      if (options.retryDelaySeconds !== undefined) {
        for (const name of ['deliver-mail', 'deliver-text'] as const) {
          await boss.updateQueue(name, {
            name,
            ...DELIVERY_POLICY,
            retryDelay: options.retryDelaySeconds,
          });
        }
      }
      const running = boss;
      for (const { name, handler, batchSize } of workers) {
        await running.work<JobData[JobName]>(
          name,
          { batchSize, pollingIntervalSeconds: options.pollSeconds ?? 2 },
          async (jobs) => {
            // Each job on its own: one that fails is retried, the others complete.
            for (const job of jobs) {
              try {
                await handler(job.data);
              } catch (error) {
                logger.warn('job failed; pg-boss retries it with back-off', {
                  queue: name,
                  jobId: job.id,
                  ...errorFields(error),
                });
                await running.fail(name, job.id, {
                  message: error instanceof Error ? error.message : String(error),
                });
              }
            }
          },
        );
      }
      if (options.run === 'all') {
        for (const { name, cron } of schedules) {
          await running.schedule(name, cron, {}, { tz: LONDON_ZONE });
        }
      }
    },
    async stop() {
      if (!boss) return;
      stopping = true;
      const running = boss;
      boss = null;
      // Waits for jobs in progress (up to 10 s), then fails what is left: retried elsewhere.
      await running.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}
