import { and, asc, eq, inArray } from 'drizzle-orm';
import { claimItemKinds, claimWindowEndsAt, londonDateTime } from '@shared/claims/window';
import { orderNumber } from '@shared/order-number';
import { formatPence } from '@shared/money';
import { branches, orderGarments, orders } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { currentClaimTable } from './claim-table';
import { customerClaims, waitingClaims } from './claim-file';
import { claimListView } from './present-claims';
import { claimMessages, deliveredAt } from './make-claim';

/*
 * What the claims pages read (issue 34, decision 063 "Pages"): an order's garments with the
 * windows each kind of claim is in, for the customer's claim form and the order page's entry;
 * and the back office's list of claims with their order and branch. Reads only: the claim is
 * made, found, paid and disputed by the use-cases beside this one.
 */

type Deps = Pick<AppServices, 'db' | 'config' | 'now'>;

/** One of the customer's orders, ready to be claimed on (404 for anyone else's). */
export async function claimableOrder(deps: Deps, input: { customerId: string; orderId: string }) {
  const { db } = deps;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.customerId, input.customerId)));
  if (!order) throw new NotFoundError(claimMessages.notFound);
  const garments = await db
    .select()
    .from(orderGarments)
    .where(eq(orderGarments.orderId, order.id))
    .orderBy(asc(orderGarments.id));
  const { table } = await currentClaimTable(db);
  const times = {
    intakeReportedAt: order.intakeReportedAt,
    deliveredAt: await deliveredAt(db, order.id),
  };
  const now = deps.now().getTime();
  const windows = claimItemKinds.map((kind) => {
    const endsAt = claimWindowEndsAt(kind, times, table.settings);
    return {
      kind,
      state: !endsAt ? ('not-open' as const) : now > endsAt.getTime() ? 'closed' : 'open',
      ends_at: endsAt?.toISOString() ?? null,
      ends_display: endsAt ? londonDateTime(endsAt) : null,
    };
  });
  const claimed = await customerClaims(deps, {
    customerId: input.customerId,
    orderId: order.id,
  });
  return {
    order_id: order.id,
    order_no: orderNumber(deps.config.brand, order.orderNo),
    garments: garments.map((g) => ({
      id: g.id,
      label: `Tag ${g.tagNumber} · ${g.itemName}`,
      colour: g.colour,
      brand: g.brand,
      cleaning_charge: formatPence(g.unitPricePence),
    })),
    windows,
    /** Some kind of claim may be made now. */
    open: windows.some((w) => w.state === 'open'),
    /** Every window has opened and closed: when the last one closed. */
    closed_display: windows.every((w) => w.state === 'closed')
      ? londonDateTime(new Date(Math.max(...windows.map((w) => Date.parse(w.ends_at!)))))
      : null,
    credit_bonus_percent: table.settings.creditBonusPercent,
    answer_within_hours: table.settings.answerWithinHours,
    claims: claimListView(claimed),
  };
}
export type ClaimableOrder = Awaited<ReturnType<typeof claimableOrder>>;

/**
 * The back office's list: the claims waiting on the shop (oldest first, with their age in
 * hours) and their order's number and branch, in the branches the caller works in (all when
 * `branchIds` is null; claims of no branch are everyone's, as orders are).
 */
export async function staffClaimList(deps: Deps, input: { branchIds: number[] | null }) {
  const waiting = (await waitingClaims(deps)).filter(
    ({ claim }) =>
      input.branchIds === null ||
      claim.branchId === null ||
      input.branchIds.includes(claim.branchId),
  );
  const ids = [
    ...new Set(waiting.flatMap(({ claim }) => (claim.branchId ? [claim.branchId] : []))),
  ];
  const names = ids.length
    ? await deps.db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(inArray(branches.id, ids))
    : [];
  const now = deps.now().getTime();
  const HOUR = 3_600_000;
  return waiting.map(({ claim, orderNo }) => ({
    id: claim.id,
    order_id: claim.orderId,
    order_no: orderNumber(deps.config.brand, orderNo),
    status: claim.status,
    branch: names.find((b) => b.id === claim.branchId)?.name ?? '—',
    made_display: londonDateTime(claim.madeAt),
    age_hours: Math.floor((now - claim.madeAt.getTime()) / HOUR),
    answer_due_display: londonDateTime(claim.answerDueAt),
    overdue: now > claim.answerDueAt.getTime(),
  }));
}
export type StaffClaimList = Awaited<ReturnType<typeof staffClaimList>>;
