import { and, eq, isNull } from 'drizzle-orm';
import { hashToken } from '../../auth/tokens';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { createSession } from '../../auth/sessions';
import type { Database, DbOrTx } from '../../db/client';
import { customers } from '../../db/schema';
import { UnauthorizedError } from '../../errors';
import { accountMessages } from './errors';

/** The live registered account of an e-mail, or null. */
export async function findRegisteredCustomer(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(eq(customers.email, email), eq(customers.isGuest, false), isNull(customers.deletedAt)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Checks the password and starts a session. A missing account and a wrong password give the
 * same error after the same work (a dummy hash is checked), so neither reveals the account.
 */
export async function logIn(
  db: Database,
  input: { email: string; password: string; ip: string; userAgent?: string | null },
  now: Date,
) {
  await hitRateLimit(db, rateRules.loginPerIp, input.ip, now);
  await hitRateLimit(db, rateRules.loginPerAccount, hashToken(input.email), now);
  const customer = await findRegisteredCustomer(db, input.email);
  const ok = customer?.passwordHash
    ? await verifyPassword(input.password, customer.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!customer || !ok) throw new UnauthorizedError(accountMessages.loginFailed);
  const session = await createSession(db, customer.id, now, input.userAgent);
  return {
    customer: {
      id: customer.id,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
    },
    ...session,
  };
}
