import { describe, expect, it } from 'vitest';
import {
  bookingDate,
  changedAnchorDate,
  collectsOn,
  datesToAnnounce,
  firstCollectionDate,
  isDueForBooking,
  londonInstant,
  recurringPlanChangeSchema,
  scheduledDates,
  skipDeadline,
  upcomingDates,
  weekdayOf,
  windowChoices,
  type PlanDates,
} from './recurring';
import { londonToday } from './london-time';
import type { SlotRules } from './slots';

const weekdays = { opensAt: '08:00', closesAt: '20:00' };
const rules: SlotRules = {
  slotLengthMinutes: 60,
  leadTimeMinutes: 120,
  daysAhead: 14,
  pickupCapacityPerSlot: 2,
  deliveryCapacityPerSlot: 2,
  minTurnaroundHours: 24,
  openingHours: { 1: weekdays, 2: weekdays, 3: weekdays, 4: weekdays, 5: weekdays },
  closedDates: new Set(['2026-12-25']),
};
const none = new Map<string, number>();
const noSkips = new Set<string>();

// Pinned clock: Tuesday 24 November 2026, 10:00 London (GMT).
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = londonToday(NOW);

const weekly: PlanDates = {
  frequency: 'weekly',
  anchorDate: '2026-11-27', // a Friday
  status: 'active',
  pausedUntil: null,
};

describe('the dates of a plan', () => {
  it('are the anchor date plus whole periods, on its weekday', () => {
    expect(TODAY).toBe('2026-11-24');
    expect(scheduledDates(weekly, '2026-11-20', '2026-12-18')).toEqual([
      '2026-11-27',
      '2026-12-04',
      '2026-12-11',
      '2026-12-18',
    ]);
    expect(
      scheduledDates({ ...weekly, frequency: 'fortnightly' }, '2026-12-01', '2027-01-10'),
    ).toEqual(['2026-12-11', '2026-12-25', '2027-01-08']);
    expect(
      scheduledDates({ ...weekly, frequency: 'four-weekly' }, '2026-11-28', '2027-02-28'),
    ).toEqual(['2026-12-25', '2027-01-22', '2027-02-19']);
    for (const date of scheduledDates(weekly, '2026-11-01', '2027-06-01')) {
      expect(weekdayOf(date)).toBe(5);
    }
  });

  it('a new plan starts on the first chosen weekday after its booking day', () => {
    // Tuesday: Wednesday and Thursday are too soon to announce and book; Friday 27th is not.
    expect(firstCollectionDate(5, TODAY)).toBe('2026-11-27');
    expect(firstCollectionDate(3, TODAY)).toBe('2026-12-02');
    expect(firstCollectionDate(2, TODAY)).toBe('2026-12-01');
  });

  it('skip one date, pause until a date, stop all', () => {
    const skipped = new Set(['2026-12-04']);
    expect(upcomingDates(weekly, TODAY, skipped, 3)).toEqual([
      { date: '2026-11-27', state: 'due' },
      { date: '2026-12-04', state: 'skipped' },
      { date: '2026-12-11', state: 'due' },
    ]);
    const paused: PlanDates = { ...weekly, status: 'paused', pausedUntil: '2026-12-11' };
    expect(upcomingDates(paused, TODAY, noSkips, 3).map((d) => d.state)).toEqual([
      'paused',
      'paused',
      'due',
    ]);
    expect(collectsOn(paused, '2026-12-04', noSkips)).toBe(false);
    expect(collectsOn(paused, '2026-12-11', noSkips)).toBe(true);
    const pausedOpenEnded: PlanDates = { ...weekly, status: 'paused', pausedUntil: null };
    expect(collectsOn(pausedOpenEnded, '2027-05-07', noSkips)).toBe(false);
    expect(upcomingDates({ ...weekly, status: 'stopped' }, TODAY, noSkips, 3)).toEqual([]);
    expect(collectsOn({ ...weekly, status: 'stopped' }, '2026-11-27', noSkips)).toBe(false);
  });
});

describe('announcing and booking', () => {
  it('announces the collected dates of the next five days, booked two days before', () => {
    expect(datesToAnnounce(weekly, TODAY, noSkips)).toEqual(['2026-11-27']);
    expect(datesToAnnounce(weekly, TODAY, new Set(['2026-11-27']))).toEqual([]);
    expect(datesToAnnounce(weekly, '2026-11-21', noSkips)).toEqual([]);
    expect(bookingDate('2026-11-27')).toBe('2026-11-25');
    expect(isDueForBooking('2026-11-27', '2026-11-24')).toBe(false);
    expect(isDueForBooking('2026-11-27', '2026-11-25')).toBe(true);
    // A missed run books it the next day, never on or after its date.
    expect(isDueForBooking('2026-11-27', '2026-11-26')).toBe(true);
    expect(isDueForBooking('2026-11-27', '2026-11-27')).toBe(false);
  });

  it('skip until 18:00 London the day before, across the clock change', () => {
    expect(skipDeadline('2026-11-27').toISOString()).toBe('2026-11-26T18:00:00.000Z');
    // Summer time: 18:00 BST is 17:00 UTC.
    expect(skipDeadline('2026-07-10').toISOString()).toBe('2026-07-09T17:00:00.000Z');
  });

  it('keeps the London window when the clocks go back (weekly across 25 October 2026)', () => {
    const plan: PlanDates = { ...weekly, anchorDate: '2026-10-16' };
    const dates = scheduledDates(plan, '2026-10-16', '2026-10-30');
    expect(dates).toEqual(['2026-10-16', '2026-10-23', '2026-10-30']);
    // 09:00 London: 08:00 UTC in summer time, 09:00 UTC after the change.
    expect(dates.map((d) => londonInstant(d, '09:00').toISOString())).toEqual([
      '2026-10-16T08:00:00.000Z',
      '2026-10-23T08:00:00.000Z',
      '2026-10-30T09:00:00.000Z',
    ]);
    // And in spring (29 March 2026), the other way.
    expect(londonInstant('2026-03-27', '09:00').toISOString()).toBe('2026-03-27T09:00:00.000Z');
    expect(londonInstant('2026-04-03', '09:00').toISOString()).toBe('2026-04-03T08:00:00.000Z');
  });
});

describe('the windows a booking takes', () => {
  const wanted = { date: '2026-11-27', windowStart: '09:00', deliveryStart: '17:00' };

  it('the plan’s window, and its delivery start on the first day after the turnaround', () => {
    const [first] = windowChoices(rules, none, none, NOW, wanted);
    expect(first).toMatchObject({
      pickup: { date: '2026-11-27', start: '09:00' },
      // Friday 09:00-10:00 + 24 h: Saturday and Sunday closed, so Monday.
      delivery: { date: '2026-11-30', start: '17:00' },
    });
  });

  it('a full window gives the next free window of that day; a full day gives none', () => {
    const nine = londonInstant('2026-11-27', '09:00').toISOString();
    const ten = londonInstant('2026-11-27', '10:00').toISOString();
    const choices = windowChoices(rules, new Map([[nine, 2]]), none, NOW, wanted);
    expect(choices[0]!.pickup.start).toBe('10:00');
    expect(choices.map((c) => c.pickup.start)).not.toContain('08:00');
    const allFull = new Map(
      Array.from({ length: 12 }, (_, i) => [
        londonInstant('2026-11-27', `${String(8 + i).padStart(2, '0')}:00`).toISOString(),
        2,
      ]),
    );
    expect(windowChoices(rules, allFull, none, NOW, wanted)).toEqual([]);
    // A full delivery window: the first delivery window with a place instead.
    const fivePm = londonInstant('2026-11-30', '17:00').toISOString();
    const [moved] = windowChoices(rules, new Map([[ten, 0]]), new Map([[fivePm, 2]]), NOW, wanted);
    expect(moved!.delivery).toMatchObject({ date: '2026-12-01', start: '17:00' });
  });
});

describe('changing a plan', () => {
  // Wednesday 25 November 2026; a fortnightly Friday plan from Fri 27 Nov (booked).
  const plan = { frequency: 'fortnightly' as const, weekday: 5, anchorDate: '2026-11-27' };
  const today = '2026-11-25';

  it('the same day and frequency keep the anchor (a new window keeps the weeks)', () => {
    expect(
      changedAnchorDate(plan, { frequency: 'fortnightly', weekday: 5 }, today, '2026-11-27'),
    ).toBe('2026-11-27');
  });

  it('a new day starts after the booking day and after the last booked collection', () => {
    // Saturday: the first one after the booking day is Sat 28 Nov, after the booked Friday.
    expect(
      changedAnchorDate(plan, { frequency: 'fortnightly', weekday: 6 }, today, '2026-11-27'),
    ).toBe('2026-11-28');
    // Thursday: Thu 26 Nov is too soon to book, Thu 3 Dec is the first.
    expect(changedAnchorDate(plan, { frequency: 'fortnightly', weekday: 4 }, today, null)).toBe(
      '2026-12-03',
    );
    // A new frequency on the same day: counted from the next Friday after the booked one.
    expect(changedAnchorDate(plan, { frequency: 'weekly', weekday: 5 }, today, '2026-11-27')).toBe(
      '2026-12-04',
    );
    const next = changedAnchorDate(plan, { frequency: 'weekly', weekday: 5 }, today, '2026-11-27');
    expect(scheduledDates({ frequency: 'weekly', anchorDate: next }, today, '2026-12-12')).toEqual([
      '2026-12-04',
      '2026-12-11',
    ]);
  });

  it('a change has the set-up form’s messages; address and notes may be left out', () => {
    const bad = recurringPlanChangeSchema.safeParse({ frequency: 'daily', weekday: '9' });
    expect(bad.success).toBe(false);
    expect(Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual(
      {
        frequency: 'Please choose how often we collect',
        weekday: 'Please choose the day of the week',
        window_start: 'Please choose a collection window',
        delivery_start: 'Please choose a delivery window',
      },
    );
    expect(
      recurringPlanChangeSchema.parse({
        frequency: 'weekly',
        weekday: '2',
        window_start: '10:00',
        delivery_start: '18:00',
      }),
    ).toEqual({ frequency: 'weekly', weekday: 2, window_start: '10:00', delivery_start: '18:00' });
  });
});
