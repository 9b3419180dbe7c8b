import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import {
  dayOfChoice,
  londonDateOf,
  openDayRules,
  pickerDays,
  type PickerSlot,
} from './slot-picker';

// Tuesday 24 November 2026, 07:00 in London.
const now = londonDateOf(new Date('2026-11-24T07:00:00Z'));

const slot = (date: string, start: string, end: string, full = false): PickerSlot => ({
  slot_date: date,
  slot_start: start,
  slot_end: end,
  display: `${date === '2026-11-24' ? 'Tue 24 Nov' : date === '2026-11-25' ? 'Wed 25 Nov' : 'Thu 26 Nov'}, ${start} - ${end}`,
  full,
});

describe('pickerDays', () => {
  it('groups windows into London days, labelled Today, Tomorrow, then by date', () => {
    const days = pickerDays(
      [
        slot('2026-11-26', '09:00', '10:00'),
        slot('2026-11-24', '10:00', '11:00'),
        slot('2026-11-25', '09:00', '10:00'),
        slot('2026-11-24', '11:00', '12:00'),
      ],
      now,
    );
    expect(days.map((d) => [d.date, d.label])).toEqual([
      ['2026-11-24', 'Today'],
      ['2026-11-25', 'Tomorrow'],
      ['2026-11-26', 'Thu 26 Nov'],
    ]);
    expect(days[0]!.windows.map((w) => [w.value, w.label])).toEqual([
      ['2026-11-24 10:00', '10:00–11:00'],
      ['2026-11-24 11:00', '11:00–12:00'],
    ]);
  });

  it('keeps full windows, greyed (every list it is given has them: decision 048)', () => {
    const [day] = pickerDays(
      [
        slot('2026-11-25', '09:00', '10:00', true),
        slot('2026-11-25', '10:00', '11:00'),
        slot('2026-11-25', '11:00', '12:00', true),
      ],
      now,
    );
    expect(day!.windows.map((w) => [w.label, w.full])).toEqual([
      ['09:00–10:00', true],
      ['10:00–11:00', false],
      ['11:00–12:00', true],
    ]);
  });

  it('marks the soonest window with a place, once, and a day with none as full', () => {
    const days = pickerDays(
      [
        slot('2026-11-24', '16:00', '17:00', true),
        slot('2026-11-25', '09:00', '10:00', true),
        slot('2026-11-25', '10:00', '11:00'),
        slot('2026-11-26', '09:00', '10:00'),
      ],
      now,
    );
    expect(days.flatMap((d) => d.windows.filter((w) => w.soonest).map((w) => w.value))).toEqual([
      '2026-11-25 10:00',
    ]);
    expect(days.map((d) => d.full)).toEqual([true, false, false]);
    expect(dayOfChoice(days, '')).toBe('2026-11-25');
    expect(dayOfChoice(days, '2026-11-26 09:00')).toBe('2026-11-26');
  });

  it('leaves the same-day express option out of the days', () => {
    const days = pickerDays(
      [
        { slot_date: '2026-11-24', slot_start: 'express', slot_end: 'express', display: 'Express' },
        slot('2026-11-25', '09:00', '10:00'),
      ],
      now,
    );
    expect(days.map((d) => d.date)).toEqual(['2026-11-25']);
  });

  it('reads the London date, not UTC’s, around midnight in summer', () => {
    expect(londonDateOf(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonDateOf(new Date('2026-11-30T23:30:00Z'))).toBe('2026-11-30');
  });

  it('agrees with the IANA zone data at the clock changes and at any instant from 1996 to 2099', () => {
    const iana = (at: Date) => DateTime.fromJSDate(at, { zone: 'Europe/London' }).toISODate();
    // 2026's changes: 29 March and 25 October, at 01:00 UTC; a minute either side of midnight.
    for (const at of [
      '2026-03-28T23:59:00Z',
      '2026-03-29T00:59:00Z',
      '2026-03-29T23:00:00Z',
      '2026-03-29T22:59:00Z',
      '2026-10-24T22:59:00Z',
      '2026-10-24T23:00:00Z',
      '2026-10-25T00:59:00Z',
      '2026-10-25T23:00:00Z',
    ]) {
      expect(londonDateOf(new Date(at)), at).toBe(iana(new Date(at)));
    }
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1996-01-01T00:00:00Z'),
          max: new Date('2099-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (at) => londonDateOf(at) === iana(at),
      ),
      { numRuns: 20_000 },
    );
  });
});

describe('openDayRules', () => {
  it('shows the windows of the day whose radio is checked, one rule a day', () => {
    const rules = openDayRules('pickup-picker', [{ date: '2026-11-24' }, { date: '2026-11-25' }]);
    expect(rules.split('\n')).toEqual([
      '#pickup-picker:has(input[name="pickup-picker-day"][value="2026-11-24"]:checked) [data-day="2026-11-24"]{display:grid}',
      '#pickup-picker:has(input[name="pickup-picker-day"][value="2026-11-25"]:checked) [data-day="2026-11-25"]{display:grid}',
    ]);
  });

  it('writes nothing but dates and names of our own into the stylesheet', () => {
    expect(openDayRules('a"]{}*{', [{ date: '2026-11-24' }])).toBe('');
    expect(openDayRules('pickup', [{ date: '2026-11-24"]{}' }])).toBe('');
  });
});
