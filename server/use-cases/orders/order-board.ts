import { and, asc, count, eq, gte, inArray, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { awaitsApproval } from '@shared/order-approval';
import { londonDayRange } from '@shared/london-time';
import { orderStatuses } from '@shared/order-status';
import type { AppServices } from '../../services';
import { orderMessages, orders, priceApprovals } from '../../db/schema';
import { unansweredOrders } from '../approvals/order-thread';
import { repeatOrderIds } from '../recurring/repeat-orders';
import { ofBranches } from './list-orders';

/**
 * The board: how many orders are in each status, one London day's collections and
 * deliveries in slot order (cancelled ones left out), and the orders waiting on their
 * customer's approval or on an answer to their question (issue 15), as rows (boardView
 * presents them).
 */
export async function orderBoard(
  deps: Pick<AppServices, 'db'>,
  /** `branchIds`: the branch scope (issue 32); absent or null, every order. */
  input: { day: string; branchIds?: number[] | null },
) {
  const { db } = deps;
  const { day } = input;
  const range = londonDayRange(day);
  const scope = ofBranches(input.branchIds);
  const counts = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(scope)
    .groupBy(orders.status);
  const live = inArray(
    orders.status,
    orderStatuses.filter((s) => s !== 'cancelled'),
  );
  const collections = await db
    .select()
    .from(orders)
    .where(
      and(
        scope,
        live,
        // Collections and deliveries are the vans' (the route sheet prints them): a counter
        // ticket (decision 049) is handed in and out at its branch.
        eq(orders.channel, 'online'),
        gte(orders.pickupStartsAt, range.from),
        lt(orders.pickupStartsAt, range.to),
      ),
    )
    .orderBy(asc(orders.pickupStartsAt), asc(orders.orderNo));
  const deliveries = await db
    .select()
    .from(orders)
    .where(
      and(
        scope,
        live,
        eq(orders.channel, 'online'),
        gte(orders.deliveryStartsAt, range.from),
        lt(orders.deliveryStartsAt, range.to),
      ),
    )
    .orderBy(asc(orders.deliveryStartsAt), asc(orders.orderNo));
  const waiting = await waitingOrders(db, scope);
  const questions = await unansweredOrders(db, [
    ...new Set([...collections, ...deliveries, ...waiting.orders].map((o) => o.id)),
  ]);
  // Issue 18: the orders booked by a repeat collection (the "Repeat" badge).
  const repeats = await repeatOrderIds(db, [
    ...new Set([...collections, ...deliveries].map((o) => o.id)),
  ]);
  return {
    day,
    counts: countsOf(counts),
    collections,
    deliveries,
    waiting: waiting.orders.filter((o) => awaitsApproval(o) || questions.has(o.id)),
    questions,
    repeats,
  };
}

/** Orders with an open approval request or a thread: the candidates of the board's list. */
async function waitingOrders(db: Pick<AppServices, 'db'>['db'], scope: SQL | undefined) {
  const open = db
    .selectDistinct({ id: priceApprovals.orderId })
    .from(priceApprovals)
    .where(or(isNull(priceApprovals.answer), eq(priceApprovals.answer, 'question')));
  const talked = db.selectDistinct({ id: orderMessages.orderId }).from(orderMessages);
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        scope,
        ne(orders.status, 'cancelled'),
        or(inArray(orders.id, open), inArray(orders.id, talked)),
      ),
    )
    .orderBy(asc(orders.deliveryStartsAt))
    .limit(100);
  return { orders: rows };
}

function countsOf(rows: { status: string; n: number }[]) {
  const counts: Record<string, number> = Object.fromEntries(orderStatuses.map((s) => [s, 0]));
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
