import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { ClaimOfferLine } from '@shared/claims/claim';
import { branches, claimItems, claimOffers, claimPayments, claims, orders } from '../../db/schema';
import { ForbiddenError } from '../../errors';
import type { AppServices } from '../../services';
import { reportFilter } from './report-period';

/*
 * The owner's register of claims (issue 34): claims made in a period (London dates, a branch
 * or all), counted by garment category, finding of fault and branch; money paid (the credit
 * with its bonus as paid), the cleaning charges given back within paid offers, re-cleans.
 */

export type RegisterRow = {
  category: string;
  fault: string;
  branch: string;
  garments: number;
  paidPence: number;
  cleaningWaivedPence: number;
  recleans: number;
};

export async function claimsRegister(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { staff: { role: string }; from?: string; to?: string; branch?: number },
) {
  if (input.staff.role !== 'owner') throw new ForbiddenError('Only the owner can see the reports.');
  const filter = reportFilter(input, deps.now());
  const made = await deps.db
    .select({ claim: claims, branch: branches.name })
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .leftJoin(branches, eq(branches.id, claims.branchId))
    .where(
      and(
        gte(claims.madeAt, filter.start),
        lt(claims.madeAt, filter.end),
        filter.branchId !== null ? eq(claims.branchId, filter.branchId) : undefined,
      ),
    );
  const ids = made.map((m) => m.claim.id);
  const items = ids.length
    ? await deps.db.select().from(claimItems).where(inArray(claimItems.claimId, ids))
    : [];
  const paid = ids.length
    ? await deps.db
        .select({ payment: claimPayments, lines: claimOffers.lines })
        .from(claimPayments)
        .innerJoin(claimOffers, eq(claimOffers.id, claimPayments.offerId))
        .where(and(inArray(claimPayments.claimId, ids), eq(claimPayments.status, 'paid')))
    : [];
  const lineOf = new Map<number, ClaimOfferLine>();
  const paidShare = new Map<number, number>();
  for (const p of paid) {
    const lines = p.lines;
    const linesTotal = lines.reduce((sum, l) => sum + l.totalPence, 0);
    for (const [i, line] of lines.entries()) {
      lineOf.set(line.claimItemId, line);
      // The money paid shared over the garments in proportion to their lines (the last takes
      // what rounding leaves), so the rows add up to what was paid.
      const share =
        i === lines.length - 1
          ? p.payment.paidPence -
            lines
              .slice(0, -1)
              .reduce(
                (s, l) =>
                  s + Math.floor((p.payment.paidPence * l.totalPence) / Math.max(1, linesTotal)),
                0,
              )
          : Math.floor((p.payment.paidPence * line.totalPence) / Math.max(1, linesTotal));
      paidShare.set(line.claimItemId, share);
    }
  }
  const branchOf = new Map(made.map((m) => [m.claim.id, m.branch ?? 'No branch']));
  const rows = new Map<string, RegisterRow>();
  for (const item of items) {
    const fault = item.kind === 're-clean' ? 're-clean' : (item.fault ?? 'not found yet');
    const branch = branchOf.get(item.claimId)!;
    const key = `${item.category}|${fault}|${branch}`;
    const row = rows.get(key) ?? {
      category: item.category,
      fault,
      branch,
      garments: 0,
      paidPence: 0,
      cleaningWaivedPence: 0,
      recleans: 0,
    };
    row.garments += 1;
    row.paidPence += paidShare.get(item.id) ?? 0;
    row.cleaningWaivedPence += lineOf.get(item.id)?.cleaningChargePence ?? 0;
    if (item.kind === 're-clean') row.recleans += 1;
    rows.set(key, row);
  }
  const list = [...rows.values()].sort(
    (a, b) =>
      a.category.localeCompare(b.category) ||
      a.fault.localeCompare(b.fault) ||
      a.branch.localeCompare(b.branch),
  );
  const count = (status: string) => made.filter((m) => m.claim.status === status).length;
  return {
    filter,
    totals: {
      claims: made.length,
      paid: count('paid'),
      declined: count('declined'),
      waiting: count('open') + count('sign-off') + count('offered') + count('disputed'),
      paidPence: paid.reduce((sum, p) => sum + p.payment.paidPence, 0),
      cleaningWaivedPence: list.reduce((sum, r) => sum + r.cleaningWaivedPence, 0),
      recleans: list.reduce((sum, r) => sum + r.recleans, 0),
    },
    rows: list,
  };
}
