import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { recurringOccurrences, recurringPlans } from '../../db/schema';
import type { AppServices } from '../../services';
import { presentPlan } from './present-recurring';

/** Which of these orders were booked by a repeat collection (the board's "Repeat" badge). */
export async function repeatOrderIds(db: DbOrTx, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: recurringOccurrences.orderId })
    .from(recurringOccurrences)
    .where(inArray(recurringOccurrences.orderId, orderIds));
  return new Set(rows.map((r) => r.orderId!));
}

/** The repeat collection an order came from, for staff (its rule, status and next dates). */
export async function planOfOrder(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { orderId: string },
) {
  const [row] = await deps.db
    .select({ plan: recurringPlans })
    .from(recurringOccurrences)
    .innerJoin(recurringPlans, eq(recurringPlans.id, recurringOccurrences.planId))
    .where(eq(recurringOccurrences.orderId, input.orderId))
    .limit(1);
  if (!row) return null;
  return presentPlan(row.plan, new Map(), deps.now());
}
