import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { newStaffInput } from '@shared/api/admin/staff';
import { clearLoginFailures, loginFailuresNow, rateRules } from '../../auth/rate-limit';
import { createStaffUser, revokeAllStaffSessions } from '../../auth/staff';
import type { AppServices } from '../../services';
import { isUniqueViolation } from '../../db/errors';
import { staffUsers } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { recordAudit, type Actor } from '../audit/record-audit';
import { branchIdsByStaff } from '../branches/branch-settings';

/** Staff accounts, with the failed sign-ins counted against each in the current window. */
export async function listStaff(deps: Pick<AppServices, 'db' | 'now'>) {
  const { db } = deps;
  const now = deps.now();
  const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.createdAt));
  const failures = await loginFailuresNow(
    db,
    rateRules.staffLogin,
    rows.map((s) => s.email),
    now,
  );
  const branchIds = await branchIdsByStaff(db);
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    email: s.email,
    role: s.role,
    disabled: s.disabledAt !== null,
    failed_logins: failures.get(s.email) ?? 0,
    created_at: s.createdAt.toISOString(),
    branch_ids: branchIds.get(s.id) ?? [],
  }));
}

export async function addStaff(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: z.output<typeof newStaffInput> & { actor: Actor },
) {
  const now = deps.now();
  const { actor, ...data } = input;
  const parsed = { data };
  try {
    return await deps.db.transaction(async (tx) => {
      const created = await createStaffUser(tx, parsed.data);
      await recordAudit(tx, {
        actor,
        now,
        action: 'staff.create',
        entity: 'staff',
        entityId: created.id,
        after: created,
      });
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
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor; staffId: string; disabled: boolean },
) {
  const { db } = deps;
  const { actor, staffId, disabled } = input;
  const now = deps.now();
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
    await recordAudit(tx, {
      actor,
      now,
      action: disabled ? 'staff.disable' : 'staff.enable',
      entity: 'staff',
      entityId: staffId,
      before,
      after,
    });
  });
}

/**
 * Unlocks a staff account: forgets every failed sign-in counted against its e-mail, from
 * every address (docs/decisions/013). `actor` is the owner, or null for `npm run
 * admin:unlock` run by whoever runs the site. Audited in the same transaction.
 */
export async function unlockStaff(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor | null; staffId: string },
): Promise<{ name: string; email: string; cleared: number }> {
  const { actor, staffId } = input;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [staff] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).limit(1);
    if (!staff) throw new NotFoundError('That staff account does not exist.');
    const cleared = await clearLoginFailures(tx, rateRules.staffLogin, staff.email, now);
    await recordAudit(tx, {
      actor,
      now,
      action: 'staff.unlock',
      entity: 'staff',
      entityId: staffId,
      before: { email: staff.email, failed_logins: cleared },
      after: { email: staff.email, failed_logins: 0, by: actor ? 'owner' : 'admin:unlock' },
    });
    return { name: staff.name, email: staff.email, cleared };
  });
}

/** The staff account of an e-mail (for `npm run admin:unlock`), or null. */
export async function findStaffByEmail(deps: Pick<AppServices, 'db'>, input: { email: string }) {
  const { email } = input;
  const [staff] = await deps.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, email.trim().toLowerCase()))
    .limit(1);
  return staff ?? null;
}
