import { isUuid } from '@shared/text';
import { and, eq, gte } from 'drizzle-orm';
import type { PlanDates } from '@shared/recurring';
import { londonToday } from '@shared/london-time';
import type { DbOrTx } from '../../db/client';
import { customers, recurringOccurrences, recurringPlans } from '../../db/schema';
import { NotFoundError, UnauthorizedError } from '../../errors';
import type { AppServices } from '../../services';
import { recurringAccessMessages, recurringTokenValid } from '../../auth/recurring-access';

/*
 * Who may change a repeat collection (issue 18, docs/decisions/036): its customer, logged
 * in, or whoever holds the signed link of its announcement (no login).
 */

export type PlanAccess =
  { kind: 'customer'; customerId: string } | { kind: 'link'; token: string | null | undefined };

export type PlanRow = typeof recurringPlans.$inferSelect;
export type OccurrenceRow = typeof recurringOccurrences.$inferSelect;

export const PLAN_NOT_FOUND = 'We could not find that repeat collection.';

/** The plan the caller may change (locked in `tx` when asked), or NotFound/Unauthorized. */
export async function planFor(
  deps: Pick<AppServices, 'links' | 'now'>,
  tx: DbOrTx,
  input: { access: PlanAccess; planId: string; lock?: boolean },
): Promise<PlanRow> {
  const { access, planId } = input;
  // A posted id that is no UUID is no plan (the column's type would refuse it: a 500).
  if (!isUuid(planId)) throw new NotFoundError(PLAN_NOT_FOUND);
  if (access.kind === 'link' && !recurringTokenValid(deps, planId, access.token, deps.now())) {
    throw new UnauthorizedError(recurringAccessMessages.refused, 'link-invalid');
  }
  const where =
    access.kind === 'customer'
      ? and(eq(recurringPlans.id, planId), eq(recurringPlans.customerId, access.customerId))
      : eq(recurringPlans.id, planId);
  const query = tx.select().from(recurringPlans).where(where).limit(1);
  const [plan] = input.lock ? await query.for('update') : await query;
  // Another customer's plan looks exactly like a missing one.
  if (!plan) throw new NotFoundError(PLAN_NOT_FOUND);
  return plan;
}

/** The plan's occurrences from today on (London), by date. */
export async function occurrencesFrom(
  tx: DbOrTx,
  input: { planId: string; now: Date },
): Promise<Map<string, OccurrenceRow>> {
  const { planId, now } = input;
  const rows = await tx
    .select()
    .from(recurringOccurrences)
    .where(
      and(
        eq(recurringOccurrences.planId, planId),
        gte(recurringOccurrences.collectionDate, londonToday(now)),
      ),
    );
  return new Map(rows.map((r) => [r.collectionDate, r]));
}

/** The plan's dates as the pure rules read them. */
export const planDates = (plan: PlanRow): PlanDates => ({
  frequency: plan.frequency,
  anchorDate: plan.anchorDate,
  status: plan.status,
  pausedUntil: plan.pausedUntil,
});

/** The customer of a plan, if the account still exists. */
export async function planCustomer(tx: DbOrTx, customerId: string) {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  return customer && !customer.deletedAt ? customer : null;
}
