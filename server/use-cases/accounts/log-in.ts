import { and, eq, isNull } from 'drizzle-orm';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { hitRateLimit, rateRules, startLoginAttempt } from '../../auth/rate-limit';
import { createSession } from '../../auth/sessions';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema';
import { UnauthorizedError } from '../../errors';
import { accountMessages } from '@shared/account-messages';
import type { AppServices } from '../../services';

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
 * The e-mail step of /login. Every well-formed e-mail gets the same reply without a look-up,
 * so it cannot be used to find out who has an account; it is only limited per IP.
 */
export async function checkLoginEmail(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { ip: string },
) {
  await hitRateLimit(deps.db, rateRules.emailCheckPerIp, input.ip, deps.now());
}

/**
 * Checks the password and starts a session. A missing account and a wrong password give the
 * same error after the same work (a dummy hash is checked), so neither reveals the account.
 * Failures are counted per (e-mail, IP) and per e-mail (docs/decisions/013): a stranger's
 * failures refuse the stranger's address, never the right password from another address.
 */
export async function logIn(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { email: string; password: string; ip: string; userAgent?: string | null },
) {
  const { db } = deps;
  const now = deps.now();
  const attempt = await startLoginAttempt(db, rateRules.customerLogin, input, now);
  const customer = await findRegisteredCustomer(db, input.email);
  const ok = customer?.passwordHash
    ? await verifyPassword(input.password, customer.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!customer || !ok) {
    await attempt.failed();
    throw new UnauthorizedError(accountMessages.loginFailed, 'login-failed');
  }
  await attempt.succeeded();
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
