import { and, eq, isNull } from 'drizzle-orm';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { rateRules, startLoginAttempt } from '../../auth/rate-limit';
import { createStaffSession, staffMessages } from '../../auth/staff';
import { staffUsers } from '../../db/schema';
import { UnauthorizedError } from '../../errors';
import type { AppServices } from '../../services';

/**
 * Checks the password and starts a staff session; same error and work for every failure.
 * Failures are limited per (e-mail, IP) and per e-mail like customers' (docs/decisions/013),
 * so nobody can lock the owner out from another address; the owner can also unlock. A
 * use-case like the customers' logIn, so every rate limit is applied in use-cases.
 */
export async function staffLogIn(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { email: string; password: string; ip: string },
) {
  const { db } = deps;
  const now = deps.now();
  const email = input.email.trim().toLowerCase();
  const attempt = await startLoginAttempt(db, rateRules.staffLogin, { email, ip: input.ip }, now);
  const [staff] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.email, email), isNull(staffUsers.disabledAt)))
    .limit(1);
  const ok = staff
    ? await verifyPassword(input.password, staff.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!staff || !ok) {
    await attempt.failed();
    throw new UnauthorizedError(staffMessages.loginFailed, 'login-failed');
  }
  await attempt.succeeded();
  const session = await createStaffSession(db, staff.id, now);
  return {
    ...session,
    staff: { id: staff.id, name: staff.name, email: staff.email, role: staff.role },
  };
}
