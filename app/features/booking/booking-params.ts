import type { BookingChoice, SlotChoice } from './booking-storage';

/**
 * The booking as it travels from the home form to checkout: plain query parameters, so the
 * journey works without JavaScript and without browser storage. Nothing in it is trusted:
 * the checkout loader checks the slots and the postcode again (app/features/booking/checkout/).
 */
export const slotKey = (s: Pick<SlotChoice, 'slot_date' | 'slot_start'>) =>
  `${s.slot_date} ${s.slot_start}`;

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
};

/** What the booking form shows again after the server checked it: values, faults, slots. */
export type BookingFormState = {
  values: BookingValues;
  errors: Record<string, string>;
  /** The postcode is outside the served areas: the form offers the phone number. */
  notServed: string | null;
  pickups: SlotChoice[];
  deliveries: SlotChoice[] | null;
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
};

export function bookingValuesOf(params: URLSearchParams): BookingValues {
  const out = { ...EMPTY_BOOKING };
  for (const key of Object.keys(out) as (keyof BookingValues)[]) {
    out[key] = (params.get(key) ?? '').slice(0, 200);
  }
  return out;
}

/** The /customer address of a complete booking (after login, or from the JS form). */
export function checkoutHref(choice: BookingChoice): string {
  const { location, details } = choice;
  const params = new URLSearchParams({
    line1: location.line1,
    postcode: location.postcode,
    door: details.doorNumber,
    pickup: slotKey(details.pickup),
    delivery: slotKey(details.delivery),
    town: location.town,
    company: location.company,
    address_type: location.address_type,
    manual: location.manual ? '1' : '0',
  });
  return `/customer?${params.toString()}`;
}
