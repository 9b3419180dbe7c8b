import { describe, expect, it } from 'vitest';
import type { AppServices } from '../services';
import type { JobQueue } from './job-queue';
import { jobNames } from './queues';
import { registerJobs } from './register';

describe('registerJobs: every worker and schedule in one place', () => {
  const workers: string[] = [];
  const schedules: Record<string, string> = {};
  const jobs = {
    work: (name: string) => workers.push(name),
    schedule: (name: string, cron: string) => (schedules[name] = cron),
  } as unknown as JobQueue;
  registerJobs({ jobs } as AppServices);

  it('works every queue', () => {
    expect(workers.sort()).toEqual([...jobNames].sort());
  });

  it('schedules the reminders, the clean-up, the safety sweep and repeat collections (London time)', () => {
    expect(schedules).toEqual({
      'approval-reminders': '*/5 * * * *',
      'collection-reminders': '0 18 * * *',
      'expire-stale': '23 * * * *',
      'requeue-deliveries': '*/15 * * * *',
      'recurring-collections': '7 * * * *',
    });
  });
});
