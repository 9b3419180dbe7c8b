import { and, eq, isNull } from 'drizzle-orm';
import { normaliseUkMobile } from '@shared/validation';
import { hashToken } from '../../auth/tokens';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { revokeCustomerSessions } from '../../auth/sessions';
import type { DbOrTx } from '../../db/client';
import type { AppServices } from '../../services';
import { customers } from '../../db/schema';
import { UnauthorizedError, ValidationError } from '../../errors';
import { pendingEmailChange, requestEmailChange } from './change-email';
import { accountMessages } from '@shared/account-messages';
import { voidOneTimeCodes } from './one-time-codes';

/** Checks the customer's current password, counting checks against a per-account limit. */
async function checkCurrentPassword(db: DbOrTx, customerId: string, password: string, now: Date) {
  await hitRateLimit(db, rateRules.passwordCheckPerAccount, hashToken(customerId), now);
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .limit(1);
  if (!customer) throw new UnauthorizedError();
  if (!customer.passwordHash || !(await verifyPassword(password, customer.passwordHash))) {
    throw new ValidationError(
      accountMessages.currentPasswordWrong,
      {
        current_password: [accountMessages.currentPasswordWrong],
      },
      'password-wrong',
    );
  }
  return customer;
}

/**
 * POST /updateprofile: name, e-mail and mobile, confirmed with the current password. Name and
 * mobile change at once; a new e-mail only becomes pending until the link sent to it is
 * followed (change-email.ts), and the reply never says whether it belongs to someone else.
 */
export async function updateProfile(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'now'>,
  input: {
    customerId: string;
    name: string;
    email: string;
    phone_number: string;
    current_password: string;
  },
) {
  const { customerId } = input;
  const now = deps.now();
  const customer = await checkCurrentPassword(deps.db, customerId, input.current_password, now);
  const emailChanging = input.email !== customer.email;
  // Each request mails two addresses: bounded per account.
  if (emailChanging) await hitRateLimit(deps.db, rateRules.emailChangePerAccount, customerId, now);
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(customers)
      .set({ name: input.name, phone: normaliseUkMobile(input.phone_number) })
      .where(eq(customers.id, customerId))
      .returning({ name: customers.name, email: customers.email, phone: customers.phone });
    if (emailChanging) {
      await requestEmailChange(tx, { account: customer, newEmail: input.email, now }, deps);
    }
    return {
      ...updated!,
      emailChangeRequested: emailChanging,
      pendingEmail: emailChanging ? input.email : await pendingEmailChange(tx, { customerId, now }),
    };
  });
}

/**
 * POST /changepassword. Every session of the customer ends, this one included: spec 4 sends
 * the website back to /login, and a stolen session must not outlive the change. A pending
 * e-mail change is dropped with it.
 */
export async function changePassword(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { customerId: string; current_password: string; new_password: string },
) {
  const { db } = deps;
  const { customerId } = input;
  const now = deps.now();
  await checkCurrentPassword(db, customerId, input.current_password, now);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, customerId));
    await revokeCustomerSessions(tx, customerId, now);
    await voidOneTimeCodes(tx, { customerId, purposes: ['email_change'], now });
  });
}
