import { isUniqueViolation } from '../../db/errors';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { normaliseUkMobile } from '@shared/validation';
import { hashToken } from '../../auth/tokens';
import { verifyPassword } from '../../auth/passwords';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { hashPassword } from '../../auth/passwords';
import { revokeCustomerSessions } from '../../auth/sessions';
import type { Database, DbOrTx } from '../../db/client';
import { customers } from '../../db/schema';
import { UnauthorizedError, ValidationError } from '../../errors';
import { accountMessages } from './errors';

/** Checks the customer's current password, counting failures against a per-account limit. */
async function checkCurrentPassword(db: DbOrTx, customerId: string, password: string, now: Date) {
  await hitRateLimit(db, rateRules.passwordCheckPerAccount, hashToken(customerId), now);
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .limit(1);
  if (!customer) throw new UnauthorizedError();
  if (!customer.passwordHash || !(await verifyPassword(password, customer.passwordHash))) {
    throw new ValidationError(accountMessages.currentPasswordWrong, {
      current_password: [accountMessages.currentPasswordWrong],
    });
  }
  return customer;
}

/** POST /updateprofile: name, e-mail and mobile, confirmed with the current password. */
export async function updateProfile(
  db: Database,
  customerId: string,
  input: { name: string; email: string; phone_number: string; current_password: string },
  now: Date,
) {
  await checkCurrentPassword(db, customerId, input.current_password, now);
  const [taken] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.email, input.email),
        eq(customers.isGuest, false),
        isNull(customers.deletedAt),
        ne(customers.id, customerId),
      ),
    )
    .limit(1);
  const takenError = () =>
    new ValidationError(accountMessages.emailTaken, { email: [accountMessages.emailTaken] });
  if (taken) throw takenError();
  try {
    const [updated] = await db
      .update(customers)
      .set({ name: input.name, email: input.email, phone: normaliseUkMobile(input.phone_number) })
      .where(eq(customers.id, customerId))
      .returning({ name: customers.name, email: customers.email, phone: customers.phone });
    return updated!;
  } catch (error) {
    if (isUniqueViolation(error)) throw takenError();
    throw error;
  }
}

/**
 * POST /changepassword. Every session of the customer ends, this one included: spec 4 sends
 * the website back to /login, and a stolen session must not outlive the change.
 */
export async function changePassword(
  db: Database,
  customerId: string,
  input: { current_password: string; new_password: string },
  now: Date,
) {
  await checkCurrentPassword(db, customerId, input.current_password, now);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, customerId));
    await revokeCustomerSessions(tx, customerId, now);
  });
}
