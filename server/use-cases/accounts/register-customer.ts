import { isUniqueViolation } from '../../db/errors';
import { and, eq, isNull } from 'drizzle-orm';
import { normaliseUkMobile, type AddressInput } from '@shared/validation';
import { issueCheckoutToken } from '../../auth/checkout-token';
import { hashPassword } from '../../auth/passwords';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { customers } from '../../db/schema';
import { ValidationError } from '../../errors';
import { accountMessages } from '@shared/account-messages';
import type { AppServices } from '../../services';
import { saveCustomerAddress } from './save-address';

export type Registration = {
  name: string;
  email: string;
  phone: string;
  password: string;
  address: AddressInput;
};

function emailTaken(): ValidationError {
  return new ValidationError(accountMessages.emailTaken, { email: [accountMessages.emailTaken] });
}

/**
 * Creates a registered customer with their address. The partial unique index on
 * customers.email decides whether the e-mail is free; the check before it only gives the
 * common case a friendly path. Limited per IP.
 */
export async function registerCustomer(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: Registration & { ip: string },
): Promise<{ customerId: string; addressId: string; checkoutToken: string }> {
  const { db } = deps;
  const now = deps.now();
  await hitRateLimit(db, rateRules.registerPerIp, input.ip, now);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(
          and(
            eq(customers.email, input.email),
            eq(customers.isGuest, false),
            isNull(customers.deletedAt),
          ),
        )
        .limit(1);
      if (existing) throw emailTaken();
      const [customer] = await tx
        .insert(customers)
        .values({
          name: input.name,
          email: input.email,
          phone: normaliseUkMobile(input.phone),
          passwordHash,
          isGuest: false,
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
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
