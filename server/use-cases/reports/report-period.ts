import { DateTime } from 'luxon';
import { LONDON_ZONE, londonDayRange, londonIsoDate } from '@shared/london-time';
import { ValidationError } from '../../errors';

/*
 * The period and branch of an owner's report (decision 054): London dates, both ends
 * included; by default the last 28 days to today. Pure.
 */

/** The longest period a report covers at once. */
export const MAX_REPORT_DAYS = 400;

export type ReportFilter = {
  from: string;
  to: string;
  branchId: number | null;
  /** Instants: [start of `from`, end of `to`) in London. */
  start: Date;
  end: Date;
};

export function reportFilter(
  input: { from?: string; to?: string; branch?: number },
  now: Date,
): ReportFilter {
  const to = input.to ?? londonIsoDate(now);
  const from =
    input.from ?? DateTime.fromISO(to, { zone: LONDON_ZONE }).minus({ days: 27 }).toISODate()!;
  if (from > to) {
    throw new ValidationError('The period must start on or before its end.', {
      from: ['The period must start on or before its end.'],
    });
  }
  const days = DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days;
  if (days >= MAX_REPORT_DAYS) {
    throw new ValidationError(`A report covers at most ${MAX_REPORT_DAYS} days.`, {
      to: [`A report covers at most ${MAX_REPORT_DAYS} days.`],
    });
  }
  return {
    from,
    to,
    branchId: input.branch ?? null,
    start: londonDayRange(from).from,
    end: londonDayRange(to).to,
  };
}

/** The Monday (London) of a YYYY-MM-DD date: the key of its week. */
export function weekOf(day: string): string {
  return DateTime.fromISO(day, { zone: LONDON_ZONE }).startOf('week').toISODate()!;
}
