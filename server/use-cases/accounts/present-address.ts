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
