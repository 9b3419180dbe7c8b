import { addressLines, formatFullAddress as format, storedAddressLines } from '@shared/address';
import type { AddressInput } from '@shared/validation';

/** The multi-line address shown to people and stored as full_address (shared/address). */
export function formatFullAddress(address: AddressInput & { building?: string }): string {
  return format(address);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An address-book entry's lines, from its parts (older entries printed numbers twice). */
export function savedAddressLines(a: {
  doorNumber: string;
  building?: string;
  company: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
}): string[] {
  return addressLines({
    door_number: a.doorNumber,
    building: a.building,
    company: a.company,
    line1: a.line1,
    line2: a.line2,
    town: a.town,
    postcode: a.postcode,
  });
}

/**
 * An order's collection address as lines for the shop and the customer: from the parts the
 * customer confirmed (the door as typed, the building number and street from the search),
 * each once; orders without the parts fall back to the stored text.
 */
export function orderAddressLines(o: {
  doorNumber: string;
  companyName: string;
  postcode: string;
  fullAddress: string;
  addressJson: unknown;
}): string[] {
  const parts = (o.addressJson ?? {}) as Record<string, unknown>;
  const line1 = text(parts.line1);
  if (!line1) return storedAddressLines(o.fullAddress);
  return addressLines({
    door_number: o.doorNumber,
    building: text(parts.building),
    company: o.companyName || text(parts.company),
    line1,
    line2: text(parts.line2),
    town: text(parts.town),
    postcode: o.postcode,
  });
}
