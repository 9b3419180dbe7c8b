import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { RecurringPlanView } from '@shared/api/recurring';
import { londonToday } from '@shared/london-time';
import { isCalendarDate } from '@shared/text';
import {
  changedAnchorDate,
  frequencyLabels,
  isScheduledOn,
  skipDeadline,
  weekdayNames,
  type RecurringPlanChangeInput,
} from '@shared/recurring';
import { addDays } from '@shared/slots';
import { recurringOccurrences, recurringPlans } from '../../db/schema';
import { AppError, ConflictError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { cancelOrder } from '../cancellations/cancel-order';
import type { PlanAccess, PlanRow } from './plan-access';
import { occurrencesFrom, planFor } from './plan-access';
import { checkPlanWindows, planAddressOf } from './create-plan';
import { dayLabel, presentPlan } from './present-recurring';

/*
 * What the customer may change of a repeat collection (issue 18, docs/decisions/036), from the
 * account or the announcement's signed link: skip one date, pause until a date, resume, stop.
 * A date not yet booked is simply marked skipped (its row keeps the schedule from announcing
 * or booking it: one row per plan and date); a booked one has its order cancelled first
 * (cancelOrder: the places are freed, the terms' notice applies).
 */

type Deps = Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>;
type Change = { access: PlanAccess; planId: string };

const STOPPED = 'This repeat collection has been stopped. Please set up a new one.';

async function view(deps: Deps, plan: PlanRow): Promise<RecurringPlanView> {
  const now = deps.now();
  return presentPlan(plan, await occurrencesFrom(deps.db, { planId: plan.id, now }), now);
}

/** Cancels the order of a booked occurrence and marks it skipped; false when it is too late. */
async function dropBooked(
  deps: Deps,
  occurrence: { id: number; orderId: string | null },
  customerId: string,
  reason: string,
  mustSucceed: boolean,
): Promise<boolean> {
  if (occurrence.orderId) {
    try {
      await cancelOrder(deps, { customerId, orderId: occurrence.orderId });
    } catch (error) {
      if (mustSucceed || !(error instanceof AppError)) throw error;
      return false;
    }
  }
  await deps.db
    .update(recurringOccurrences)
    .set({ status: 'skipped', reason })
    .where(
      and(eq(recurringOccurrences.id, occurrence.id), eq(recurringOccurrences.status, 'booked')),
    );
  return true;
}

/**
 * Skips one collection date of the plan, until 18:00 London the day before it. Skipping it
 * twice changes nothing.
 */
export async function skipRecurringDate(
  deps: Deps,
  input: Change & { date: string },
): Promise<RecurringPlanView> {
  const now = deps.now();
  const { date } = input;
  const booked = await deps.db.transaction(async (tx) => {
    const plan = await planFor(deps, tx, { ...input, lock: true });
    if (plan.status === 'stopped') throw new ConflictError(STOPPED, 'plan-stopped');
    if (!isCalendarDate(date) || !isScheduledOn(plan, date) || date <= londonToday(now)) {
      throw new ValidationError('Please check mandatory fields.', {
        date: ['That is not one of the next dates of this repeat collection.'],
      });
    }
    if (now >= skipDeadline(date)) {
      throw new ConflictError(
        `The collection on ${dayLabel(date)} can no longer be skipped online. Please call us on ${deps.config.brand.phone}.`,
      );
    }
    const inserted = await tx
      .insert(recurringOccurrences)
      .values({
        planId: plan.id,
        collectionDate: date,
        status: 'skipped',
        reason: 'Skipped',
        announcedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: recurringOccurrences.id });
    if (inserted.length > 0) return null;
    const [occurrence] = await tx
      .select()
      .from(recurringOccurrences)
      .where(
        and(
          eq(recurringOccurrences.planId, plan.id),
          eq(recurringOccurrences.collectionDate, date),
        ),
      )
      .for('update');
    if (occurrence!.status === 'booked') return { occurrence: occurrence!, plan };
    await tx
      .update(recurringOccurrences)
      .set({ status: 'skipped', reason: 'Skipped' })
      .where(eq(recurringOccurrences.id, occurrence!.id));
    return null;
  });
  if (booked) await dropBooked(deps, booked.occurrence, booked.plan.customerId, 'Skipped', true);
  return view(deps, await planFor(deps, deps.db, input));
}

/**
 * Drops the plan's collections from tomorrow until `until` (null: all): the not yet booked are
 * marked skipped, the booked have their orders cancelled where the terms still allow.
 */
async function dropFrom(deps: Deps, plan: PlanRow, until: string | null, reason: string) {
  const now = deps.now();
  const from = addDays(londonToday(now), 1);
  const range = until
    ? and(
        gte(recurringOccurrences.collectionDate, from),
        lt(recurringOccurrences.collectionDate, until),
      )
    : gte(recurringOccurrences.collectionDate, from);
  await deps.db
    .update(recurringOccurrences)
    .set({ status: 'skipped', reason })
    .where(
      and(
        eq(recurringOccurrences.planId, plan.id),
        inArray(recurringOccurrences.status, ['announced', 'failed']),
        range,
      ),
    );
  const booked = await deps.db
    .select()
    .from(recurringOccurrences)
    .where(
      and(
        eq(recurringOccurrences.planId, plan.id),
        eq(recurringOccurrences.status, 'booked'),
        range,
      ),
    );
  for (const occurrence of booked) {
    await dropBooked(deps, occurrence, plan.customerId, reason, false);
  }
}

/** Pauses the plan: no collection before `until` (a later London date, within a year). */
export async function pauseRecurringPlan(
  deps: Deps,
  input: Change & { until: string },
): Promise<RecurringPlanView> {
  const now = deps.now();
  const today = londonToday(now);
  if (!isCalendarDate(input.until) || input.until <= today || input.until > addDays(today, 366)) {
    throw new ValidationError('Please check mandatory fields.', {
      until: ['Please choose a date after today and within a year.'],
    });
  }
  const plan = await deps.db.transaction(async (tx) => {
    const found = await planFor(deps, tx, { ...input, lock: true });
    if (found.status === 'stopped') throw new ConflictError(STOPPED, 'plan-stopped');
    const [paused] = await tx
      .update(recurringPlans)
      .set({ status: 'paused', pausedUntil: input.until, updatedAt: now })
      .where(eq(recurringPlans.id, found.id))
      .returning();
    return paused!;
  });
  await dropFrom(deps, plan, input.until, 'Paused');
  return view(deps, plan);
}

/** Resumes a paused plan: its next dates are collected again. */
export async function resumeRecurringPlan(deps: Deps, input: Change): Promise<RecurringPlanView> {
  const now = deps.now();
  const plan = await deps.db.transaction(async (tx) => {
    const found = await planFor(deps, tx, { ...input, lock: true });
    if (found.status === 'stopped') throw new ConflictError(STOPPED, 'plan-stopped');
    const [resumed] = await tx
      .update(recurringPlans)
      .set({ status: 'active', pausedUntil: null, updatedAt: now })
      .where(eq(recurringPlans.id, found.id))
      .returning();
    return resumed!;
  });
  // Dates dropped by the pause become collectable again when not yet past their notice.
  await deps.db
    .delete(recurringOccurrences)
    .where(
      and(
        eq(recurringOccurrences.planId, plan.id),
        eq(recurringOccurrences.status, 'skipped'),
        eq(recurringOccurrences.reason, 'Paused'),
        gte(recurringOccurrences.collectionDate, addDays(londonToday(now), 1)),
      ),
    );
  return view(deps, plan);
}

/** Stops the plan for good: nothing more is announced or booked. Stopping twice is fine. */
export async function stopRecurringPlan(deps: Deps, input: Change): Promise<RecurringPlanView> {
  const now = deps.now();
  const plan = await deps.db.transaction(async (tx) => {
    const found = await planFor(deps, tx, { ...input, lock: true });
    const [stopped] = await tx
      .update(recurringPlans)
      .set({ status: 'stopped', pausedUntil: null, updatedAt: now })
      .where(eq(recurringPlans.id, found.id))
      .returning();
    return stopped!;
  });
  await dropFrom(deps, plan, null, 'Stopped');
  return view(deps, plan);
}

/**
 * Changes the plan's rule: how often, the day, the collection and delivery windows, and when
 * given its address and notes (its customer only, with the set-up's checks and messages).
 * Collections already booked as orders stay as they are; the next ones follow the new rule.
 * The same day and frequency keep the plan's weeks; a new day or frequency starts on the first
 * new day after its booking day and after the last booked collection. Announced dates not yet
 * being booked are forgotten: the schedule announces the new rule's dates again (an e-mail
 * with the new window).
 */
export async function editRecurringPlan(
  deps: Deps,
  input: { customerId: string; planId: string; plan: RecurringPlanChangeInput },
): Promise<RecurringPlanView> {
  const now = deps.now();
  const today = londonToday(now);
  const { plan: wanted } = input;
  const plan = await deps.db.transaction(async (tx) => {
    const found = await planFor(deps, tx, {
      access: { kind: 'customer', customerId: input.customerId },
      planId: input.planId,
      lock: true,
    });
    if (found.status === 'stopped') throw new ConflictError(STOPPED, 'plan-stopped');
    const [lastBooked] = await tx
      .select({ date: recurringOccurrences.collectionDate })
      .from(recurringOccurrences)
      .where(
        and(
          eq(recurringOccurrences.planId, found.id),
          or(
            eq(recurringOccurrences.status, 'booked'),
            and(
              eq(recurringOccurrences.status, 'announced'),
              isNotNull(recurringOccurrences.bookedAt),
            ),
          ),
          gte(recurringOccurrences.collectionDate, today),
        ),
      )
      .orderBy(desc(recurringOccurrences.collectionDate))
      .limit(1);
    const anchorDate = changedAnchorDate(found, wanted, today, lastBooked?.date ?? null);
    await checkPlanWindows(tx, wanted, anchorDate);
    const moved =
      wanted.address_id || wanted.address
        ? await planAddressOf(deps, tx, found.customerId, wanted)
        : null;
    const [changed] = await tx
      .update(recurringPlans)
      .set({
        frequency: wanted.frequency,
        weekday: wanted.weekday,
        windowStart: wanted.window_start,
        deliveryStart: wanted.delivery_start,
        anchorDate,
        ...(moved ? { addressId: moved.addressId, addressJson: moved.address } : {}),
        ...(wanted.notes !== undefined ? { notes: wanted.notes } : {}),
        updatedAt: now,
      })
      .where(eq(recurringPlans.id, found.id))
      .returning();
    // Announced under the old rule and not claimed by a booking run: announced again if the
    // new rule still collects that day, else gone. So is a date that could not be booked
    // (every window full): the new window may have room. Booked ones (and one being booked)
    // stay.
    await tx
      .delete(recurringOccurrences)
      .where(
        and(
          eq(recurringOccurrences.planId, found.id),
          or(
            and(
              eq(recurringOccurrences.status, 'announced'),
              isNull(recurringOccurrences.bookedAt),
            ),
            eq(recurringOccurrences.status, 'failed'),
          ),
          gte(recurringOccurrences.collectionDate, addDays(today, 1)),
        ),
      );
    return changed!;
  });
  return view(deps, plan);
}

/** What the account says once a plan is changed. */
export const planChangedMessage = (plan: RecurringPlanView) =>
  `Your repeat collection is changed: ${frequencyLabels[plan.frequency].toLowerCase()} on ${weekdayNames[plan.weekday - 1]}, collected from ${plan.window_start}.${
    plan.upcoming.some((d) => d.state === 'booked')
      ? ' Collections already booked stay as they are.'
      : ''
  }`;

/** One change asked by a form (the account's or the signed link's page). */
export type PlanChange =
  | { intent: 'skip'; date: string }
  | { intent: 'pause'; until: string }
  | { intent: 'resume' }
  | { intent: 'stop' };

/** The form pages' one call: the change they were posted, applied by its verb above. */
export async function changeRecurringPlan(
  deps: Deps,
  input: Change & { change: PlanChange },
): Promise<{ message: string; plan: RecurringPlanView }> {
  const { change, ...plan } = input;
  switch (change.intent) {
    case 'skip':
      return {
        message: `The collection on ${dayLabel(change.date)} is skipped.`,
        plan: await skipRecurringDate(deps, { ...plan, date: change.date }),
      };
    case 'pause':
      return {
        message: `Your repeat collection is paused until ${dayLabel(change.until)}.`,
        plan: await pauseRecurringPlan(deps, { ...plan, until: change.until }),
      };
    case 'resume':
      return {
        message: 'Your repeat collection is on again.',
        plan: await resumeRecurringPlan(deps, plan),
      };
    case 'stop':
      return {
        message: 'Your repeat collection is stopped.',
        plan: await stopRecurringPlan(deps, plan),
      };
  }
}
