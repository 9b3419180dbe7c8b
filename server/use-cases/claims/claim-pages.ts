import { and, asc, eq, inArray } from 'drizzle-orm';
import { branches, orderGarments, orders } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { currentClaimTable } from './claim-table';
import { customerClaims, waitingClaims } from './claim-file';
import { claimMessages, deliveredAt } from './make-claim';

/*
 * What the claims pages read (issue 34, decision 063 "Pages"): one of the customer's orders
 * with its garments, the times its windows run from and its claims, for the claim form and
 * the order page's entry; and the back office's list of waiting claims with their branch.
 * Reads only (the claim is made, found, paid and disputed by the use-cases beside this one);
 * present-claim-pages.ts turns them into the pages' data.
 */

type Deps = Pick<AppServices, 'db'>;

/** One of the customer's orders, to be claimed on (404 for anyone else's). */
export async function claimableOrder(deps: Deps, input: { customerId: string; orderId: string }) {
  const { db } = deps;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.customerId, input.customerId)));
  if (!order) throw new NotFoundError(claimMessages.notFound);
  return {
    order,
    garments: await db
      .select()
      .from(orderGarments)
      .where(eq(orderGarments.orderId, order.id))
      .orderBy(asc(orderGarments.id)),
    times: {
      intakeReportedAt: order.intakeReportedAt,
      deliveredAt: await deliveredAt(db, order.id),
    },
    settings: (await currentClaimTable(db)).table.settings,
    claims: await customerClaims(deps, { customerId: input.customerId, orderId: order.id }),
  };
}
export type ClaimableOrderRows = Awaited<ReturnType<typeof claimableOrder>>;

/**
 * The order of a tracking link (a delivery's or a counter ticket's), to be claimed on by its
 * customer signed in; null for anyone else. The tracking link is safe to forward (decisions
 * 029, 031): it never gives claims by itself, nor the order's id to whoever holds it.
 */
export async function claimableOrderByTracking(
  deps: Deps,
  input: { trackingToken: string; customerId: string | null },
) {
  if (!input.customerId) return null;
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.trackingToken, input.trackingToken), eq(orders.customerId, input.customerId)),
    );
  return order ? claimableOrder(deps, { customerId: input.customerId, orderId: order.id }) : null;
}

/**
 * The claims waiting on the shop (oldest first) with their branch's name, in the branches the
 * caller works in (all when `branchIds` is null; claims of no branch are everyone's, as
 * orders are).
 */
export async function staffClaimList(deps: Deps, input: { branchIds: number[] | null }) {
  const waiting = await waitingClaims(deps, input);
  const ids = [
    ...new Set(waiting.flatMap(({ claim }) => (claim.branchId ? [claim.branchId] : []))),
  ];
  const names = ids.length
    ? await deps.db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(inArray(branches.id, ids))
    : [];
  return waiting.map((row) => ({
    ...row,
    branchName: names.find((b) => b.id === row.claim.branchId)?.name ?? null,
  }));
}
export type StaffClaimRows = Awaited<ReturnType<typeof staffClaimList>>;
