import { and, eq } from 'drizzle-orm';
import type { AddressInput } from '@shared/validation';
import type { DbOrTx } from '../../db/client';
import { customerAddresses } from '../../db/schema';
import { formatFullAddress } from './full-address';

/**
 * Keeps an address in the customer's address book: the one place an entry is written (sign-up,
 * guest checkout, placing an order). An address already in the book (same printed address) is
 * not added twice; either way its id comes back. The postcode arrives normalised by
 * addressSchema (shared/validation).
 */
export async function saveCustomerAddress(
  tx: DbOrTx,
  input: { customerId: string; address: AddressInput },
): Promise<{ id: string; fullAddress: string }> {
  const { customerId, address } = input;
  const fullAddress = formatFullAddress(address);
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
  if (known) return { id: known.id, fullAddress };
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
    })
    .returning({ id: customerAddresses.id });
  return { id: saved!.id, fullAddress };
}
