import { DateTime } from 'luxon';
import type { RecurringPlanView } from '@shared/api/recurring';
import { formatAddress, type AddressParts } from '@shared/address';
import { LONDON_ZONE, londonToday } from '@shared/london-time';
import { frequencyLabels, skipDeadline, upcomingDates, weekdayNames } from '@shared/recurring';
import type { OccurrenceRow, PlanRow } from './plan-access';
import { planDates } from './plan-access';

/** How many of a plan's next dates the account and the link page show. */
export const UPCOMING_SHOWN = 6;

/** "Fri 27 Nov" of a London date. */
export const dayLabel = (date: string) =>
  DateTime.fromISO(date, { zone: LONDON_ZONE }).toFormat('ccc d LLL');

/** The plan's address as printed on one line (the parts it was set up with). */
export function planAddress(plan: PlanRow): string {
  return formatAddress((plan.addressJson ?? {}) as AddressParts);
}

/** One plan as the API and the account show it: its rule and its next dates with their state. */
export function presentPlan(
  plan: PlanRow,
  occurrences: ReadonlyMap<string, OccurrenceRow>,
  now: Date,
): RecurringPlanView {
  const skipped = new Set(
    [...occurrences.values()].filter((o) => o.status === 'skipped').map((o) => o.collectionDate),
  );
  const today = londonToday(now);
  const upcoming = upcomingDates(planDates(plan), today, skipped, UPCOMING_SHOWN)
    .filter((d) => d.date > today)
    .map((d) => {
      const occurrence = occurrences.get(d.date);
      const state =
        d.state === 'due' && occurrence && occurrence.status !== 'skipped'
          ? occurrence.status
          : d.state;
      return {
        date: d.date,
        display: dayLabel(d.date),
        state,
        note:
          state === 'failed'
            ? (occurrence?.reason ?? 'Not booked')
            : state === 'skipped' && occurrence?.reason && occurrence.reason !== 'Skipped'
              ? occurrence.reason
              : null,
        can_skip:
          plan.status !== 'stopped' &&
          (state === 'due' || state === 'announced' || state === 'booked') &&
          now < skipDeadline(d.date),
      };
    });
  const weekday = weekdayNames[plan.weekday - 1] ?? '';
  return {
    id: plan.id,
    frequency: plan.frequency,
    frequency_label: frequencyLabels[plan.frequency],
    weekday: plan.weekday,
    weekday_label: weekday,
    window_start: plan.windowStart,
    delivery_start: plan.deliveryStart,
    address: planAddress(plan),
    status: plan.status,
    paused_until: plan.pausedUntil,
    paused_until_display: plan.pausedUntil ? dayLabel(plan.pausedUntil) : null,
    summary: `${frequencyLabels[plan.frequency]} on ${weekday}, collected from ${plan.windowStart}`,
    upcoming,
  };
}
