import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { branches, branchStaff } from '../db/schema';
import type { CurrentStaff } from './staff';

/*
 * Which branches' orders a member of staff works on (issue 32, decision 047). Staff belong to
 * one or more branches and work in one at a time, their session's: chosen at sign-in when they
 * have several, the only one otherwise, changeable from the back office's header. Until they
 * choose they see all their branches. The owner sees every branch, or one they pick as a
 * filter. A member placed in no branch yet sees every order, as before branches (the owner
 * places them at /admin/branches). Orders no branch serves are shown to everyone, so none is
 * lost; drivers have their own view and reach none of this.
 */

export type BranchChoice = { id: number; name: string };

export type BranchScope = {
  /** Orders of these branches (and orders without a branch); null: every order. */
  branchIds: number[] | null;
  /** The branch the session works in, or null (all of the member's; the owner: all). */
  current: number | null;
  /** The branches the member may work in (the owner: all). */
  choices: BranchChoice[];
  /** Staff in several branches who have not chosen one yet. */
  mustChoose: boolean;
};

/** The branches a member of staff belongs to, by their order on the site. */
export async function branchesOfStaff(db: DbOrTx, staffId: string): Promise<BranchChoice[]> {
  return db
    .select({ id: branches.id, name: branches.name })
    .from(branchStaff)
    .innerJoin(branches, eq(branches.id, branchStaff.branchId))
    .where(eq(branchStaff.staffId, staffId))
    .orderBy(asc(branches.sortOrder), asc(branches.id));
}

export async function branchScope(
  db: DbOrTx,
  staff: Pick<CurrentStaff, 'id' | 'role' | 'sessionBranchId'>,
): Promise<BranchScope> {
  if (staff.role === 'owner') {
    const all = await db
      .select({ id: branches.id, name: branches.name })
      .from(branches)
      .orderBy(asc(branches.sortOrder), asc(branches.id));
    const current = all.some((b) => b.id === staff.sessionBranchId) ? staff.sessionBranchId : null;
    return { branchIds: current ? [current] : null, current, choices: all, mustChoose: false };
  }
  const mine = await branchesOfStaff(db, staff.id);
  if (mine.length === 0) return { branchIds: null, current: null, choices: [], mustChoose: false };
  const chosen = mine.find((b) => b.id === staff.sessionBranchId)?.id;
  const current = chosen ?? (mine.length === 1 ? mine[0]!.id : null);
  return {
    branchIds: current ? [current] : mine.map((b) => b.id),
    current,
    choices: mine,
    mustChoose: current === null,
  };
}
