import { and, asc, count, gte, inArray, lt } from 'drizzle-orm';
import { londonDayRange } from '@shared/london-time';
import { orderStatuses } from '@shared/order-status';
import type { AppServices } from '../../services';
import { orders } from '../../db/schema';

/**
 * The board: how many orders are in each status, and one London day's collections and
 * deliveries in slot order (cancelled ones left out), as rows (boardView presents them).
 */
export async function orderBoard(deps: Pick<AppServices, 'db'>, input: { day: string }) {
  const { db } = deps;
  const { day } = input;
  const range = londonDayRange(day);
  const counts = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .groupBy(orders.status);
  const live = inArray(
    orders.status,
    orderStatuses.filter((s) => s !== 'cancelled'),
  );
  const collections = await db
    .select()
    .from(orders)
    .where(and(live, gte(orders.pickupStartsAt, range.from), lt(orders.pickupStartsAt, range.to)))
    .orderBy(asc(orders.pickupStartsAt), asc(orders.orderNo));
  const deliveries = await db
    .select()
    .from(orders)
    .where(
      and(live, gte(orders.deliveryStartsAt, range.from), lt(orders.deliveryStartsAt, range.to)),
    )
    .orderBy(asc(orders.deliveryStartsAt), asc(orders.orderNo));
  return {
    day,
    counts: countsOf(counts),
    collections,
    deliveries,
  };
}

function countsOf(rows: { status: string; n: number }[]) {
  const counts: Record<string, number> = Object.fromEntries(orderStatuses.map((s) => [s, 0]));
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
