import { normaliseUkMobile, type AddressInput } from '@shared/validation';
import { issueCheckoutToken } from '../../auth/checkout-token';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import { saveCustomerAddress } from '../accounts/save-address';

/**
 * POST /guest: a customer record without a password for this checkout, with its address,
 * and the checkout token that alone lets the same browser place the order. Limited per IP,
 * generously: guest checkouts are the business.
 */
export async function registerGuest(
  db: Database,
  input: { name: string; email: string; phone: string; address: AddressInput; ip: string },
  now: Date,
): Promise<{ customerId: string; addressId: string; checkoutToken: string }> {
  await hitRateLimit(db, rateRules.guestPerIp, input.ip, now);
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(customers)
      .values({
        name: input.name,
        email: input.email,
        phone: normaliseUkMobile(input.phone),
        isGuest: true,
      })
      .returning({ id: customers.id });
    const address = await saveCustomerAddress(tx, customer!.id, input.address);
    const checkoutToken = await issueCheckoutToken(
      tx,
      { customerId: customer!.id, addressId: address!.id },
      now,
    );
    return { customerId: customer!.id, addressId: address!.id, checkoutToken };
  });
}
