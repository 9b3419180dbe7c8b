import { describe, expect, it } from 'vitest';
import {
  addDays,
  deliverySlots,
  EXPRESS_SLOT_START,
  findPickupSlot,
  parseSlotKey,
  pickupListing,
  pickupSlots,
  windowsOfDay,
  type SlotRules,
} from './slots';

const weekdays = { opensAt: '08:00', closesAt: '20:00' };
const rules: SlotRules = {
  slotLengthMinutes: 60,
  leadTimeMinutes: 120,
  daysAhead: 14,
  pickupCapacityPerSlot: 3,
  deliveryCapacityPerSlot: 3,
  minTurnaroundHours: 24,
  openingHours: {
    1: weekdays,
    2: weekdays,
    3: weekdays,
    4: weekdays,
    5: weekdays,
    6: { opensAt: '09:00', closesAt: '17:00' },
  },
  closedDates: new Set(['2026-12-25', '2026-12-26', '2026-12-28']),
};
const none = new Map<string, number>();

/** A London wall-clock moment as a Date (winter: London = UTC). */
const at = (iso: string) => new Date(iso);

describe('pickup slots', () => {
  it('start no earlier than the lead time after now, in whole windows', () => {
    // Monday 23 Nov 2026, 10:15 in London (GMT).
    const slots = pickupSlots(rules, none, at('2026-11-23T10:15:00Z'));
    expect(slots[0]).toMatchObject({
      slot_date: '2026-11-23',
      slot_start: '13:00',
      slot_end: '14:00',
      display: 'Mon 23 Nov, 13:00 - 14:00',
    });
    // 12:00 would start only 1 h 45 min from now.
    expect(slots.some((s) => s.slot_date === '2026-11-23' && s.slot_start === '12:00')).toBe(false);
  });

  it('follow opening hours per weekday: Saturday shorter, Sunday closed', () => {
    const slots = pickupSlots(rules, none, at('2026-11-23T06:00:00Z'));
    const saturday = slots.filter((s) => s.slot_date === '2026-11-28');
    expect(saturday.map((s) => s.slot_start)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    expect(slots.some((s) => s.slot_date === '2026-11-29')).toBe(false);
    const monday = slots.filter((s) => s.slot_date === '2026-11-23');
    expect(monday).toHaveLength(12);
  });

  it('offer only `daysAhead` days, starting today', () => {
    const slots = pickupSlots(rules, none, at('2026-11-23T06:00:00Z'));
    const days = new Set(slots.map((s) => s.slot_date));
    expect([...days].sort().at(-1)).toBe('2026-12-05'); // 14 days from Mon 23 Nov, Sundays closed
    expect(days.has('2026-12-06')).toBe(false);
  });

  it('skip closed dates (bank holidays and Christmas)', () => {
    const slots = pickupSlots(rules, none, at('2026-12-21T06:00:00Z'));
    const days = new Set(slots.map((s) => s.slot_date));
    expect(days.has('2026-12-24')).toBe(true);
    expect(days.has('2026-12-25')).toBe(false);
    expect(days.has('2026-12-26')).toBe(false);
    expect(days.has('2026-12-28')).toBe(false);
    expect(days.has('2026-12-29')).toBe(true);
  });

  it('leave out full windows', () => {
    const now = at('2026-11-23T06:00:00Z');
    const first = pickupSlots(rules, none, now)[0]!;
    const usage = new Map([[first.starts_at, 3]]);
    expect(pickupSlots(rules, usage, now)[0]!.slot_start).not.toBe(first.slot_start);
    const almost = new Map([[first.starts_at, 2]]);
    expect(pickupSlots(rules, almost, now)[0]).toEqual(first);
  });

  it('with includeFull, keep full windows, marked, at the start and the end of a day too', () => {
    const now = at('2026-11-23T06:00:00Z');
    const all = pickupSlots(rules, none, now);
    const monday = all.filter((s) => s.slot_date === '2026-11-23');
    const [first, last] = [monday[0]!, monday[monday.length - 1]!];
    const usage = new Map([
      [first.starts_at, 3],
      [last.starts_at, 5],
    ]);
    const listed = pickupSlots(rules, usage, now, { includeFull: true });
    expect(listed.map((s) => s.starts_at)).toEqual(all.map((s) => s.starts_at));
    expect(listed.filter((s) => s.full).map((s) => s.slot_start)).toEqual(['08:00', '19:00']);
    expect(listed.filter((s) => !s.full)).toHaveLength(all.length - 2);
    expect(listed.every((s) => typeof s.full === 'boolean')).toBe(true);
    // Without it, the full ones are left out and no window carries the mark.
    const open = pickupSlots(rules, usage, now);
    expect(open).toHaveLength(all.length - 2);
    expect(open.some((s) => 'full' in s)).toBe(false);
  });

  it('finds a chosen window only while it is offered', () => {
    const now = at('2026-11-23T06:00:00Z');
    expect(findPickupSlot(rules, none, now, { date: '2026-11-23', start: '09:00' })).toBeTruthy();
    expect(
      findPickupSlot(rules, none, now, { date: '2026-11-23', start: '07:00' }),
    ).toBeUndefined();
    expect(
      findPickupSlot(rules, none, at('2026-11-23T08:00:00Z'), {
        date: '2026-11-23',
        start: '09:00',
      }),
    ).toBeUndefined();
  });
});

describe('clock changes (Europe/London)', () => {
  const night = {
    ...rules,
    // Open through the small hours on Sundays, so the changes fall inside opening hours.
    openingHours: { 7: { opensAt: '00:00', closesAt: '05:00' } },
    closedDates: new Set<string>(),
  };

  it('spring forward (Sun 28 Mar 2027): the skipped hour is no slot, the others keep their labels', () => {
    const slots = windowsOfDay('2027-03-28', night);
    expect(slots.map((s) => s.slot_start)).toEqual(['00:00', '02:00', '03:00', '04:00']);
    // 00:00 GMT to 02:00 BST is one real hour.
    expect(slots[0]).toMatchObject({
      slot_end: '02:00',
      display: 'Sun 28 Mar, 00:00 - 02:00',
      starts_at: '2027-03-28T00:00:00.000Z',
      ends_at: '2027-03-28T01:00:00.000Z',
    });
    expect(slots[1]).toMatchObject({
      display: 'Sun 28 Mar, 02:00 - 03:00',
      starts_at: '2027-03-28T01:00:00.000Z',
    });
    const starts = slots.map((s) => s.starts_at);
    expect(new Set(starts).size).toBe(starts.length);
  });

  it('fall back (Sun 31 Oct 2027): 01:00 happens twice but is one slot; none vanishes', () => {
    const slots = windowsOfDay('2027-10-31', night);
    expect(slots.map((s) => s.slot_start)).toEqual(['00:00', '01:00', '02:00', '03:00', '04:00']);
    expect(slots[0]).toMatchObject({
      display: 'Sun 31 Oct, 00:00 - 01:00',
      starts_at: '2027-10-30T23:00:00.000Z',
    });
    // 01:00 BST until 02:00 GMT: the repeated hour belongs to this window.
    expect(slots[1]).toMatchObject({
      display: 'Sun 31 Oct, 01:00 - 02:00',
      starts_at: '2027-10-31T00:00:00.000Z',
      ends_at: '2027-10-31T02:00:00.000Z',
    });
    expect(slots[2]).toMatchObject({ starts_at: '2027-10-31T02:00:00.000Z' });
    const starts = slots.map((s) => s.starts_at);
    expect(new Set(starts).size).toBe(starts.length);
  });

  it('displays London time on both sides of a change in the offered list', () => {
    const day = { opensAt: '08:00', closesAt: '10:00' };
    const week = {
      ...rules,
      openingHours: { 1: day, 2: day, 3: day, 4: day, 5: day, 6: day, 7: day },
    };
    // Friday 26 Mar 2027, 09:00 GMT; the clocks go forward on Sunday.
    const slots = pickupSlots(week, none, at('2027-03-26T05:00:00Z'));
    const friday = slots.find((s) => s.slot_date === '2027-03-26' && s.slot_start === '08:00')!;
    const monday = slots.find((s) => s.slot_date === '2027-03-29' && s.slot_start === '08:00')!;
    expect(friday.starts_at).toBe('2027-03-26T08:00:00.000Z');
    expect(monday.starts_at).toBe('2027-03-29T07:00:00.000Z');
    expect(monday.display).toBe('Mon 29 Mar, 08:00 - 09:00');
  });
});

describe('delivery slots', () => {
  const now = at('2026-11-23T06:00:00Z');
  const pickup = findPickupSlot(rules, none, now, { date: '2026-11-23', start: '09:00' })!;

  it('begin with the express option', () => {
    const slots = deliverySlots(rules, none, pickup);
    expect(slots[0]!.slot_start).toBe(EXPRESS_SLOT_START);
    expect(slots[0]!.display).toMatch(/express/i);
  });

  it('start no earlier than the minimum turnaround after the collection ends', () => {
    const slots = deliverySlots(rules, none, pickup).slice(1);
    // Collection ends 10:00 Monday; 24 h later is 10:00 Tuesday.
    expect(slots[0]).toMatchObject({ slot_date: '2026-11-24', slot_start: '10:00' });
    const longer = deliverySlots({ ...rules, minTurnaroundHours: 48 }, none, pickup).slice(1);
    expect(longer[0]).toMatchObject({ slot_date: '2026-11-25', slot_start: '10:00' });
  });

  it('follow opening hours, closed dates and capacity', () => {
    const friday = findPickupSlot(rules, none, at('2026-12-21T06:00:00Z'), {
      date: '2026-12-24',
      start: '18:00',
    })!;
    const slots = deliverySlots(rules, none, friday).slice(1);
    // Christmas, Boxing Day, Sunday and the substitute bank holiday are skipped.
    expect(slots[0]).toMatchObject({ slot_date: '2026-12-29', slot_start: '08:00' });
    const full = new Map([[slots[0]!.starts_at, 3]]);
    expect(deliverySlots(rules, full, friday)[1]).toMatchObject({ slot_start: '09:00' });
    // Asked with includeFull, the full first window stays, marked, after express.
    const withFull = deliverySlots(rules, full, friday, { includeFull: true });
    expect(withFull[0]!.slot_start).toBe(EXPRESS_SLOT_START);
    expect(withFull[1]).toMatchObject({ slot_start: '08:00', full: true });
    expect(withFull[2]).toMatchObject({ slot_start: '09:00', full: false });
  });
});

describe('slot keys in the delivery path', () => {
  it('accept date and start separated by a space, T or +', () => {
    expect(parseSlotKey('2026-11-23 09:00')).toEqual({ date: '2026-11-23', start: '09:00' });
    expect(parseSlotKey('2026-11-23T09:00')).toEqual({ date: '2026-11-23', start: '09:00' });
    expect(parseSlotKey('2026-11-23+09:00')).toEqual({ date: '2026-11-23', start: '09:00' });
  });
  it('refuse anything else', () => {
    for (const bad of ['', 'tomorrow', '2026-13-01 09:00', '2026-11-23 25:00', '2026-11-23']) {
      expect(parseSlotKey(bad)).toBeNull();
    }
  });
});

describe('calendar days', () => {
  it('add across month and year ends, leap days and clock changes', () => {
    expect(addDays('2026-11-23', 0)).toBe('2026-11-23');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-27', 1)).toBe('2027-03-28');
    expect(addDays('2027-03-28', 1)).toBe('2027-03-29');
    expect(addDays('2027-10-31', 1)).toBe('2027-11-01');
    expect(addDays('2026-12-20', 14)).toBe('2027-01-03');
  });
});

describe('pickup listing validity', () => {
  it('holds the same list until its first window reaches the lead time, or midnight', () => {
    const usage = new Map([['2026-11-23T14:00:00.000Z', 3]]);
    for (const iso of ['2026-11-23T10:15:00Z', '2026-11-23T18:30:00Z', '2026-11-23T23:10:00Z']) {
      const now = at(iso);
      const listing = pickupListing(rules, usage, now);
      expect(listing.slots).toEqual(pickupSlots(rules, usage, now));
      // Every moment up to validUntil lists the same windows; the next millisecond does not.
      for (let t = now.getTime(); t <= listing.validUntil; t += 60_000) {
        expect(pickupSlots(rules, usage, new Date(t))).toEqual(listing.slots);
      }
      expect(pickupSlots(rules, usage, new Date(listing.validUntil))).toEqual(listing.slots);
      expect(pickupSlots(rules, usage, new Date(listing.validUntil + 1))).not.toEqual(
        listing.slots,
      );
    }
  });

  it('with full windows listed, holds until the first window (full or not) reaches the lead time', () => {
    // 12:00 on Monday 23 Nov is full; at 09:30 it is the first window listed.
    const usage = new Map([['2026-11-23T12:00:00.000Z', 3]]);
    const options = { includeFull: true };
    const now = at('2026-11-23T09:30:00Z');
    const listing = pickupListing(rules, usage, now, options);
    expect(listing.slots[0]).toMatchObject({ slot_start: '12:00', full: true });
    expect(listing.validUntil).toBe(Date.parse('2026-11-23T10:00:00Z'));
    const later = (ms: number) => pickupSlots(rules, usage, new Date(ms), options);
    expect(later(listing.validUntil)).toEqual(listing.slots);
    expect(later(listing.validUntil + 1)).not.toEqual(listing.slots);
  });
});
