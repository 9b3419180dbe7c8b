import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { RecurringPlanView } from '@shared/api/recurring';
import { londonToday } from '@shared/london-time';
import { firstCollectionDate, weekdayNames } from '@shared/recurring';
import { addDays, windowsOfDay } from '@shared/slots';
import { customerAddresses, recurringOccurrences, recurringPlans } from '../../db/schema';
import { loadSlotRules } from '../slots/slot-rules';
import type { AppServices } from '../../services';
import type { OccurrenceRow, PlanAccess, PlanRow } from './plan-access';
import { occurrencesFrom, planFor } from './plan-access';
import { presentPlan } from './present-recurring';

/** The customer's repeat collections (stopped ones left out), with their next dates. */
export async function listRecurringPlans(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { customerId: string },
): Promise<RecurringPlanView[]> {
  const live = await livePlans(deps, { customerIds: [input.customerId] });
  return live.map((p) => p.view);
}

/**
 * The live repeat collections (active or paused) of these customers, oldest first, each row
 * with its view and its next dates: the account's list, and the back office's.
 */
export async function livePlans(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { customerIds: string[] },
): Promise<{ plan: PlanRow; view: RecurringPlanView }[]> {
  if (input.customerIds.length === 0) return [];
  const now = deps.now();
  const plans = await deps.db
    .select()
    .from(recurringPlans)
    .where(
      and(
        inArray(recurringPlans.customerId, input.customerIds),
        ne(recurringPlans.status, 'stopped'),
      ),
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
  return plans.map((plan) => ({
    plan,
    view: presentPlan(plan, byPlan.get(plan.id) ?? new Map(), now),
  }));
}

/** One plan, for its customer or the holder of its signed link (the link page). */
export async function getRecurringPlan(
  deps: Pick<AppServices, 'db' | 'links' | 'now'>,
  input: { access: PlanAccess; planId: string },
): Promise<RecurringPlanView> {
  const now = deps.now();
  const plan = await planFor(deps, deps.db, input);
  return presentPlan(plan, await occurrencesFrom(deps.db, { planId: plan.id, now }), now);
}

export type RecurringSetupOptions = {
  addresses: { id: string; label: string }[];
  /** Per ISO weekday the shop collects on, its window starts ("09:00"). */
  weekdays: { weekday: number; name: string; windows: string[] }[];
  /** Delivery window starts offered on some day. */
  deliveryStarts: string[];
};

/** What the set-up form offers: the customer's saved addresses, the days and their windows. */
export async function recurringSetupOptions(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { customerId: string },
): Promise<RecurringSetupOptions> {
  const today = londonToday(deps.now());
  const saved = await deps.db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, input.customerId))
    .orderBy(asc(customerAddresses.createdAt));
  const rules = await loadSlotRules(deps.db);
  const weekdays = [1, 2, 3, 4, 5, 6, 7]
    .map((weekday) => {
      const first = firstCollectionDate(weekday, today);
      const windows = [0, 7, 14]
        .map((d) => windowsOfDay(addDays(first, d), rules))
        .find((w) => w.length > 0);
      return {
        weekday,
        name: weekdayNames[weekday - 1]!,
        windows: (windows ?? []).map((w) => w.slot_start),
      };
    })
    .filter((d) => d.windows.length > 0);
  const deliveryStarts = [...new Set(weekdays.flatMap((d) => d.windows))].sort();
  return {
    addresses: saved.map((a) => ({
      id: a.id,
      label: [a.label, a.fullAddress.replaceAll('\n', ', ')].filter(Boolean).join(': '),
    })),
    weekdays,
    deliveryStarts,
  };
}

/** The account's page: the customer's plans and what the set-up form offers. */
export async function recurringOverview(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { customerId: string },
): Promise<{ plans: RecurringPlanView[]; options: RecurringSetupOptions }> {
  return {
    plans: await listRecurringPlans(deps, input),
    options: await recurringSetupOptions(deps, input),
  };
}
