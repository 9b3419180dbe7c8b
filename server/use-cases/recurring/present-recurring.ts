import { DateTime } from 'luxon';
import type { RecurringPlanView } from '@shared/api/recurring';
import { formatAddress, type AddressParts } from '@shared/address';
import { LONDON_ZONE, londonToday } from '@shared/london-time';
import { frequencyLabels, skipDeadline, upcomingDates, weekdayNames } from '@shared/recurring';
import type { OccurrenceRow, PlanRow } from './plan-access';
import { planDates } from './plan-access';

/** How many of a plan's next dates the account and the link page show. */
export const UPCOMING_SHOWN = 6;

/** The note of a collection booked before the plan was changed (it stays as it is). */
export const BOOKED_BEFORE_CHANGE =
  'Booked before your change: it stays as booked (cancel it from your orders if need be)';

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
  // Booked under an earlier rule of the plan (before a change): still collected, shown too.
  const listed = new Set(upcoming.map((d) => d.date));
  const kept = [...occurrences.values()]
    .filter(
      (o) => o.status === 'booked' && o.collectionDate > today && !listed.has(o.collectionDate),
    )
    .map((o) => ({
      date: o.collectionDate,
      display: dayLabel(o.collectionDate),
      state: 'booked' as const,
      note: BOOKED_BEFORE_CHANGE,
      can_skip: false,
    }));
  if (kept.length > 0) upcoming.push(...kept);
  upcoming.sort((a, b) => a.date.localeCompare(b.date));
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
    notes: plan.notes,
    status: plan.status,
    paused_until: plan.pausedUntil,
    paused_until_display: plan.pausedUntil ? dayLabel(plan.pausedUntil) : null,
    summary: `${frequencyLabels[plan.frequency]} on ${weekday}, collected from ${plan.windowStart}`,
    upcoming,
  };
}
