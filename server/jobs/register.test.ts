import { describe, expect, it } from 'vitest';
import type { AppServices } from '../services';
import type { JobQueue } from './job-queue';
import { jobNames } from './queues';
import { registerJobs } from './register';

function registered(mail: 'smtp' | 'outbox') {
  const workers: string[] = [];
  const schedules: Record<string, string> = {};
  const jobs = {
    work: (name: string) => workers.push(name),
    schedule: (name: string, cron: string) => (schedules[name] = cron),
  } as unknown as JobQueue;
  registerJobs({ jobs, mail: { kind: mail } } as AppServices);
  return { workers, schedules };
}

describe('registerJobs: every worker and schedule in one place', () => {
  const { workers, schedules } = registered('smtp');

  it('works every queue', () => {
    expect(workers.sort()).toEqual([...jobNames].sort());
  });

  it('an instance that cannot send mail leaves the mail jobs to those that can (issue 31)', () => {
    const without = registered('outbox').workers;
    expect(without).not.toContain('deliver-mail');
    expect(without.sort()).toEqual(jobNames.filter((n) => n !== 'deliver-mail').sort());
  });

  it('schedules the reminders, the clean-up, the safety sweep and repeat collections (London time)', () => {
    expect(schedules).toEqual({
      'approval-reminders': '*/5 * * * *',
      'collection-reminders': '0 18 * * *',
      'expire-stale': '23 * * * *',
      'requeue-deliveries': '*/15 * * * *',
      'recurring-collections': '7 * * * *',
      'uncollected-reminders': '45 9-18 * * *',
      'claim-payments': '*/5 * * * *',
    });
  });
});
