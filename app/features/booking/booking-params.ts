import type { ListedSlot } from './booking-storage';

/**
 * The booking as it travels from the home form to checkout: plain query parameters, so the
 * journey works without JavaScript and without browser storage. Nothing in it is trusted:
 * the checkout loader checks the slots and the postcode again (app/features/booking/checkout/).
 */
/** The booking form's messages (spec 5), the same in the browser and in the checkout's check. */
export const bookingMessages = {
  street: 'Please enter your street',
  postcode: 'Please enter a valid UK postcode',
  search: 'Please choose your address from the list, or enter it by hand',
  door: 'Please enter your door number',
  pickup: 'Please choose a collection slot',
  delivery: 'Please choose a delivery slot',
} as const;

/**
 * What is missing from the booking form as the visitor filled it in (field → message). An
 * express delivery is not a fault but is booked by phone: `express` makes the form say so.
 */
export function bookingFormProblems(form: {
  manual: boolean;
  /** The address found or typed, when it is complete. */
  hasAddress: boolean;
  street: string;
  door: string;
  pickup: string;
  delivery: string;
  express: boolean;
}): Record<string, string> {
  const found: Record<string, string> = {};
  if (!form.hasAddress) {
    found.address = form.manual
      ? !form.street.trim()
        ? bookingMessages.street
        : bookingMessages.postcode
      : bookingMessages.search;
  }
  if (!form.door.trim()) found.door = bookingMessages.door;
  if (!form.pickup) found.pickup = bookingMessages.pickup;
  if (!form.delivery && !form.express) found.delivery = bookingMessages.delivery;
  if (form.express) found.express = 'express';
  return found;
}

/** The form's field names, which are also the query parameters of /customer. */
export type BookingValues = {
  line1: string;
  postcode: string;
  door: string;
  pickup: string;
  delivery: string;
  town: string;
  company: string;
  address_type: string;
  /** '1' when the address was typed by hand rather than found by the search. */
  manual: string;
  /** Issue 18: the address-book entry chosen ('' or 'new': another address). */
  saved: string;
  building: string;
  access_notes: string;
};

/** What the booking form shows again after the server checked it: values, faults, slots. */
export type BookingFormState = {
  values: BookingValues;
  errors: Record<string, string>;
  /** The postcode is outside the served areas: the form offers the phone number. */
  notServed: string | null;
  pickups: ListedSlot[];
  deliveries: ListedSlot[] | null;
};

export const EMPTY_BOOKING: BookingValues = {
  line1: '',
  postcode: '',
  door: '',
  pickup: '',
  delivery: '',
  town: '',
  company: '',
  address_type: '',
  manual: '',
  saved: '',
  building: '',
  access_notes: '',
};

export function bookingValuesOf(params: URLSearchParams): BookingValues {
  const out = { ...EMPTY_BOOKING };
  for (const key of Object.keys(out) as (keyof BookingValues)[]) {
    // A slot's radios post it once more, empty, when none is checked (decision 048): the
    // chosen window is the field's first value that is not empty.
    const value = params.getAll(key).find(Boolean) ?? params.get(key) ?? '';
    out[key] = value.slice(0, key === 'access_notes' ? 500 : 200);
  }
  return out;
}

/**
 * A referral or promo code from an address (`?ref=CODE` of a shared link, or `promo_code`),
 * as codes are typed: spaces dropped, upper case; anything that cannot be a code is none.
 */
export function codeFromQuery(params: URLSearchParams): string {
  const raw = (params.get('ref') ?? params.get('promo_code') ?? '').replace(/\s+/g, '');
  const code = raw.toUpperCase();
  return /^[A-Z0-9-]{3,40}$/.test(code) ? code : '';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order booked again (`?again=` on the page's address), when it can be one. */
export function againIdOf(search: string): string {
  const id = new URLSearchParams(search).get('again') ?? '';
  return UUID.test(id) ? id : '';
}
