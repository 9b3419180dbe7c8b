/*
 * The visitor's booking choice (spec 3: selected_location and delivery_details with pickup,
 * delivery and doorNumber). It travels to checkout in the query (booking-params.ts, decision
 * 018); with JavaScript it is also kept here, to fill the home form again on return and to
 * find the way back to checkout after a login.
 */

/**
 * A window of a slot listing as the booking keeps it. The server is told only which one was
 * chosen, a SlotChoice (shared/slots.ts: slotChoiceOf).
 */
export type ListedSlot = {
  slot_date: string;
  slot_start: string;
  slot_end: string;
  display: string;
  starts_at?: string;
  /** A window with no place left: shown by the slot picker, never offered by the select. */
  full?: boolean;
};

/** The windows that can be chosen (a listing asked with include_full has full ones too). */
export const openSlots = (slots: ListedSlot[] | null): ListedSlot[] | null =>
  slots && slots.filter((s) => !s.full);

export type SelectedLocation = {
  /** One line for people: "12 Elgin Avenue, London, W9 2HD". */
  label: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
  company: string;
  address_type: string;
  /** True when typed by hand instead of found by the address search. */
  manual: boolean;
  /** Issue 18: the address-book entry it came from, and its building and access notes. */
  saved?: string;
  building?: string;
  access_notes?: string;
};

export type DeliveryDetails = { pickup: ListedSlot; delivery: ListedSlot; doorNumber: string };

export type BookingChoice = {
  location: SelectedLocation;
  details: DeliveryDetails;
  /** Issue 18: the notes of an order booked again, the checkout's notes to start with. */
  notes?: string;
  /** Issue 31: the order booked again, whose items and cap start the checkout's estimate. */
  again?: string;
  /** Issue 31: a friend's referral code from a shared link (/?ref=CODE), the checkout's code. */
  ref?: string;
};

const LOCATION_KEY = 'selected_location';
const DETAILS_KEY = 'delivery_details';

export function saveBooking(choice: BookingChoice): void {
  localStorage.setItem(LOCATION_KEY, JSON.stringify(choice.location));
  localStorage.setItem(DETAILS_KEY, JSON.stringify(choice.details));
}

export function readBooking(): BookingChoice | null {
  try {
    const location = JSON.parse(
      localStorage.getItem(LOCATION_KEY) ?? 'null',
    ) as SelectedLocation | null;
    const details = JSON.parse(
      localStorage.getItem(DETAILS_KEY) ?? 'null',
    ) as DeliveryDetails | null;
    if (!location?.postcode || !details?.pickup?.slot_date || !details.delivery?.slot_date)
      return null;
    return { location, details };
  } catch {
    return null;
  }
}

export function clearBooking(): void {
  try {
    localStorage.removeItem(LOCATION_KEY);
    localStorage.removeItem(DETAILS_KEY);
  } catch {
    // nothing stored
  }
}

/** A window's key in the booking's query and forms: its date and start. */
export const slotKey = (s: Pick<ListedSlot, 'slot_date' | 'slot_start'>) =>
  `${s.slot_date} ${s.slot_start}`;

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
  // Issue 18: the address-book entry, its building and access notes, when there are any.
  if (location.saved) params.set('saved', location.saved);
  if (location.building) params.set('building', location.building);
  if (location.access_notes) params.set('access_notes', location.access_notes);
  if (choice.notes) params.set('notes', choice.notes);
  if (choice.again) params.set('again', choice.again);
  if (choice.ref) params.set('ref', choice.ref);
  return `/customer?${params.toString()}`;
}
