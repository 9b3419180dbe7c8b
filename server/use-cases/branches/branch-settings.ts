import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { SpeedOffer } from '@shared/counter-speed';
import {
  branchMessages,
  checkBranchSettings,
  type BranchSettingsInput,
} from '@shared/branch-settings';
import { branchesOfStaff } from '../../auth/branch-scope';
import type { DbOrTx } from '../../db/client';
import {
  branchAreas,
  branchClosures,
  branches,
  branchHours,
  branchStaff,
  staffUsers,
} from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';

/*
 * The owner's settings of each branch (issue 32, decision 047): the counter, the week's hours,
 * closures and bank holidays, the postcode districts whose collection orders it processes and
 * its staff. The name, address and map stay in the catalogue's editor; the public pages read
 * the same rows (the hours' tables raise the content version).
 */

export type BranchSettings = {
  id: number;
  slug: string;
  name: string;
  counter: boolean;
  readerId: string | null;
  hours: { weekday: number; opensAt: string; closesAt: string }[];
  closures: { day: string; kind: 'bank-holiday' | 'closure'; reason: string }[];
  districts: string[];
  staffIds: string[];
  counterSpeeds: SpeedOffer;
};

/** Every branch with its settings, by their order on the site. */
export async function listBranchSettings(deps: Pick<AppServices, 'db'>): Promise<BranchSettings[]> {
  return readSettings(deps.db);
}

async function readSettings(db: DbOrTx): Promise<BranchSettings[]> {
  const rows = await db.select().from(branches).orderBy(asc(branches.sortOrder), asc(branches.id));
  const hours = await db.select().from(branchHours).orderBy(asc(branchHours.weekday));
  const closures = await db.select().from(branchClosures).orderBy(asc(branchClosures.day));
  const areas = await db.select().from(branchAreas).orderBy(asc(branchAreas.district));
  const staff = await db.select().from(branchStaff);
  return rows.map((b) => ({
    id: b.id,
    slug: b.slug,
    name: b.name,
    counter: b.counterEnabled,
    readerId: b.terminalReaderId,
    hours: hours
      .filter((h) => h.branchId === b.id)
      .map(({ weekday, opensAt, closesAt }) => ({ weekday, opensAt, closesAt })),
    closures: closures
      .filter((c) => c.branchId === b.id)
      .map(({ day, kind, reason }) => ({ day, kind, reason })),
    districts: areas.filter((a) => a.branchId === b.id).map((a) => a.district),
    staffIds: staff.filter((s) => s.branchId === b.id).map((s) => s.staffId),
    counterSpeeds: {
      turnaroundDays: b.turnaroundDays,
      expressPercent: b.expressPercent,
      sameDayPercent: b.sameDayPercent,
      sameDayCutoff: b.sameDayCutoff,
    },
  }));
}

/** The staff accounts that may belong to branches (role staff), for the page's checkboxes. */
export async function branchStaffChoices(deps: Pick<AppServices, 'db'>) {
  return deps.db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(eq(staffUsers.role, 'staff'))
    .orderBy(asc(staffUsers.name));
}

/**
 * Saves one branch's settings whole (owner only: the route's guard), audited with before and
 * after. Refused with field errors (422) and nothing written: a closing time not after its
 * opening, a closure without a date or reason, a district that is another branch's (a district
 * belongs to one branch: it is moved by removing it there first), a member who is no staff.
 */
export async function saveBranchSettings(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: BranchSettingsInput & { actor: Actor; branchId: number },
): Promise<BranchSettings> {
  const now = deps.now();
  const { errors, districts } = checkBranchSettings(input);
  const staffIds = [...new Set(input.staffIds)];
  return deps.db.transaction(async (tx) => {
    const [branch] = await tx
      .select()
      .from(branches)
      .where(eq(branches.id, input.branchId))
      .for('update');
    if (!branch) throw new NotFoundError(branchMessages.notFound);
    if (districts.length > 0) {
      const taken = await tx
        .select({ district: branchAreas.district, name: branches.name })
        .from(branchAreas)
        .innerJoin(branches, eq(branches.id, branchAreas.branchId))
        .where(and(inArray(branchAreas.district, districts), ne(branchAreas.branchId, branch.id)));
      for (const t of taken) {
        (errors.districts ??= []).push(branchMessages.districtTaken(t.district, t.name));
      }
    }
    if (staffIds.length > 0) {
      const members = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(inArray(staffUsers.id, staffIds), eq(staffUsers.role, 'staff')));
      if (members.length !== staffIds.length) (errors.staff ??= []).push(branchMessages.notStaff);
    }
    if (Object.keys(errors).length > 0) {
      throw new ValidationError(Object.values(errors)[0]![0]!, errors);
    }
    const before = (await readSettings(tx)).find((b) => b.id === branch.id)!;
    await tx
      .update(branches)
      .set({
        counterEnabled: input.counter,
        ...(input.counterSpeeds ?? {}),
        terminalReaderId:
          input.readerId === undefined ? branch.terminalReaderId : input.readerId.trim() || null,
      })
      .where(eq(branches.id, branch.id));
    await tx.delete(branchHours).where(eq(branchHours.branchId, branch.id));
    if (input.hours.length > 0) {
      await tx.insert(branchHours).values(input.hours.map((h) => ({ ...h, branchId: branch.id })));
    }
    await tx.delete(branchClosures).where(eq(branchClosures.branchId, branch.id));
    if (input.closures.length > 0) {
      await tx.insert(branchClosures).values(
        input.closures.map((c) => ({
          branchId: branch.id,
          day: c.day,
          kind: c.kind,
          reason: c.reason.trim(),
        })),
      );
    }
    await tx.delete(branchAreas).where(eq(branchAreas.branchId, branch.id));
    if (districts.length > 0) {
      await tx
        .insert(branchAreas)
        .values(districts.map((district) => ({ district, branchId: branch.id })));
    }
    await tx.delete(branchStaff).where(eq(branchStaff.branchId, branch.id));
    if (staffIds.length > 0) {
      await tx
        .insert(branchStaff)
        .values(staffIds.map((staffId) => ({ staffId, branchId: branch.id })));
    }
    const after = (await readSettings(tx)).find((b) => b.id === branch.id)!;
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'branch.settings',
      entity: 'branch',
      entityId: branch.id,
      before,
      after,
    });
    return after;
  });
}

/**
 * Every staff account's branch ids at once (by the branches' order), for the staff page; one
 * member's branches are `branchesOfStaff` (auth/branch-scope.ts).
 */
export async function branchIdsByStaff(db: DbOrTx): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ staffId: branchStaff.staffId, branchId: branchStaff.branchId })
    .from(branchStaff)
    .innerJoin(branches, eq(branches.id, branchStaff.branchId))
    .orderBy(asc(branches.sortOrder), asc(branches.id));
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.staffId, [...(out.get(r.staffId) ?? []), r.branchId]);
  return out;
}

/**
 * One member's branches, set whole from the staff page (owner only: the route's guard): the
 * same rows as the branch editor's staff checkboxes, seen from the member's side. Refused
 * with a 422 and nothing written for a driver or the owner, or a branch that does not exist;
 * audited with before and after.
 */
export async function setStaffBranches(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor; staffId: string; branchIds: number[] },
): Promise<number[]> {
  const now = deps.now();
  const branchIds = [...new Set(input.branchIds)];
  return deps.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: staffUsers.id, role: staffUsers.role })
      .from(staffUsers)
      .where(eq(staffUsers.id, input.staffId))
      .for('update');
    if (!member) throw new NotFoundError('We could not find that staff account.');
    if (member.role !== 'staff') {
      throw new ValidationError(branchMessages.notStaff, { branch_ids: [branchMessages.notStaff] });
    }
    const known = branchIds.length
      ? await tx.select({ id: branches.id }).from(branches).where(inArray(branches.id, branchIds))
      : [];
    if (known.length !== branchIds.length) {
      throw new ValidationError(branchMessages.notFound, { branch_ids: [branchMessages.notFound] });
    }
    const before = (await branchesOfStaff(tx, member.id)).map((b) => b.id);
    await tx.delete(branchStaff).where(eq(branchStaff.staffId, member.id));
    if (branchIds.length > 0) {
      await tx
        .insert(branchStaff)
        .values(branchIds.map((branchId) => ({ staffId: member.id, branchId })));
    }
    const after = (await branchesOfStaff(tx, member.id)).map((b) => b.id);
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'staff.branches',
      entity: 'staff',
      entityId: member.id,
      before: { branchIds: before },
      after: { branchIds: after },
    });
    return after;
  });
}
