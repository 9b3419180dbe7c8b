import { and, eq, gte, lt, notExists, sql } from 'drizzle-orm';
import { londonDayRange } from '@shared/london-time';
import type { DbOrTx } from '../../db/client';
import { orders, stopEvents } from '../../db/schema';

/**
 * The deliveries of a London day still out with the driver: out for delivery and not yet
 * delivered. What "you are stop N" (the tracking page) and "the next stop" (the driver on the
 * way text) count in route order.
 */
export async function deliveriesStillOut(db: DbOrTx, date: string) {
  const { from, to } = londonDayRange(date);
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'out for delivery'),
        gte(orders.deliveryStartsAt, from),
        lt(orders.deliveryStartsAt, to),
        notExists(
          db
            .select({ one: sql`1` })
            .from(stopEvents)
            .where(and(eq(stopEvents.orderId, orders.id), eq(stopEvents.outcome, 'delivered'))),
        ),
      ),
    );
}
