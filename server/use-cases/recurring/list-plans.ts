import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { RecurringPlanView } from '@shared/api/recurring';
import { londonToday } from '@shared/london-time';
import { recurringOccurrences, recurringPlans } from '../../db/schema';
import type { AppServices } from '../../services';
import type { OccurrenceRow, PlanAccess } from './plan-access';
import { occurrencesFrom, planFor } from './plan-access';
import { presentPlan } from './present-recurring';

/** The customer's repeat collections (stopped ones left out), with their next dates. */
export async function listRecurringPlans(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { customerId: string },
): Promise<RecurringPlanView[]> {
  const now = deps.now();
  const plans = await deps.db
    .select()
    .from(recurringPlans)
    .where(
      and(eq(recurringPlans.customerId, input.customerId), ne(recurringPlans.status, 'stopped')),
    )
    .orderBy(asc(recurringPlans.createdAt));
  if (plans.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(recurringOccurrences)
    .where(
      and(
        inArray(
          recurringOccurrences.planId,
          plans.map((p) => p.id),
        ),
        gte(recurringOccurrences.collectionDate, londonToday(now)),
      ),
    );
  const byPlan = new Map<string, Map<string, OccurrenceRow>>();
  for (const row of rows) {
    const dates = byPlan.get(row.planId) ?? new Map<string, OccurrenceRow>();
    dates.set(row.collectionDate, row);
    byPlan.set(row.planId, dates);
  }
  return plans.map((p) => presentPlan(p, byPlan.get(p.id) ?? new Map(), now));
}

/** One plan, for its customer or the holder of its signed link (the link page). */
export async function getRecurringPlan(
  deps: Pick<AppServices, 'db' | 'links' | 'now'>,
  input: { access: PlanAccess; planId: string },
): Promise<RecurringPlanView> {
  const now = deps.now();
  const plan = await planFor(deps, deps.db, input);
  return presentPlan(plan, await occurrencesFrom(deps.db, plan.id, now), now);
}
