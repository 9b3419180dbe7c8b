import { and, asc, eq, gte } from 'drizzle-orm';
import type { Closure, DayHours } from '@shared/branch-hours';
import type { SpeedOffer } from '@shared/counter-speed';
import { londonIsoDate } from '@shared/london-time';
import { branchScope } from '../../auth/branch-scope';
import type { CurrentStaff } from '../../auth/staff';
import type { DbOrTx } from '../../db/client';
import { branchClosures, branches, branchHours } from '../../db/schema';
import { ConflictError } from '../../errors';

/*
 * The branch a counter works in (issue 32, decision 049): the session's working branch
 * (server/auth/branch-scope.ts), which must take orders over the counter. The owner works at a
 * counter once they have picked a branch in the header; staff in several branches once they
 * have chosen; staff placed in no branch have no counter.
 */

export type CounterBranch = {
  id: number;
  name: string;
  addressLine1: string;
  postcode: string;
  phone: string;
  /** Its card reader (decision 053), or null: no card at this counter. */
  terminalReaderId: string | null;
  week: DayHours[];
  closures: Closure[];
  /** Its turnaround and the speeds it offers (shared/counter-speed.ts). */
  offer: SpeedOffer;
};

type Staff = Pick<CurrentStaff, 'id' | 'role' | 'sessionBranchId'>;

/** The hours and closures (from `now`'s London date on) of a branch. */
async function hoursOf(db: DbOrTx, branchId: number, now: Date) {
  const week = await db
    .select({
      weekday: branchHours.weekday,
      opensAt: branchHours.opensAt,
      closesAt: branchHours.closesAt,
    })
    .from(branchHours)
    .where(eq(branchHours.branchId, branchId))
    .orderBy(asc(branchHours.weekday));
  const closures = await db
    .select({ day: branchClosures.day, kind: branchClosures.kind, reason: branchClosures.reason })
    .from(branchClosures)
    .where(and(eq(branchClosures.branchId, branchId), gte(branchClosures.day, londonIsoDate(now))))
    .orderBy(asc(branchClosures.day));
  return { week, closures: closures as Closure[] };
}

/** The session's counter branch, or a 409 saying why there is none. */
export async function counterBranch(
  db: DbOrTx,
  { staff, now }: { staff: Staff; now: Date },
): Promise<CounterBranch> {
  const scope = await branchScope(db, staff);
  if (scope.current === null) {
    throw new ConflictError(
      'Choose the branch you are working in before using the counter.',
      'no-current-branch',
    );
  }
  const [branch] = await db.select().from(branches).where(eq(branches.id, scope.current));
  if (!branch) {
    throw new ConflictError('Choose the branch you are working in.', 'no-current-branch');
  }
  if (!branch.counterEnabled) {
    throw new ConflictError(
      `${branch.name} takes no orders over the counter.`,
      'counter-not-enabled',
    );
  }
  return {
    id: branch.id,
    name: branch.name,
    addressLine1: branch.addressLine1,
    postcode: branch.postcode,
    phone: branch.phone,
    offer: {
      turnaroundDays: branch.turnaroundDays,
      expressPercent: branch.expressPercent,
      sameDayPercent: branch.sameDayPercent,
      sameDayCutoff: branch.sameDayCutoff,
    },
    terminalReaderId: branch.terminalReaderId,
    ...(await hoursOf(db, branch.id, now)),
  };
}
