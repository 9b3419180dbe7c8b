import { eq } from 'drizzle-orm';
import { branchMessages } from '@shared/branch-settings';
import { branchScope, type BranchScope } from '../../auth/branch-scope';
import type { CurrentStaff } from '../../auth/staff';
import { staffSessions } from '../../db/schema';
import { ForbiddenError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';

/**
 * The branch a session works in (issue 32): staff choose one of theirs (403 for another, 422
 * for none while they belong to some); the owner picks any branch as a filter, or null for all.
 * Kept on the session, so each device works in its own branch.
 */
export async function chooseBranch(
  deps: Pick<AppServices, 'db'>,
  input: { staff: CurrentStaff; branchId: number | null },
): Promise<BranchScope> {
  const { db } = deps;
  const { staff, branchId } = input;
  const scope = await branchScope(db, staff);
  if (branchId !== null && !scope.choices.some((b) => b.id === branchId)) {
    throw staff.role === 'owner'
      ? new ValidationError(branchMessages.notFound, { branch_id: [branchMessages.notFound] })
      : new ForbiddenError(branchMessages.notMember);
  }
  if (branchId === null && staff.role !== 'owner' && scope.choices.length > 0) {
    throw new ValidationError(branchMessages.chooseOne, { branch_id: [branchMessages.chooseOne] });
  }
  await db.update(staffSessions).set({ branchId }).where(eq(staffSessions.id, staff.sessionId));
  return branchScope(db, { ...staff, sessionBranchId: branchId });
}
