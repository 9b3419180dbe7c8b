import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { londonIsoDate } from '@shared/london-time';
import type { CurrentStaff } from '../../auth/staff';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { branches, tillDays, tillEntries } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit } from '../audit/record-audit';
import { counterBranch } from './counter-branch';
import { mustSee, tillTotals } from './till-report';
import { lockBranchTill, takeWaitingEntries } from '../till/till-waiting';
import { closedMessage, paidMessage } from './present-till';

/*
 * The till of a counter branch (issue 32, decision 051): a day opened with a float at the
 * session's counter branch (one open day per branch: the partial unique index decides between
 * two screens), every cash sale written as an entry in the sale's own transaction, cash paid
 * in and out with a reason, and the day closed with the cash counted against the cash
 * expected. A closed day is frozen: every write first locks the day's row and refuses a
 * closed one (409 day-closed), so a close and a sale never interleave.
 */

type Staff = Pick<CurrentStaff, 'id' | 'name' | 'role' | 'sessionBranchId'>;
type TillDay = typeof tillDays.$inferSelect;

const actorOf = (staff: Staff) => ({ id: staff.id, name: staff.name, role: staff.role });

/** Opens today's till at the session's counter branch with a float (pence). */
export async function openTill(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { staff: Staff; floatPence: number },
): Promise<TillDay> {
  const now = deps.now();
  const { staff } = input;
  try {
    return await deps.db.transaction(async (tx) => {
      const branch = await counterBranch(tx, { staff, now });
      await lockBranchTill(tx, branch.id);
      const day = londonIsoDate(now);
      const [open] = await tx
        .select()
        .from(tillDays)
        .where(and(eq(tillDays.branchId, branch.id), isNull(tillDays.closedAt)));
      if (open) throw tillOpen(branch.name);
      const [sameDay] = await tx
        .select()
        .from(tillDays)
        .where(and(eq(tillDays.branchId, branch.id), eq(tillDays.day, day)));
      if (sameDay) throw dayClosed(branch.name);
      const [row] = await tx
        .insert(tillDays)
        .values({
          branchId: branch.id,
          day,
          openedBy: staff.id,
          openedByName: staff.name,
          openedAt: now,
          floatPence: input.floatPence,
        })
        .returning();
      await recordAudit(tx, {
        actor: actorOf(staff),
        now,
        action: 'till.open',
        entity: 'till_day',
        entityId: row!.id,
        after: { branchId: branch.id, day, floatPence: input.floatPence },
      });
      // Card money that settled or was refunded while no day was open (decision 058).
      await takeWaitingEntries(tx, {
        branchId: branch.id,
        dayId: row!.id,
        now,
        actor: actorOf(staff),
      });
      return row!;
    });
  } catch (error) {
    // Two screens at once: the second insert meets the first one's row.
    if (isUniqueViolation(error, 'till_days_open_uq')) throw tillOpen('this branch');
    if (isUniqueViolation(error, 'till_days_branch_day_uq')) throw dayClosed('this branch');
    throw error;
  }
}

const tillOpen = (branch: string) =>
  new ConflictError(
    `The till at ${branch} is open already: close that day before opening another.`,
    'till-open',
  );
const dayClosed = (branch: string) =>
  new ConflictError(
    `Today's till at ${branch} was closed: a closed day cannot be changed; corrections go into the next day.`,
    'day-closed',
  );

/**
 * The branch's open day, locked for a write in the caller's transaction: none open is 409
 * till-not-open; with `refuseClosedToday` (a refund), day-closed when today's was closed.
 */
export async function lockOpenDay(
  tx: DbOrTx,
  input: { branchId: number; branchName: string; now: Date; refuseClosedToday?: boolean },
): Promise<TillDay> {
  const [day] = await tx
    .select()
    .from(tillDays)
    .where(and(eq(tillDays.branchId, input.branchId), isNull(tillDays.closedAt)))
    .for('update');
  if (day) return day;
  const [closed] = !input.refuseClosedToday
    ? []
    : await tx
        .select({ id: tillDays.id })
        .from(tillDays)
        .where(
          and(eq(tillDays.branchId, input.branchId), eq(tillDays.day, londonIsoDate(input.now))),
        );
  if (closed) throw dayClosed(input.branchName);
  throw new ConflictError(
    `The till at ${input.branchName} is not open: open the day with a float before taking money.`,
    'till-not-open',
  );
}

/**
 * Writes a sale (cash, or a card on the counter's reader: decision 053) into the branch's open
 * day, inside the sale's own transaction (raise, collect, a card settled): no open day is 409,
 * and the caller's transaction writes nothing.
 */
export async function recordTillSale(
  tx: DbOrTx,
  input: {
    branchId: number;
    branchName: string;
    staff: { id: string | null; name: string };
    orderId: string;
    pence: number;
    now: Date;
    method?: 'cash' | 'card';
  },
) {
  const day = await lockOpenDay(tx, input);
  if (input.pence <= 0) return;
  await tx.insert(tillEntries).values({
    dayId: day.id,
    branchId: day.branchId,
    kind: 'sale',
    method: input.method ?? 'cash',
    pence: input.pence,
    staffId: input.staff.id,
    staffName: input.staff.name,
    orderId: input.orderId,
    at: input.now,
  });
}

/** What was paid in cash on an order at the counter less its cash refunds (the till's entries). */
export async function cashPaidOn(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ pence: sql<number>`coalesce(sum(${tillEntries.pence}), 0)::int` })
    .from(tillEntries)
    .where(
      and(
        eq(tillEntries.orderId, orderId),
        eq(tillEntries.method, 'cash'),
        inArray(tillEntries.kind, ['sale', 'refund']),
      ),
    );
  return Number(row?.pence ?? 0);
}

/** The day locked for a write: staff of its branch (the owner: any), and still open. */
async function writableDay(tx: DbOrTx, staff: Staff, dayId: number) {
  const [row] = await tx
    .select({ day: tillDays, branch: branches.name })
    .from(tillDays)
    .innerJoin(branches, eq(branches.id, tillDays.branchId))
    .where(eq(tillDays.id, dayId))
    .for('update', { of: tillDays });
  if (!row) throw new NotFoundError('We could not find that till day.');
  await mustSee(tx, staff, row.day.branchId);
  if (row.day.closedAt) {
    throw new ConflictError(
      `The till of ${row.branch} for ${row.day.day} is closed: it cannot be changed; put a correction into the next open day.`,
      'day-closed',
    );
  }
  return row;
}

/** Cash paid into or out of the till with a reason (a correction of a closed day, too). */
export async function payTillCash(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: {
    staff: Staff;
    dayId: number;
    kind: 'paid-in' | 'paid-out';
    pence: number;
    reason: string;
  },
) {
  const now = deps.now();
  const { staff } = input;
  return deps.db.transaction(async (tx) => {
    const { day, branch } = await writableDay(tx, staff, input.dayId);
    const pence = input.kind === 'paid-in' ? input.pence : -input.pence;
    const [entry] = await tx
      .insert(tillEntries)
      .values({
        dayId: day.id,
        branchId: day.branchId,
        kind: input.kind,
        method: 'cash',
        pence,
        staffId: staff.id,
        staffName: staff.name,
        reason: input.reason,
        at: now,
      })
      .returning();
    await recordAudit(tx, {
      actor: actorOf(staff),
      now,
      action: `till.${input.kind}`,
      entity: 'till_day',
      entityId: day.id,
      after: { entryId: entry!.id, pence, reason: input.reason },
    });
    return { message: paidMessage(input.kind, input.pence, branch) };
  });
}

/** Closes a day with the cash counted: the difference against the cash expected is kept. */
export async function closeTill(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { staff: Staff; dayId: number; countedPence: number; note: string },
) {
  const now = deps.now();
  const { staff } = input;
  return deps.db.transaction(async (tx) => {
    const { day, branch } = await writableDay(tx, staff, input.dayId);
    const totals = await tillTotals(tx, day);
    const difference = input.countedPence - totals.expectedCashPence;
    await tx
      .update(tillDays)
      .set({
        closedBy: staff.id,
        closedByName: staff.name,
        closedAt: now,
        countedPence: input.countedPence,
        differencePence: difference,
        note: input.note,
      })
      .where(and(eq(tillDays.id, day.id), isNull(tillDays.closedAt)));
    await recordAudit(tx, {
      actor: actorOf(staff),
      now,
      action: 'till.close',
      entity: 'till_day',
      entityId: day.id,
      after: {
        expectedPence: totals.expectedCashPence,
        countedPence: input.countedPence,
        differencePence: difference,
        note: input.note,
      },
    });
    return { message: closedMessage(branch, day.day, difference) };
  });
}
