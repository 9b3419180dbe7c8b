import type { SavedAddressRow } from './save-address';
import { savedAddressLines } from './full-address';

/** An address-book entry as the API and the account's pages show it (issue 18). */
export function savedAddressView(row: SavedAddressRow) {
  return {
    id: row.id,
    label: row.label,
    door_number: row.doorNumber,
    building: row.building,
    line1: row.line1,
    line2: row.line2,
    town: row.town,
    postcode: row.postcode,
    company: row.company,
    address_type: row.addressType,
    access_notes: row.accessNotes,
    full_address: savedAddressLines(row).join('\n'),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type SavedAddressView = ReturnType<typeof savedAddressView>;

/** An entry as a choice of the booking form: its parts and the address on one line. */
export function savedAddressOption(row: SavedAddressRow) {
  const view = savedAddressView(row);
  return {
    id: view.id,
    label: view.label,
    text: view.full_address.split('\n').join(', '),
    door_number: view.door_number,
    building: view.building,
    line1: view.line1,
    line2: view.line2,
    town: view.town,
    postcode: view.postcode,
    company: view.company,
    address_type: view.address_type,
    access_notes: view.access_notes,
  };
}
