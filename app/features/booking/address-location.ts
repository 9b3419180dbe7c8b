import { normalisePostcode } from '@shared/postcode';
import type { FoundAddress } from './address-search';
import type { BookingValues } from './booking-params';
import type { SelectedLocation } from './booking-storage';
import { DIFFERENT_ADDRESS, type SavedAddressOption } from './saved-address-choice';

/*
 * The home booking form's address, as it becomes the booking's location (spec 3:
 * selected_location): found by the search, typed by hand, or sent back by the server after a
 * submit without JavaScript; the door filled in for a house; the address-book entry to start
 * on (issue 18). Pure, so the rules are tested apart from the form.
 */

/** The address found by the search, as the server's answer to a submit sent it back. */
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

/** The address the search found. */
export function foundLocation(found: FoundAddress): SelectedLocation {
  return {
    label: found.label,
    // The building number stays in line1: a flat typed as the door never replaces it.
    line1: found.line1,
    line2: '',
    town: found.town,
    postcode: found.postcode,
    company: found.company,
    address_type: found.address_type,
    manual: false,
  };
}

/**
 * The address typed by hand, once it has a street and a valid postcode; "book again" (issue
 * 18) adds the earlier order's building and access notes (`values`).
 */
export function typedLocation(
  street: string,
  postcode: string,
  values: BookingValues | undefined,
): SelectedLocation | null {
  const code = normalisePostcode(postcode);
  if (!street.trim() || !code) return null;
  return {
    label: `${street.trim()}, London, ${code}`,
    line1: street.trim(),
    line2: '',
    town: 'London',
    postcode: code,
    company: '',
    address_type: 'Residential',
    manual: true,
    building: values?.building ?? '',
    access_notes: values?.access_notes ?? '',
  };
}

/**
 * The door to fill in when the search finds an address: a house's building number, unless
 * the door holds something the customer typed (a flat is kept); null leaves the door as it is.
 */
export function doorOfFound(
  found: FoundAddress,
  door: { value: string; filledByUs: boolean },
): string | null {
  return found.buildingNumber && (!door.value.trim() || door.filledByUs)
    ? found.buildingNumber
    : null;
}

/**
 * The address-book entry the form starts on: the one posted, another address when one was
 * typed or found, else the most recent entry; '' without an address book.
 */
export function initialSavedChoice(
  values: BookingValues | undefined,
  saved: SavedAddressOption[],
): string {
  if (saved.length === 0) return '';
  return values?.saved || (values?.line1 || values?.postcode ? DIFFERENT_ADDRESS : saved[0]!.id);
}

/**
 * The address, door and collection a visitor typed or chose in the server's form before the
 * page hydrated: React keeps them on screen but not in its state, so they are taken over.
 * Fields the server filled in (an answer to a submit) are in state already.
 */
export function typedBeforeHydration(form: HTMLFormElement | null) {
  const read = (name: string) => {
    const field = form?.elements.namedItem(name);
    // The slots are radios: a RadioNodeList's value is the checked one's, else ''.
    if (field instanceof RadioNodeList) return field.value;
    if (field instanceof HTMLInputElement && field.type === 'radio') {
      return field.checked ? field.value : '';
    }
    return field instanceof HTMLInputElement || field instanceof HTMLSelectElement
      ? field.value
      : '';
  };
  const manual = read('manual') === '1';
  return {
    line1: manual ? read('line1') : '',
    postcode: manual ? read('postcode') : '',
    door: read('door'),
    pickup: read('pickup'),
  };
}
