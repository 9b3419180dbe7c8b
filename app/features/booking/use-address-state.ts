import { useState } from 'react';
import { buildingNumberOf } from '@shared/address';
import { doorOfFound, foundLocation, initialSavedChoice, serverLocation } from './address-location';
import type { FoundAddress } from './address-search';
import type { BookingValues } from './booking-params';
import type { BookingChoice, SelectedLocation } from './booking-storage';
import { DIFFERENT_ADDRESS, savedDoor, type SavedAddressOption } from './saved-address-choice';

/**
 * The booking form's address as the visitor is filling it in: the one found by the search
 * (and its label), the one typed by hand, the address-book entry chosen (issue 18) and the
 * door, started from the server's answer to a submit (`values`) and started again from one
 * later ("book again" asked for by the browser on a shared page, decision 042).
 */
export function useAddressState(
  values: BookingValues | undefined,
  saved: readonly SavedAddressOption[],
) {
  const [restoredLabel, setRestoredLabel] = useState(() => serverLocation(values)?.label ?? '');
  const [location, setLocation] = useState<SelectedLocation | null>(() => serverLocation(values));
  const [manualChosen, setManual] = useState(Boolean(values && values.manual !== '0'));
  const [street, setStreet] = useState(values?.manual !== '0' ? (values?.line1 ?? '') : '');
  const [postcode, setPostcode] = useState(values?.manual !== '0' ? (values?.postcode ?? '') : '');
  // Issue 18: the saved address chosen (its id), or another one (DIFFERENT_ADDRESS).
  const [savedChoice, setSavedChoice] = useState(() => initialSavedChoice(values, [...saved]));
  const [door, setDoor] = useState(() => {
    const entry = saved.find((o) => o.id === savedChoice);
    return values?.door || (entry ? savedDoor(entry) : '');
  });
  /** The door field holds the building number we filled in, not something typed. */
  const [doorFilled, setDoorFilled] = useState(false);

  /** The address as the server's answer to a submit would start it. */
  function startFrom(next: BookingValues, entry: SavedAddressOption | undefined) {
    const found = serverLocation(next);
    setRestoredLabel(found?.label ?? '');
    setLocation(found);
    const typedIn = next.manual !== '0';
    setManual(typedIn);
    setStreet(typedIn ? next.line1 : '');
    setPostcode(typedIn ? next.postcode : '');
    setDoor(next.door || (entry ? savedDoor(entry) : ''));
  }

  /** What was typed in the server's form before the page hydrated (address-location.ts). */
  function takeTyped(typed: { line1: string; postcode: string; door: string }) {
    if (typed.line1 || typed.postcode) {
      setManual(true);
      setStreet(typed.line1);
      setPostcode(typed.postcode);
    }
    if (typed.door) setDoor(typed.door);
  }

  /** A booking kept in the browser, shown again on return. */
  function restoreKept(kept: BookingChoice) {
    const { location: where, details } = kept;
    setSavedChoice((chosen) => (chosen ? where.saved || DIFFERENT_ADDRESS : ''));
    setLocation(where);
    setManual(where.manual);
    setStreet(where.manual ? where.line1 : '');
    setPostcode(where.manual ? where.postcode : '');
    setRestoredLabel(where.manual ? '' : where.label);
    setDoor(details.doorNumber);
    setDoorFilled(details.doorNumber === buildingNumberOf(where.line1));
  }

  /** The address the search found, with a house's number as the door unless one was typed. */
  function chooseFound(found: FoundAddress) {
    const filled = doorOfFound(found, { value: door, filledByUs: doorFilled });
    if (filled) {
      setDoor(filled);
      setDoorFilled(true);
    }
    setLocation(foundLocation(found));
  }

  return {
    takeTyped,
    restoreKept,
    chooseFound,
    restoredLabel,
    setRestoredLabel,
    location,
    setLocation,
    manualChosen,
    setManual,
    street,
    setStreet,
    postcode,
    setPostcode,
    savedChoice,
    setSavedChoice,
    door,
    setDoor,
    doorFilled,
    setDoorFilled,
    startFrom,
  };
}
