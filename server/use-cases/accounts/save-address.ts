import { isUuid } from '@shared/text';
import { and, desc, eq } from 'drizzle-orm';
import type { AddressBookEntryInput } from '@shared/address-book';
import { addressBookMessages } from '@shared/address-book';
import type { AddressInput } from '@shared/validation';
import type { DbOrTx } from '../../db/client';
import { customerAddresses } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { formatFullAddress } from './full-address';

/*
 * The address book: the one place its entries are written (sign-up, guest checkout, placing
 * an order, and the account's own page, issue 18: add, edit, remove). An entry keeps the flat
 * (door_number), the building and the access notes as the customer entered them.
 */

/** What the customer may say about an address besides its parts (issue 18). */
export type AddressExtras = { label?: string; building?: string; access_notes?: string };

export type SavedAddressRow = typeof customerAddresses.$inferSelect;

/** An entry's id as posted (a form, a query): anything but a UUID is no entry of anyone's. */
function entryId(id: string): string {
  if (!isUuid(id)) throw new NotFoundError(addressBookMessages.notFound);
  return id;
}

/**
 * Keeps an address in the customer's address book. An address already in the book (same
 * printed address) is not added twice; either way its id comes back and the entry becomes the
 * most recent (`now`, the caller's clock), taking the label, building or access notes given. The postcode arrives normalised by addressSchema (shared/validation).
 */
export async function saveCustomerAddress(
  tx: DbOrTx,
  input: { customerId: string; address: AddressInput & AddressExtras; now: Date },
): Promise<{ id: string; fullAddress: string }> {
  const { customerId, address } = input;
  const fullAddress = formatFullAddress(address);
  const extras = {
    ...(address.label ? { label: address.label } : {}),
    ...(address.building ? { building: address.building } : {}),
    ...(address.access_notes ? { accessNotes: address.access_notes } : {}),
  };
  const [known] = await tx
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.fullAddress, fullAddress),
      ),
    )
    .limit(1);
  if (known) {
    await tx
      .update(customerAddresses)
      .set({ ...extras, updatedAt: input.now })
      .where(eq(customerAddresses.id, known.id));
    return { id: known.id, fullAddress };
  }
  const [saved] = await tx
    .insert(customerAddresses)
    .values({
      customerId,
      doorNumber: address.door_number,
      company: address.company,
      line1: address.line1,
      line2: address.line2,
      town: address.town,
      postcode: address.postcode,
      addressType: address.address_type,
      fullAddress,
      ...extras,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: customerAddresses.id });
  return { id: saved!.id, fullAddress };
}

/** The customer's address book, the most recently used or changed entry first. */
export async function listAddressBook(
  deps: Pick<AppServices, 'db'>,
  input: { customerId: string },
): Promise<SavedAddressRow[]> {
  return deps.db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, input.customerId))
    .orderBy(desc(customerAddresses.updatedAt), desc(customerAddresses.createdAt));
}

/** One of the customer's own entries; anyone else's is not found. */
export async function findSavedAddress(
  deps: Pick<AppServices, 'db'>,
  input: { customerId: string; addressId: string },
): Promise<SavedAddressRow> {
  const [row] = await deps.db
    .select()
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.id, entryId(input.addressId)),
        eq(customerAddresses.customerId, input.customerId),
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError(addressBookMessages.notFound);
  return row;
}

/** Adds an entry from the account (the same printed address again updates that entry). */
export async function addAddress(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { customerId: string; entry: AddressBookEntryInput },
): Promise<SavedAddressRow> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { id } = await saveCustomerAddress(tx, {
      customerId: input.customerId,
      address: input.entry,
      now,
    });
    // The entry as the customer just gave it, blanks included.
    const [row] = await tx
      .update(customerAddresses)
      .set(entryColumns(input.entry, now))
      .where(eq(customerAddresses.id, id))
      .returning();
    return row!;
  });
}

/** Changes one of the customer's own entries, in one conditional update. */
export async function updateAddress(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { customerId: string; addressId: string; entry: AddressBookEntryInput },
): Promise<SavedAddressRow> {
  const [row] = await deps.db
    .update(customerAddresses)
    .set(entryColumns(input.entry, deps.now()))
    .where(
      and(
        eq(customerAddresses.id, entryId(input.addressId)),
        eq(customerAddresses.customerId, input.customerId),
      ),
    )
    .returning();
  if (!row) throw new NotFoundError(addressBookMessages.notFound);
  return row;
}

/** Removes one of the customer's own entries; orders keep the address they were placed with. */
export async function removeAddress(
  deps: Pick<AppServices, 'db'>,
  input: { customerId: string; addressId: string },
): Promise<void> {
  const gone = await deps.db
    .delete(customerAddresses)
    .where(
      and(
        eq(customerAddresses.id, entryId(input.addressId)),
        eq(customerAddresses.customerId, input.customerId),
      ),
    )
    .returning({ id: customerAddresses.id });
  if (gone.length === 0) throw new NotFoundError(addressBookMessages.notFound);
}

function entryColumns(entry: AddressBookEntryInput, now: Date) {
  return {
    label: entry.label,
    doorNumber: entry.door_number,
    building: entry.building,
    company: entry.company,
    line1: entry.line1,
    line2: entry.line2,
    town: entry.town,
    postcode: entry.postcode,
    addressType: entry.address_type,
    accessNotes: entry.access_notes,
    fullAddress: formatFullAddress(entry),
    updatedAt: now,
  };
}
