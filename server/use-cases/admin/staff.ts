import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { newStaffInput } from '@shared/api/admin';
import { loginFailuresNow, rateRules } from '../../auth/rate-limit';
import { clearStaffLoginFailures, createStaffUser, revokeAllStaffSessions } from '../../auth/staff';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { staffUsers } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { recordAudit, type Actor } from '../audit/record-audit';

/** Staff accounts, with the failed sign-ins counted against each in the current window. */
export async function listStaff(db: Database, now: Date) {
  const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.createdAt));
  const failures = await loginFailuresNow(
    db,
    rateRules.staffLogin,
    rows.map((s) => s.email),
    now,
  );
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    email: s.email,
    role: s.role,
    disabled: s.disabledAt !== null,
    failed_logins: failures.get(s.email) ?? 0,
    created_at: s.createdAt.toISOString(),
  }));
}

export async function addStaff(
  db: Database,
  actor: Actor,
  input: z.output<typeof newStaffInput>,
  now: Date,
) {
  const parsed = { data: input };
  try {
    return await db.transaction(async (tx) => {
      const created = await createStaffUser(tx, parsed.data);
      await recordAudit(
        tx,
        actor,
        { action: 'staff.create', entity: 'staff', entityId: created.id, after: created },
        now,
      );
      return { id: created.id, name: created.name, email: created.email, role: created.role };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ValidationError('Please check the highlighted fields.', {
        email: ['A staff account with this e-mail already exists.'],
      });
    }
    throw error;
  }
}

/** Disables (or enables again) a staff account; disabling ends its sessions at once. */
export async function setStaffDisabled(
  db: Database,
  actor: Actor,
  staffId: string,
  disabled: boolean,
  now: Date,
) {
  if (staffId === actor.id) throw new ConflictError('You cannot disable your own account.');
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.id, staffId))
      .for('update');
    if (!before) throw new NotFoundError('That staff account does not exist.');
    const [after] = await tx
      .update(staffUsers)
      .set({ disabledAt: disabled ? now : null })
      .where(eq(staffUsers.id, staffId))
      .returning();
    if (disabled) await revokeAllStaffSessions(tx, staffId, now);
    await recordAudit(
      tx,
      actor,
      {
        action: disabled ? 'staff.disable' : 'staff.enable',
        entity: 'staff',
        entityId: staffId,
        before,
        after,
      },
      now,
    );
  });
}

/**
 * Unlocks a staff account: forgets every failed sign-in counted against its e-mail, from
 * every address (docs/decisions/013). `actor` is the owner, or null for `npm run
 * admin:unlock` run by whoever runs the site. Audited in the same transaction.
 */
export async function unlockStaff(
  db: Database,
  actor: Actor | null,
  staffId: string,
  now: Date,
): Promise<{ name: string; email: string; cleared: number }> {
  return db.transaction(async (tx) => {
    const [staff] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).limit(1);
    if (!staff) throw new NotFoundError('That staff account does not exist.');
    const cleared = await clearStaffLoginFailures(tx, staff.email, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.unlock',
        entity: 'staff',
        entityId: staffId,
        before: { email: staff.email, failed_logins: cleared },
        after: { email: staff.email, failed_logins: 0, by: actor ? 'owner' : 'admin:unlock' },
      },
      now,
    );
    return { name: staff.name, email: staff.email, cleared };
  });
}

/** The staff account of an e-mail (for `npm run admin:unlock`), or null. */
export async function findStaffByEmail(db: Database, email: string) {
  const [staff] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, email.trim().toLowerCase()))
    .limit(1);
  return staff ?? null;
}
