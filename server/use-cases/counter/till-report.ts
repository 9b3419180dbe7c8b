import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  sql,
  sum,
} from 'drizzle-orm';
import { londonDayRange } from '@shared/london-time';
import { branchScope } from '../../auth/branch-scope';
import type { CurrentStaff } from '../../auth/staff';
import type { DbOrTx } from '../../db/client';
import {
  branches,
  counterHandovers,
  counterTickets,
  financialDocuments,
  orders,
  tillDays,
  tillEntries,
} from '../../db/schema';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';

/*
 * The day-end (Z) report of a till (issue 32, decision 051), read from the day's entries:
 * takings by method (sales less refunds), cash paid in and out, the VAT of the invoices of the
 * orders sold that day (issued in the sale's transaction, decision 023: the VAT the customer's
 * invoice shows, not worked out again), tickets raised at the branch that London day and
 * tickets handed over there, and the cash expected: float + cash sales − cash refunds + paid in
 * − paid out. Counted cash and the difference once the day is closed.
 */

type Staff = Pick<CurrentStaff, 'id' | 'role' | 'sessionBranchId'>;
type TillDay = typeof tillDays.$inferSelect;

/** Staff see and act on their branches' days; the owner on all; others 403. */
export async function mustSee(db: DbOrTx, staff: Staff, branchId: number) {
  const scope = await branchScope(db, staff);
  if (!scope.choices.some((b) => b.id === branchId)) {
    throw new ForbiddenError('That till belongs to a branch you do not work in.');
  }
}

export async function tillTotals(db: DbOrTx, day: TillDay) {
  const entries = await db
    .select({ entry: tillEntries, orderNo: orders.orderNo })
    .from(tillEntries)
    .leftJoin(orders, eq(orders.id, tillEntries.orderId))
    .where(eq(tillEntries.dayId, day.id))
    .orderBy(asc(tillEntries.at), asc(tillEntries.id));
  const sum = (keep: (e: (typeof entries)[number]['entry']) => boolean) =>
    entries.reduce((total, { entry }) => (keep(entry) ? total + entry.pence : total), 0);
  const sale = (e: { kind: string }) => e.kind === 'sale' || e.kind === 'refund';
  const cashTakings = sum((e) => sale(e) && e.method === 'cash');
  const cardTakings = sum((e) => sale(e) && e.method === 'card');
  const paidIn = sum((e) => e.kind === 'paid-in');
  const paidOut = -sum((e) => e.kind === 'paid-out');
  const refunds = -sum((e) => e.kind === 'refund');
  const soldOrders = [
    ...new Set(
      entries.flatMap(({ entry }) =>
        entry.kind === 'sale' && entry.orderId ? [entry.orderId] : [],
      ),
    ),
  ];
  // A card that settled between two days (its invoice issued after the last day closed) is
  // this day's sale and this day's VAT, as its takings are (decision 058).
  const [previous] = await db
    .select({ closedAt: sql<Date | null>`max(${tillDays.closedAt})` })
    .from(tillDays)
    .where(and(eq(tillDays.branchId, day.branchId), lte(tillDays.closedAt, day.openedAt)));
  const since = previous?.closedAt ? new Date(previous.closedAt) : null;
  const [vat] = soldOrders.length
    ? await db
        .select({ pence: sql<number>`coalesce(sum(${financialDocuments.vatPence}), 0)::int` })
        .from(financialDocuments)
        .where(
          and(
            eq(financialDocuments.kind, 'invoice'),
            inArray(financialDocuments.orderId, soldOrders),
            // Issued while this day was open, or since the day before it closed: a deposit's
            // invoice is the deposit day's VAT, not again the day the balance is taken.
            since ? gt(financialDocuments.issuedAt, since) : undefined,
            day.closedAt ? lte(financialDocuments.issuedAt, day.closedAt) : undefined,
          ),
        )
    : [{ pence: 0 }];
  const { from, to } = londonDayRange(day.day);
  const [ticketsIn] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(counterTickets)
    .where(
      and(
        eq(counterTickets.branchId, day.branchId),
        gte(counterTickets.createdAt, from),
        lt(counterTickets.createdAt, to),
      ),
    );
  const [ticketsOut] = await db
    .select({ n: sql<number>`count(distinct ${counterHandovers.orderId})::int` })
    .from(counterHandovers)
    .where(
      and(
        eq(counterHandovers.branchId, day.branchId),
        gte(counterHandovers.at, from),
        lt(counterHandovers.at, to),
      ),
    );
  return {
    entries,
    cashTakingsPence: cashTakings,
    cardTakingsPence: cardTakings,
    refundsPence: refunds,
    paidInPence: paidIn,
    paidOutPence: paidOut,
    vatPence: vat!.pence,
    ticketsIn: ticketsIn!.n,
    ticketsOut: ticketsOut!.n,
    expectedCashPence: day.floatPence + cashTakings + paidIn - paidOut,
  };
}

export type TillReport = Awaited<ReturnType<typeof tillReport>>;

/** One day's Z report: staff of its branch and the owner (others 403). */
export async function tillReport(
  deps: Pick<AppServices, 'db'>,
  input: { staff: Staff; dayId: number },
) {
  const [row] = await deps.db
    .select({ day: tillDays, branch: branches.name })
    .from(tillDays)
    .innerJoin(branches, eq(branches.id, tillDays.branchId))
    .where(eq(tillDays.id, input.dayId));
  if (!row) throw new NotFoundError('We could not find that till day.');
  await mustSee(deps.db, input.staff, row.day.branchId);
  return { ...row, totals: await tillTotals(deps.db, row.day) };
}

/** The session's branch's open day (its report), and the recent days the member may see. */
export async function tillOverview(deps: Pick<AppServices, 'db'>, input: { staff: Staff }) {
  const scope = await branchScope(deps.db, input.staff);
  const visible = scope.choices.map((b) => b.id);
  const [open] =
    scope.current === null
      ? []
      : await deps.db
          .select({ id: tillDays.id })
          .from(tillDays)
          .where(and(eq(tillDays.branchId, scope.current), isNull(tillDays.closedAt)));
  const days = visible.length
    ? await deps.db
        .select({ day: tillDays, branch: branches.name })
        .from(tillDays)
        .innerJoin(branches, eq(branches.id, tillDays.branchId))
        .where(inArray(tillDays.branchId, visible))
        .orderBy(desc(tillDays.day), asc(branches.sortOrder))
        .limit(60)
    : [];
  // Card money that settled while no day was open (decision 058): the next day opened takes it.
  const [waiting] =
    scope.current === null || open
      ? []
      : await deps.db
          .select({ entries: count(), pence: sum(tillEntries.pence).mapWith(Number) })
          .from(tillEntries)
          .where(and(eq(tillEntries.branchId, scope.current), isNull(tillEntries.dayId)));
  return {
    current: open ? await tillReport(deps, { staff: input.staff, dayId: open.id }) : null,
    days,
    waiting: { entries: waiting?.entries ?? 0, pence: waiting?.pence ?? 0 },
  };
}
