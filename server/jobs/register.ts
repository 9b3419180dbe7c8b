import type { AppServices } from '../services';
import { sendApprovalReminders } from '../use-cases/approvals/remind-approvals';
import { queueCollectionReminders } from '../use-cases/messages/collection-reminders';
import { deliverPush } from '../use-cases/messages/deliver-push';
import { deliverText } from '../use-cases/messages/deliver-text';
import { expireStaleRows } from '../use-cases/maintenance/expire-stale';
import { runRecurringSchedule } from '../use-cases/recurring/run-schedule';
import { sendUncollectedReminders } from '../use-cases/counter/uncollected-reminders';
import { finishPayingClaims } from '../use-cases/claims/repair-claim-payments';
import { requeueDeliveries } from './requeue-deliveries';

/**
 * Every worker and every schedule, in one place (decision 030). Schedules are cron lines in
 * London time; pg-boss sends each due minute's job once across all instances.
 */
export function registerJobs(services: AppServices): void {
  const { jobs, logger } = services;
  const done = (what: string) => (count: number | Record<string, number>) => {
    const total =
      typeof count === 'number' ? count : Object.values(count).reduce((a, b) => a + b, 0);
    if (total > 0) logger.info(what, typeof count === 'number' ? { count } : count);
  };

  // Deliveries: one job per message, queued in the transaction that wrote it. Mail jobs are
  // worked only by an instance that can send mail: one without SMTP (another instance's
  // settings, a rolling change of them) leaves them to the others rather than completing them
  // unsent.
  if (services.mail.kind === 'smtp') {
    jobs.work(
      'deliver-mail',
      async ({ outboxId }) => {
        await services.mail.deliver(outboxId);
      },
      { batchSize: 5 },
    );
  }
  jobs.work(
    'deliver-text',
    async ({ textId }) => {
      await deliverText(services, { textId });
    },
    { batchSize: 5 },
  );

  // Push notifications (issue 33): any instance can send them, with the keys every one shares.
  jobs.work(
    'deliver-push',
    async ({ pushId }) => {
      await deliverPush(services, { pushId });
    },
    { batchSize: 5 },
  );

  // Approval requests nobody answered within a day get one reminder (decision 024).
  jobs.work('approval-reminders', () =>
    sendApprovalReminders(services).then(done('approval reminders queued')),
  );
  jobs.schedule('approval-reminders', '*/5 * * * *');

  // The evening before a collection, at 18:00 London time.
  jobs.work('collection-reminders', () =>
    queueCollectionReminders(services).then(done('collection reminders queued')),
  );
  jobs.schedule('collection-reminders', '0 18 * * *');

  // Expired codes, checkout tokens, sessions and old rate-limit counters, hourly.
  jobs.work('expire-stale', () => expireStaleRows(services).then(done('expired rows deleted')));
  jobs.schedule('expire-stale', '23 * * * *');

  // Anything queued without a delivery job (written before the queue, or retries used up).
  jobs.work('requeue-deliveries', () =>
    requeueDeliveries(services).then(done('deliveries re-queued')),
  );
  jobs.schedule('requeue-deliveries', '*/15 * * * *');

  // Repeat collections: announced five days ahead, booked two days ahead (decision 036).
  jobs.work('recurring-collections', () =>
    runRecurringSchedule(services).then(done('repeat collections')),
  );
  jobs.schedule('recurring-collections', '7 * * * *');

  // Counter tickets left on the rack: 30, 60, 80 days after ready and the last notice at 90
  // (decision 054), hourly in the shop's day; each notice once by its row's key.
  jobs.work('uncollected-reminders', () =>
    sendUncollectedReminders(services).then(done('uncollected reminders sent')),
  );
  jobs.schedule('uncollected-reminders', '45 9-18 * * *');

  // Claims whose refund got no answer from the provider: asked again with the same keys until
  // paid or refused (decision 063).
  jobs.work('claim-payments', () =>
    finishPayingClaims(services).then(done('claim payments finished')),
  );
  jobs.schedule('claim-payments', '*/5 * * * *');
}
