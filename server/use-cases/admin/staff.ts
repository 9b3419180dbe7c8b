import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { createStaffUser, revokeAllStaffSessions } from '../../auth/staff';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { staffUsers } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { fieldErrors } from '../../http/parse';
import { recordAudit, type Actor } from './audit';

export const newStaffInput = z.object({
  name: z.string().trim().min(2, 'Enter the name.').max(100),
  email: z.email({ error: 'Enter a valid e-mail address.' }).trim().toLowerCase(),
  role: z.enum(['owner', 'staff'], { error: 'Choose owner or staff.' }),
  password: z
    .string()
    .min(12, 'Use at least 12 characters for a back-office password.')
    .max(200, 'This password is too long.'),
});

export async function listStaff(db: Database) {
  const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.createdAt));
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    email: s.email,
    role: s.role,
    disabled: s.disabledAt !== null,
    created_at: s.createdAt.toISOString(),
  }));
}

export async function addStaff(db: Database, actor: Actor, input: unknown, now: Date) {
  const parsed = newStaffInput.safeParse(input ?? {});
  if (!parsed.success) {
    throw new ValidationError('Please check the highlighted fields.', fieldErrors(parsed.error));
  }
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
