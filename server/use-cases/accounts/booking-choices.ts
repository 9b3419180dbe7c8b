import type { AppServices } from '../../services';
import { findOrderToRepeat } from './book-again';
import { savedAddressOption } from './present-address';
import { listAddressBook } from './save-address';

/*
 * What the booking form offers a signed-in customer (issue 18, decisions 034 and 042): their
 * address book, the most recent first, and "Book again": an earlier order of theirs, whose
 * address and notes fill the form. The home page is the same bytes for everybody, so the
 * browser asks for this once it runs; without JavaScript the checkout offers the address book.
 */
export async function bookingChoices(
  deps: Pick<AppServices, 'db'>,
  input: { customerId: string; againId?: string },
) {
  const [rows, repeat] = await Promise.all([
    listAddressBook(deps, { customerId: input.customerId }),
    input.againId
      ? findOrderToRepeat(deps, { customerId: input.customerId, orderId: input.againId })
      : null,
  ]);
  return {
    saved: rows.map(savedAddressOption),
    again:
      repeat && input.againId
        ? {
            id: input.againId,
            line1: repeat.line1,
            line2: repeat.line2,
            town: repeat.town,
            postcode: repeat.postcode,
            company: repeat.company,
            address_type: repeat.address_type,
            door_number: repeat.door_number,
            building: repeat.building,
            access_notes: repeat.access_notes,
            notes: repeat.notes,
          }
        : null,
  };
}
