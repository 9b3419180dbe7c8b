import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { staffSessions, staffUsers } from '../db/schema';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AppServices } from '../services';
import { STAFF_COOKIE, readCookie, tokenFromCredentials } from './cookies';

export { STAFF_COOKIE };
import { findSession } from './sessions';
import { hashPassword } from './passwords';
import { hashToken, newToken } from './tokens';

/**
 * Staff of the shop sign in to /admin with their own accounts, apart from customers. The
 * session rules are the customers' (random token, only its hash stored, expiry, revocation,
 * CSRF guard, rate-limited login) with a shorter life and a Strict cookie.
 */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type StaffRole = 'owner' | 'staff' | 'driver';
export type CurrentStaff = {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  sessionId: string;
};

export const staffMessages = {
  loginFailed: 'The e-mail or password is not correct.',
  loginRequired: 'Please sign in to the back office.',
  ownerOnly: 'Only the owner can do this.',
  customerRefused: 'Customer accounts have no access to the back office.',
  driverOnly: 'Drivers can use the driver’s view only.',
} as const;

export function staffCookie(token: string, options: { secure: boolean; expires: Date }): string {
  return [
    `${STAFF_COOKIE}=${encodeURIComponent(token)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Expires=${options.expires.toUTCString()}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedStaffCookie(options: { secure: boolean }): string {
  return [
    `${STAFF_COOKIE}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The staff token of a request: the cookie of /admin, or a Bearer header (scripts, tests). */
function staffToken(credentials: { cookie?: string | null; authorization?: string | null }) {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(credentials.authorization ?? '')?.[1];
  return bearer ?? readCookie(credentials.cookie, STAFF_COOKIE);
}

export async function createStaffUser(
  db: DbOrTx,
  input: { email: string; name: string; role: StaffRole; password: string },
) {
  const [row] = await db
    .insert(staffUsers)
    .values({
      email: input.email.trim().toLowerCase(),
      name: input.name.trim(),
      role: input.role,
      passwordHash: await hashPassword(input.password),
    })
    .returning();
  return row!;
}

/** The live staff member a request's token stands for, or null. */
export async function getCurrentStaff(
  db: DbOrTx,
  credentials: { cookie?: string | null; authorization?: string | null },
  now: Date,
): Promise<CurrentStaff | null> {
  const token = staffToken(credentials);
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      id: staffUsers.id,
      name: staffUsers.name,
      email: staffUsers.email,
      role: staffUsers.role,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        isNull(staffUsers.disabledAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Starts a staff session (after the sign-in use-case checked the password). */
export async function createStaffSession(db: DbOrTx, staffId: string, now: Date) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_MS);
  await db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId, expiresAt });
  return { token, expiresAt };
}

export async function revokeStaffSession(db: DbOrTx, sessionId: string, now: Date) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Ends every session of a staff member (when disabled or their password changes). */
export async function revokeAllStaffSessions(db: DbOrTx, staffId: string, now: Date) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

/**
 * The staff member of a request's credentials with one of `roles`. No staff session is 401,
 * except that a customer's credentials get 403: they are known, and not allowed here.
 */
export async function requireStaffRole(
  services: AppServices,
  credentials: { cookie?: string | null; authorization?: string | null },
  roles: readonly StaffRole[] = ['owner', 'staff'],
): Promise<CurrentStaff> {
  const staff = await getCurrentStaff(services.db, credentials, services.now());
  if (!staff) {
    const customerToken = tokenFromCredentials(credentials);
    if (customerToken && (await findSession(services.db, customerToken.token, services.now()))) {
      throw new ForbiddenError(staffMessages.customerRefused);
    }
    throw new UnauthorizedError(staffMessages.loginRequired);
  }
  if (!roles.includes(staff.role)) {
    throw new ForbiddenError(
      staff.role === 'driver' ? staffMessages.driverOnly : staffMessages.ownerOnly,
      'staff-role-required',
    );
  }
  return staff;
}
