import type { z } from 'zod';
import { text } from './text';
import { structuredAddressSchema } from './validation';

/*
 * The customer's address book (issue 18): an entry is an address of the booking form (its
 * street and postcode messages, spec 5) with the customer's label for it, the building's name
 * and how to get in. The flat stays in door_number, as typed. Read by the API's contract
 * (shared/api/address-book.ts) and the account's form, so both say the same.
 */

export const addressBookMessages = {
  label: 'The label may be at most 40 characters',
  door: 'The flat or door may be at most 50 characters',
  building: 'The building name may be at most 100 characters',
  accessNotes: 'Access notes may be at most 500 characters',
  invalid: 'Please check the address.',
  notFound: 'We could not find that address.',
  added: 'The address is saved in your address book.',
  updated: 'The address is updated.',
  removed: 'The address is removed from your address book.',
} as const;

export const addressBookEntrySchema = structuredAddressSchema.extend({
  label: text().trim().max(40, addressBookMessages.label).optional().default(''),
  door_number: text().trim().max(50, addressBookMessages.door).optional().default(''),
  building: text().trim().max(100, addressBookMessages.building).optional().default(''),
  access_notes: text().trim().max(500, addressBookMessages.accessNotes).optional().default(''),
});

export type AddressBookEntryInput = z.output<typeof addressBookEntrySchema>;

/** The fields of the account's address form, in the API's names. */
export const addressBookFields = [
  'label',
  'door_number',
  'building',
  'line1',
  'line2',
  'town',
  'postcode',
  'access_notes',
] as const;
