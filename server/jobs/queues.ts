/**
 * The queues of the job queue (pg-boss, docs/decisions/030) and what each job carries. One
 * list: the schema installer creates them, the queue starts their workers, `queueJob` sends
 * to them.
 */

/** The schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = 'pgboss';

export type JobData = {
  /** One e-mail of the outbox (SMTP configured). */
  'deliver-mail': { outboxId: number };
  /** One outbound text (`text_messages`), started no earlier than its send_after. */
  'deliver-text': { textId: number };
  /** One push notification (`push_messages`) to its person's devices (issue 33). */
  'deliver-push': { pushId: number };
  /** Scheduled work: no data. */
  'approval-reminders': Record<string, never>;
  'collection-reminders': Record<string, never>;
  'expire-stale': Record<string, never>;
  'requeue-deliveries': Record<string, never>;
  'recurring-collections': Record<string, never>;
  'uncollected-reminders': Record<string, never>;
  'claim-payments': Record<string, never>;
};

export type JobName = keyof JobData;

export type QueuePolicy = {
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (with jitter) when retryBackoff. */
  retryDelay: number;
  retryBackoff: boolean;
  /** An active job not finished in this time counts as failed (its worker died). */
  expireInSeconds: number;
};

/**
 * Deliveries retry with exponential back-off from 5 s: ten retries span roughly 1.5 to 3
 * hours; after them the safety sweep ('requeue-deliveries') queues the message again, so
 * an outage of any length delays and loses nothing. Scheduled work does not retry: the next
 * run does the same work.
 */
export const DELIVERY_POLICY: QueuePolicy = {
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
};
const SCHEDULED_POLICY: QueuePolicy = {
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 10 * 60,
};

export const jobQueues: Record<JobName, QueuePolicy> = {
  'deliver-mail': DELIVERY_POLICY,
  'deliver-text': DELIVERY_POLICY,
  'deliver-push': DELIVERY_POLICY,
  'approval-reminders': SCHEDULED_POLICY,
  'collection-reminders': { ...SCHEDULED_POLICY, retryLimit: 3, retryDelay: 60 },
  'expire-stale': SCHEDULED_POLICY,
  'requeue-deliveries': SCHEDULED_POLICY,
  'recurring-collections': SCHEDULED_POLICY,
  'uncollected-reminders': SCHEDULED_POLICY,
  'claim-payments': SCHEDULED_POLICY,
};

export const jobNames = Object.keys(jobQueues) as JobName[];
