import { EMPTY_BOOKING, type BookingFormState } from './booking-params';
import type { SavedAddressOption } from './saved-address-choice';

/** An earlier order as the server read it for "Book again" (issue 18). */
export type RepeatedOrder = {
  id: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
  company: string;
  address_type: string;
  door_number: string;
  building: string;
  access_notes: string;
  notes: string;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * "Book again" (issue 18, decision 034): the booking form filled from an earlier order, as if
 * the server had answered a submit. The saved address that is the same place is chosen;
 * otherwise the address stands typed in (so it works without JavaScript too). Pure.
 */
export function againBooking(
  order: RepeatedOrder,
  saved: SavedAddressOption[],
): {
  server: Pick<BookingFormState, 'values' | 'errors' | 'notServed' | 'deliveries'>;
  notes: string;
  /** Issue 31: the order, for the checkout to start its estimate from its items and cap. */
  again: string;
} {
  const entry = saved.find(
    (o) =>
      same(o.line1, order.line1) &&
      same(o.postcode, order.postcode) &&
      same(o.door_number, order.door_number) &&
      same(o.building, order.building),
  );
  const values = entry
    ? { ...EMPTY_BOOKING, saved: entry.id, door: order.door_number }
    : {
        ...EMPTY_BOOKING,
        saved: saved.length > 0 ? 'new' : '',
        line1: order.line1,
        postcode: order.postcode,
        town: order.town,
        company: order.company,
        address_type: order.address_type,
        door: order.door_number,
        building: order.building,
        access_notes: order.access_notes,
        manual: '1',
      };
  return {
    server: { values, errors: {}, notServed: null, deliveries: null },
    notes: order.notes,
    again: order.id,
  };
}
