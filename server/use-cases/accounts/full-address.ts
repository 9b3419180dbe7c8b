import type { AddressInput } from '@shared/validation';

/** The multi-line address shown to people and stored as full_address. Pure. */
export function formatFullAddress(address: AddressInput): string {
  const street = [address.door_number, address.line1].filter(Boolean).join(' ');
  return [address.company, street, address.line2, address.town, address.postcode.toUpperCase()]
    .map((line) => line?.trim())
    .filter(Boolean)
    .join('\n');
}
