import { buildingNumberOf } from '@shared/address';
import { normalisePostcode } from '@shared/postcode';
import type { FoundAddress } from './address-search';
import type { BookingValues } from './booking-params';
import type { SelectedLocation } from './booking-storage';
import {
  DIFFERENT_ADDRESS,
  savedDoor,
  savedLocation,
  type SavedAddressOption,
} from './saved-address-choice';

/*
 * Where the home booking form collects from, as the visitor chooses it: an entry of their
 * address book, an address the search found, or one typed by hand; and the door. Pure: the
 * form keeps it with useReducer and asks about coverage itself.
 */

export type AddressChoice = {
  /** The address-book entry chosen (its id), another address (DIFFERENT_ADDRESS), or ''. */
  saved: string;
  /** The address the search found (or a booking kept in the browser brought back). */
  found: SelectedLocation | null;
  /** The visitor chose to type the address by hand. */
  manual: boolean;
  street: string;
  postcode: string;
  /** What the search shows to start with: the address found before. */
  searchText: string;
  door: string;
  /** The door field holds the building number we filled in, not something typed. */
  doorFilled: boolean;
};

export type AddressEvent =
  /** What was typed in the server's form before the page hydrated. */
  | { type: 'typed'; line1: string; postcode: string; door: string }
  /** A booking kept in the browser, shown again. */
  | { type: 'restored'; location: SelectedLocation; door: string }
  | { type: 'found'; found: FoundAddress }
  | { type: 'search-edited' }
  | { type: 'saved-chosen'; id: string; option: SavedAddressOption | undefined }
  | { type: 'manual'; manual: boolean }
  | { type: 'street'; street: string }
  | { type: 'postcode'; postcode: string }
  | { type: 'door'; door: string };

/** The address found by the search, as the server's answer to a submit without JavaScript sent it back. */
export function serverLocation(values: BookingValues | undefined): SelectedLocation | null {
  if (!values || values.manual !== '0' || !values.line1 || !values.postcode) return null;
  return {
    label: `${values.line1}, ${values.town || 'London'}, ${values.postcode}`,
    line1: values.line1,
    line2: '',
    town: values.town || 'London',
    postcode: values.postcode,
    company: values.company,
    address_type: values.address_type || 'Residential',
    manual: false,
    building: values.building,
    access_notes: values.access_notes,
  };
}

/**
 * The choice the form starts with: the server's answer to a submit (`values`), else the most
 * recent entry of the address book, else nothing.
 */
export function initialAddressChoice({
  values,
  saved,
}: {
  values: BookingValues | undefined;
  saved: SavedAddressOption[];
}): AddressChoice {
  const found = serverLocation(values);
  const typed = values?.manual !== '0';
  const chosen =
    saved.length === 0
      ? ''
      : values?.saved || (values?.line1 || values?.postcode ? DIFFERENT_ADDRESS : saved[0]!.id);
  const option = saved.find((o) => o.id === chosen);
  return {
    saved: chosen,
    found,
    manual: Boolean(values && values.manual !== '0'),
    street: typed ? (values?.line1 ?? '') : '',
    postcode: typed ? (values?.postcode ?? '') : '',
    searchText: found?.label ?? '',
    door: values?.door || (option ? savedDoor(option) : ''),
    doorFilled: false,
  };
}

export function addressChoiceReducer(state: AddressChoice, event: AddressEvent): AddressChoice {
  switch (event.type) {
    case 'typed': {
      const byHand = event.line1 || event.postcode;
      if (!byHand && !event.door) return state;
      return {
        ...state,
        ...(byHand ? { manual: true, street: event.line1, postcode: event.postcode } : {}),
        ...(event.door ? { door: event.door } : {}),
      };
    }
    case 'restored': {
      const { location } = event;
      return {
        saved: state.saved ? location.saved || DIFFERENT_ADDRESS : '',
        found: location,
        manual: location.manual,
        street: location.manual ? location.line1 : '',
        postcode: location.manual ? location.postcode : '',
        searchText: location.manual ? '' : location.label,
        door: event.door,
        doorFilled: event.door === buildingNumberOf(location.line1),
      };
    }
    case 'found': {
      const { found } = event;
      // A house's door is its building number; a flat typed by the customer is kept.
      const fillDoor = Boolean(found.buildingNumber) && (!state.door.trim() || state.doorFilled);
      return {
        ...state,
        found: {
          label: found.label,
          // The building number stays in line1: a flat typed as the door never replaces it.
          line1: found.line1,
          line2: '',
          town: found.town,
          postcode: found.postcode,
          company: found.company,
          address_type: found.address_type,
          manual: false,
        },
        ...(fillDoor ? { door: found.buildingNumber, doorFilled: true } : {}),
      };
    }
    case 'search-edited':
      return { ...state, found: null };
    case 'saved-chosen':
      return {
        ...state,
        saved: event.id,
        door: event.option ? savedDoor(event.option) : '',
        doorFilled: false,
      };
    case 'manual':
      return { ...state, manual: event.manual };
    case 'street':
      return { ...state, street: event.street };
    case 'postcode':
      return { ...state, postcode: event.postcode };
    case 'door':
      return { ...state, door: event.door, doorFilled: false };
  }
}

/**
 * The address booked: the entry chosen, the one typed (when the form is typed by hand,
 * always before hydration), or the one found; null while incomplete.
 */
export function chosenLocation(
  state: AddressChoice,
  how: {
    usingSaved: SavedAddressOption | null;
    manual: boolean;
    /** "Book again" (issue 18): the earlier order's building and access notes. */
    values: BookingValues | undefined;
  },
): SelectedLocation | null {
  if (how.usingSaved) return savedLocation(how.usingSaved);
  if (!how.manual) return state.found;
  const code = normalisePostcode(state.postcode);
  if (!state.street.trim() || !code) return null;
  return {
    label: `${state.street.trim()}, London, ${code}`,
    line1: state.street.trim(),
    line2: '',
    town: 'London',
    postcode: code,
    company: '',
    address_type: 'Residential',
    manual: true,
    building: how.values?.building ?? '',
    access_notes: how.values?.access_notes ?? '',
  };
}
