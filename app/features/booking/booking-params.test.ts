import { describe, expect, it } from 'vitest';
import { bookingFormProblems, bookingMessages, bookingValuesOf } from './booking-params';

/** The home booking form's rules (spec 5), shared by the browser and the checkout's check. */
describe('bookingFormProblems', () => {
  const complete = {
    manual: false,
    hasAddress: true,
    street: '',
    door: '12',
    pickup: '2026-11-24 09:00',
    delivery: '2026-11-26 09:00',
    express: false,
  };

  it('finds nothing missing in a complete booking', () => {
    expect(bookingFormProblems(complete)).toEqual({});
  });

  it('asks for the address the way it was being given', () => {
    expect(bookingFormProblems({ ...complete, hasAddress: false }).address).toBe(
      bookingMessages.search,
    );
    const typed = { ...complete, manual: true, hasAddress: false };
    expect(bookingFormProblems({ ...typed, street: ' ' }).address).toBe(bookingMessages.street);
    expect(bookingFormProblems({ ...typed, street: '12 Elgin Avenue' }).address).toBe(
      bookingMessages.postcode,
    );
  });

  it('needs a door number, a collection and a delivery', () => {
    expect(bookingFormProblems({ ...complete, door: '  ', pickup: '', delivery: '' })).toEqual({
      door: 'Please enter your door number',
      pickup: 'Please choose a collection slot',
      delivery: 'Please choose a delivery slot',
    });
  });

  it('sends express to the phone instead of asking for a delivery slot', () => {
    expect(bookingFormProblems({ ...complete, delivery: '', express: true })).toEqual({
      express: 'express',
    });
  });
});

describe('bookingValuesOf', () => {
  it('takes the checked radio of a slot posted also empty (decision 048)', () => {
    const posted = new URLSearchParams(
      'pickup=2026-11-24+09:00&delivery=&delivery=2026-11-26+10:00',
    );
    expect(bookingValuesOf(posted)).toMatchObject({
      pickup: '2026-11-24 09:00',
      delivery: '2026-11-26 10:00',
    });
    expect(bookingValuesOf(new URLSearchParams('delivery=')).delivery).toBe('');
  });
});
