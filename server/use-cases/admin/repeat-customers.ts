import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { isUuid } from '@shared/text';
import { customers, recurringPlans } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import { pauseRecurringPlan } from '../recurring/change-plan';
import { PLAN_NOT_FOUND } from '../recurring/plan-access';
import { customerView } from '../orders/present-order-parts';
import { livePlans } from '../recurring/list-plans';
import { searchCustomers } from './customers';

/*
 * Repeat customers in the back office (issue 18, docs/decisions/036): for each customer with a
 * live repeat collection (active or paused, not stopped), its rule, its state and its next
 * collection, on the customers page; and the list of every repeat customer (its filter).
 * Staff may pause a plan on the customer's behalf (the customer's own pause, audited); any
 * other change is the customer's, from their account or the announcement's link.
 */

type Deps = Pick<AppServices, 'db' | 'now'>;

export type StaffPlanView = {
  id: string;
  summary: string;
  frequency_label: string;
  weekday_label: string;
  window_start: string;
  delivery_start: string;
  address: string;
  status: 'active' | 'paused';
  /** "Paused until Fri 1 Jan", "Paused" (until resumed) or null while active. */
  paused_note: string | null;
  /** The next date it collects on (not skipped nor paused), with its state; null: none. */
  next: { date: string; display: string; state: 'due' | 'announced' | 'booked' | 'failed' } | null;
};

/** The live repeat collections of these customers, by customer id (none: not in the map). */
export async function repeatPlansOf(
  deps: Deps,
  input: { customerIds: string[] },
): Promise<Map<string, StaffPlanView[]>> {
  const out = new Map<string, StaffPlanView[]>();
  if (input.customerIds.length === 0) return out;
  for (const { plan, view } of await livePlans(deps, input)) {
    const next = view.upcoming.find((d) => d.state !== 'skipped' && d.state !== 'paused') as
      StaffPlanView['next'] | undefined;
    const staffView: StaffPlanView = {
      id: view.id,
      summary: view.summary,
      frequency_label: view.frequency_label,
      weekday_label: view.weekday_label,
      window_start: view.window_start,
      delivery_start: view.delivery_start,
      address: view.address,
      status: plan.status === 'paused' ? 'paused' : 'active',
      paused_note:
        plan.status !== 'paused'
          ? null
          : view.paused_until_display
            ? `Paused until ${view.paused_until_display}`
            : 'Paused until resumed',
      next: next ? { date: next.date, display: next.display, state: next.state } : null,
    };
    out.set(plan.customerId, [...(out.get(plan.customerId) ?? []), staffView]);
  }
  return out;
}

export type StaffCustomerRow = Awaited<ReturnType<typeof searchCustomers>>[number] & {
  repeat_plans: StaffPlanView[];
};

/**
 * The customers page's list: the customers a search finds, or (`repeatOnly`) every customer
 * with a live repeat collection; each with its live plans (empty: not a repeat customer).
 */
export async function customerList(
  deps: Deps,
  input: { query: string; repeatOnly: boolean },
): Promise<StaffCustomerRow[]> {
  const found = input.repeatOnly
    ? await repeatCustomers(deps)
    : input.query
      ? await searchCustomers(deps, { query: input.query })
      : [];
  const plans = await repeatPlansOf(deps, { customerIds: found.map((c) => c.id) });
  const rows = found.map((c) => ({ ...c, repeat_plans: plans.get(c.id) ?? [] }));
  return input.repeatOnly ? rows.filter((c) => c.repeat_plans.length > 0) : rows;
}

/** Every customer (not erased) with a plan not stopped, by name; at most 200. */
async function repeatCustomers(deps: Deps) {
  const withPlan = deps.db
    .select({ id: recurringPlans.customerId })
    .from(recurringPlans)
    .where(ne(recurringPlans.status, 'stopped'));
  const rows = await deps.db
    .select()
    .from(customers)
    .where(and(isNull(customers.deletedAt), inArray(customers.id, withPlan)))
    .orderBy(asc(customers.name))
    .limit(200);
  return rows.map((c) => ({
    id: c.id,
    ...customerView(c),
    guest: c.isGuest,
    created_at: c.createdAt.toISOString(),
  }));
}

/** One customer's live repeat collections (the customer's detail on the page). */
export async function customerRepeatPlans(
  deps: Deps,
  input: { customerId: string },
): Promise<StaffPlanView[]> {
  return (
    (await repeatPlansOf(deps, { customerIds: [input.customerId] })).get(input.customerId) ?? []
  );
}

/**
 * Pauses a customer's plan on their behalf (they asked on the phone): the customer's own
 * pause (dates before `until` dropped, booked ones cancelled where the terms allow), then an
 * audit entry naming the staff member.
 */
export async function pauseRepeatPlanForCustomer(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: { actor: Actor; planId: string; until: string },
): Promise<StaffPlanView> {
  const [plan] = isUuid(input.planId)
    ? await deps.db
        .select({ customerId: recurringPlans.customerId, status: recurringPlans.status })
        .from(recurringPlans)
        .where(eq(recurringPlans.id, input.planId))
        .limit(1)
    : [];
  if (!plan) throw new NotFoundError(PLAN_NOT_FOUND);
  // Staff pause an active plan; one paused "until resumed" stays the customer's to resume.
  if (plan.status !== 'active') throw new ConflictError(ONLY_ACTIVE, 'plan-stopped');
  const paused = await pauseRecurringPlan(deps, {
    access: { kind: 'customer', customerId: plan.customerId },
    planId: input.planId,
    until: input.until,
  });
  await recordAudit(deps.db, {
    actor: input.actor,
    now: deps.now(),
    action: 'recurring.pause',
    entity: 'recurring_plan',
    entityId: input.planId,
    before: { status: plan.status },
    after: { status: paused.status, paused_until: paused.paused_until },
  });
  const views = await customerRepeatPlans(deps, { customerId: plan.customerId });
  const view = views.find((v) => v.id === input.planId);
  // Stopped by the customer in the meantime: no longer a live plan.
  if (!view) throw new NotFoundError(PLAN_NOT_FOUND);
  return view;
}

/** Staff may pause only a plan that is collecting now. */
export const ONLY_ACTIVE =
  'Only an active repeat collection can be paused here; the customer resumes or changes it.';
