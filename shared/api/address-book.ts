import { z } from 'zod';
import { text } from '../text';
import { addressBookEntrySchema } from '../address-book';
import { endpoint, failures, instant, ok } from './contract';

/*
 * The logged-in customer's address book (issue 18, decision 034): list, add, edit, remove.
 * An entry keeps the flat, the building and the access notes as entered; another customer's
 * entry is not found (404), whoever asks.
 */

export const savedAddress = z
  .object({
    id: z.uuid(),
    label: text().meta({ examples: ['Home', 'Work'] }),
    door_number: text().meta({ description: 'The flat or door as typed', examples: ['Flat 2'] }),
    building: text().meta({ examples: ['Elgin Court'] }),
    line1: text().meta({ examples: ['7 Elgin Avenue'] }),
    line2: text(),
    town: text(),
    postcode: text(),
    company: text(),
    address_type: text(),
    access_notes: text().meta({ examples: ['Gate code 1234; leave with the concierge'] }),
    full_address: text().meta({ description: 'Multi-line address' }),
    updated_at: instant,
  })
  .meta({ id: 'SavedAddress' });

/** An entry as the booking form offers it: its parts, and the address on one line. */
export const bookingAddressOption = z
  .object({
    id: z.uuid(),
    label: text(),
    text: text().meta({
      description: 'The address on one line, as people read it',
      examples: ['Flat 2, Elgin Court, 7 Elgin Avenue, London, W9 2HD'],
    }),
    door_number: text(),
    building: text(),
    line1: text(),
    line2: text(),
    town: text(),
    postcode: text(),
    company: text(),
    address_type: text(),
    access_notes: text(),
  })
  .meta({ id: 'BookingAddressOption' });

/** An earlier order of the customer's, as "Book again" fills the booking form from it. */
export const orderToBookAgain = z
  .object({
    id: z.uuid(),
    line1: text(),
    line2: text(),
    town: text(),
    postcode: text(),
    company: text(),
    address_type: text(),
    door_number: text(),
    building: text(),
    access_notes: text(),
    notes: text().meta({ description: 'The notes of that order, to start the checkout’s notes' }),
  })
  .meta({ id: 'OrderToBookAgain' });

const session = ['bearer', 'cookie'] as const;
const addressId = z.object({ id: z.uuid({ error: 'We could not find that address.' }) });
const one = z.object({ status: ok, message: text(), address: savedAddress });

export const addressBookApi = {
  bookingChoices: endpoint({
    method: 'GET',
    path: '/api/account/booking-choices',
    operationId: 'bookingChoices',
    tag: 'Accounts',
    summary:
      'What the booking form offers the signed-in customer: their saved addresses, and an earlier order to book again',
    description:
      'The home page is the same for every visitor (decision 042): its booking form asks for this once it runs in the browser. `again` names one of the customer’s own orders ("Book again"); another customer’s order, or one without an address, gives `again: null`.',
    auth: session,
    query: z.object({
      again: z
        .uuid({ error: 'We could not find that order.' })
        .optional()
        .meta({ description: 'The order booked again' }),
    }),
    replies: {
      200: z.object({
        status: ok,
        saved: z.array(bookingAddressOption),
        again: orderToBookAgain.nullable(),
      }),
      ...failures(400, 401),
    },
  }),
  listAddresses: endpoint({
    method: 'GET',
    path: '/api/account/addresses',
    operationId: 'listAddresses',
    tag: 'Accounts',
    summary: 'The customer’s saved addresses, the most recently used or changed first',
    auth: session,
    replies: { 200: z.object({ status: ok, addresses: z.array(savedAddress) }), ...failures(401) },
  }),
  addAddress: endpoint({
    method: 'POST',
    path: '/api/account/addresses',
    operationId: 'addAddress',
    tag: 'Accounts',
    summary: 'Saves an address (an address already in the book is updated, not added twice)',
    auth: session,
    body: addressBookEntrySchema,
    replies: { 200: one, ...failures(401, 422) },
  }),
  updateAddress: endpoint({
    method: 'PATCH',
    path: '/api/account/addresses/:id',
    operationId: 'updateAddress',
    tag: 'Accounts',
    summary: 'Changes a saved address: the whole entry as the form sends it',
    auth: session,
    params: addressId,
    body: addressBookEntrySchema,
    replies: { 200: one, ...failures(401, 404, 422) },
  }),
  removeAddress: endpoint({
    method: 'DELETE',
    path: '/api/account/addresses/:id',
    operationId: 'removeAddress',
    tag: 'Accounts',
    summary: 'Removes a saved address (orders keep the address they were placed with)',
    auth: session,
    params: addressId,
    replies: { 200: z.object({ status: ok, message: text() }), ...failures(401, 404) },
  }),
};
