import { errorFields } from './logger';
import type { AppServices } from './services';
import { sendApprovalReminders } from './use-cases/approvals/remind-approvals';

/** How often each instance sweeps for periodic work (decision 006: every instance works it). */
export const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export type PeriodicJobs = { stop(): Promise<void> };

/**
 * Periodic work beside the outbox dispatcher (services.mail.start()): today the reminder of
 * approval requests nobody answered within a day (issue 15). Every instance runs it; the
 * sweep claims its rows with FOR UPDATE SKIP LOCKED, so two instances never remind twice.
 */
export function startPeriodicJobs(
  services: AppServices,
  interval = SWEEP_INTERVAL_MS,
): PeriodicJobs {
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    running ??= sendApprovalReminders(services)
      .then((sent) => {
        if (sent > 0) services.logger.info('approval reminders queued', { sent });
      })
      .catch((error: unknown) => {
        services.logger.error('approval reminder sweep failed', errorFields(error));
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, interval);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
