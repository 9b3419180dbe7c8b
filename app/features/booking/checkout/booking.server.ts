import { buildingNumberOf, formatAddress } from '@shared/address';
import { isRefusal } from '@server/errors';
import { findSavedAddress, listAddressBook } from '@server/use-cases/accounts/save-address';
import { savedAddressOption } from '@server/use-cases/accounts/present-address';
import { againBooking, type RepeatedOrder } from '~/features/booking/book-again';
import { normalisePostcode } from '@shared/postcode';
import type { AppServices } from '@server/services';
import { checkCoverage } from '@server/use-cases/booking/coverage';
import { listDeliverySlots, listPickupSlots } from '@server/use-cases/slots/list-slots';
import {
  bookingMessages,
  bookingValuesOf,
  codeFromQuery,
  type BookingFormState,
  type BookingValues,
} from '~/features/booking/booking-params';
import { slotKey, type BookingChoice } from '~/features/booking/booking-storage';

export type BookingResolution =
  | { kind: 'none' }
  | { kind: 'incomplete'; form: BookingFormState }
  | { kind: 'complete'; booking: BookingChoice; address: string };

/**
 * The booking of /customer's query, checked as the home form would (spec 4 'Home order', 5):
 * the address, a covered postcode, the door, a collection slot still offered and a delivery
 * slot offered for it. Capacity is not taken here: placing the order does that.
 */
export async function resolveBooking(
  services: Pick<AppServices, 'db' | 'content' | 'config' | 'now'>,
  params: URLSearchParams,
  /** The logged-in customer, whose address book `saved` may name (issue 18). */
  customerId?: string | null,
  /** The customer's own order of `again` ("book again"), when there is one. */
  again?: RepeatedOrder | null,
): Promise<BookingResolution> {
  const asked = await withDefaultAddress(services, params, customerId, again);
  const values = await withSavedAddress(services, asked, customerId);
  if (!values.line1 && !values.postcode && !values.pickup && !values.door) return { kind: 'none' };
  const errors: Record<string, string> = {};
  let notServed: string | null = null;
  const postcode = normalisePostcode(values.postcode);
  const manual = values.manual !== '0';
  if (!values.line1.trim())
    errors.address = manual ? bookingMessages.street : bookingMessages.search;
  else if (!postcode) errors.address = manual ? bookingMessages.postcode : bookingMessages.search;
  else {
    const coverage = await checkCoverage(services, { postcode });
    if (!coverage.served) notServed = errors.address = coverage.message;
  }
  if (!values.door.trim()) errors.door = bookingMessages.door;

  // The form shows full windows too, as full (decision 048); only one with a place is taken.
  const pickups = await listPickupSlots(services, { includeFull: true });
  const pickup = pickups.find((s) => !s.full && slotKey(s) === values.pickup);
  if (!pickup) errors.pickup = bookingMessages.pickup;
  const deliveries = pickup
    ? await listDeliverySlots(services, { slot: values.pickup, includeFull: true })
    : null;
  // Express is booked by phone: the form says so instead of going on.
  if (values.delivery === 'express') errors.express = 'express';
  const delivery = deliveries?.find(
    (s) => !s.full && s.slot_start !== 'express' && slotKey(s) === values.delivery,
  );
  // Without JavaScript the delivery list comes with the first submit: its absence then is
  // the next step, not a mistake.
  if (!delivery && !errors.express && (params.has('delivery') || !pickup)) {
    errors.delivery = bookingMessages.delivery;
  }
  // "Change address or slots" (?edit) shows the booking form again with the choice in it.
  if (params.has('edit')) {
    return { kind: 'incomplete', form: { values, errors: {}, notServed, pickups, deliveries } };
  }
  if (Object.keys(errors).length > 0 || !pickup || !delivery || !postcode) {
    return { kind: 'incomplete', form: { values, errors, notServed, pickups, deliveries } };
  }
  const line1 = values.line1.trim();
  const town = values.town.trim() || 'London';
  const booking: BookingChoice = {
    location: {
      label: `${line1}, ${town}, ${postcode}`,
      line1,
      line2: '',
      town,
      postcode,
      company: values.company.trim(),
      address_type: values.address_type.trim() || 'Residential',
      manual,
      ...(values.saved && values.saved !== 'new' ? { saved: values.saved } : {}),
      building: values.building.trim(),
      access_notes: values.access_notes.trim(),
    },
    details: { pickup, delivery, doorNumber: values.door.trim() },
    // Issue 31: a shared referral link's code rides along to the checkout's code field.
    ...(codeFromQuery(params) ? { ref: codeFromQuery(params) } : {}),
  };
  return {
    kind: 'complete',
    booking,
    address: formatAddress({ ...booking.location, door_number: booking.details.doorNumber }),
  };
}

/**
 * The home page is the same for every visitor (decision 042), so without JavaScript its form
 * offers no address book: a signed-in customer who sends it with no address books the order
 * of `again`'s address, else their most recent saved address (the next step shows the address
 * book to choose another). A form not sent (the checkout opened bare) is left as it is.
 */
async function withDefaultAddress(
  services: Pick<AppServices, 'db'>,
  params: URLSearchParams,
  customerId: string | null | undefined,
  again: RepeatedOrder | null | undefined,
): Promise<BookingValues> {
  const values = bookingValuesOf(params);
  const sent = params.has('line1') || params.has('pickup');
  if (!customerId || !sent || values.saved || values.line1.trim() || values.postcode.trim()) {
    return values;
  }
  const saved = (await listAddressBook(services, { customerId })).map(savedAddressOption);
  if (again) {
    const start = againBooking(again, saved).server.values;
    return {
      ...start,
      door: values.door.trim() || start.door,
      pickup: values.pickup,
      delivery: values.delivery,
    };
  }
  return saved[0] ? { ...values, saved: saved[0].id } : values;
}

/**
 * The address-book entry the form chose (`saved`, issue 18), filled in on the server so the
 * choice works without JavaScript: its parts, building and access notes, and its flat unless
 * one was typed. Only the customer's own entry; anything else is no choice.
 */
async function withSavedAddress(
  services: Pick<AppServices, 'db'>,
  values: BookingValues,
  customerId: string | null | undefined,
): Promise<BookingValues> {
  if (values.saved === 'new') return values;
  if (!values.saved || !customerId) return { ...values, saved: '' };
  let entry;
  try {
    entry = await findSavedAddress(services, { customerId, addressId: values.saved });
  } catch (error) {
    if (isRefusal(error)) return { ...values, saved: '' };
    throw error;
  }
  return {
    ...values,
    line1: entry.line1,
    postcode: entry.postcode,
    town: entry.town,
    company: entry.company,
    address_type: entry.addressType,
    manual: '0',
    door: values.door.trim() || entry.doorNumber || buildingNumberOf(entry.line1),
    building: entry.building,
    access_notes: entry.accessNotes,
  };
}
