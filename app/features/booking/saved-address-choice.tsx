import { buildingNumberOf } from '@shared/address';
import type { SelectedLocation } from './booking-storage';

/*
 * A logged-in customer's address book on the booking form (issue 18, decision 034): one radio
 * per saved address, the most recent first, and "Use a different address". The radio is a
 * plain field (`saved`): without JavaScript the checkout's loader fills the address from the
 * chosen entry; with it the form fills its own fields at once.
 */

export type SavedAddressOption = {
  id: string;
  label: string;
  /** The address on one line, as people read it. */
  text: string;
  door_number: string;
  building: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
  company: string;
  address_type: string;
  access_notes: string;
};

export const DIFFERENT_ADDRESS = 'new';

/** The entry as the booking form's chosen location. */
export function savedLocation(option: SavedAddressOption): SelectedLocation {
  return {
    label: option.text,
    line1: option.line1,
    line2: option.line2,
    town: option.town || 'London',
    postcode: option.postcode,
    company: option.company,
    address_type: option.address_type || 'Residential',
    manual: false,
    saved: option.id,
    building: option.building,
    access_notes: option.access_notes,
  };
}

/** The flat or door the form starts with for an entry: as saved, else the building number. */
export function savedDoor(option: SavedAddressOption): string {
  return option.door_number || buildingNumberOf(option.line1);
}

export function SavedAddressChoice({
  id,
  options,
  chosen,
  onChoose,
}: {
  id: string;
  options: SavedAddressOption[];
  chosen: string;
  onChoose: (value: string) => void;
}) {
  const radio = 'mt-0.5 size-4 shrink-0 accent-brand';
  const row =
    'flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/5';
  return (
    <fieldset className="mt-4" aria-describedby={`${id}-saved-hint`}>
      <legend className="field-label">Your saved addresses</legend>
      <p id={`${id}-saved-hint`} className="sr-only">
        Choosing one fills in the address, flat and access notes.
      </p>
      <div className="space-y-2">
        {options.map((o) => (
          <label key={o.id} className={row}>
            <input
              type="radio"
              name="saved"
              value={o.id}
              checked={chosen === o.id}
              onChange={() => onChoose(o.id)}
              className={radio}
            />
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">
                {o.label || 'Saved address'}
              </span>
              <span className="block break-words text-slate-700">{o.text}</span>
              {o.access_notes ? (
                <span className="block break-words text-slate-500">Access: {o.access_notes}</span>
              ) : null}
            </span>
          </label>
        ))}
        <label className={row}>
          <input
            type="radio"
            name="saved"
            value={DIFFERENT_ADDRESS}
            checked={chosen === DIFFERENT_ADDRESS}
            onChange={() => onChoose(DIFFERENT_ADDRESS)}
            className={radio}
          />
          <span className="font-semibold text-slate-900">Use a different address</span>
        </label>
      </div>
    </fieldset>
  );
}
