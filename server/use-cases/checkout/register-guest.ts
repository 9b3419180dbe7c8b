import { normaliseUkMobile, type AddressInput } from '@shared/validation';
import { issueCheckoutToken } from '../../auth/checkout-token';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import type { AppServices } from '../../services';
import { customers } from '../../db/schema';
import { saveCustomerAddress } from '../accounts/save-address';

/**
 * POST /guest: a customer record without a password for this checkout, with its address,
 * and the checkout token that alone lets the same browser place the order. Limited per IP,
 * generously: guest checkouts are the business.
 */
export async function registerGuest(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { name: string; email: string; phone: string; address: AddressInput; ip: string },
): Promise<{ customerId: string; addressId: string; checkoutToken: string }> {
  const { db } = deps;
  const now = deps.now();
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
    const address = await saveCustomerAddress(tx, {
      customerId: customer!.id,
      address: input.address,
      now,
    });
    const checkoutToken = await issueCheckoutToken(
      tx,
      { customerId: customer!.id, addressId: address!.id },
      now,
    );
    return { customerId: customer!.id, addressId: address!.id, checkoutToken };
  });
}
