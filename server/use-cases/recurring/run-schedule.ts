import { and, eq, gt, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { LONDON_ZONE, londonToday } from '@shared/london-time';
import {
  bookingDate,
  collectsOn,
  datesToAnnounce,
  isDueForBooking,
  BOOK_DAYS_AHEAD,
  skipDeadline,
  windowChoices,
} from '@shared/recurring';
import { addDays, usageRange, windowsOfDay } from '@shared/slots';
import type { AddressInput } from '@shared/validation';
import type { AddressExtras } from '../accounts/save-address';
import { orders, recurringOccurrences, recurringPlans } from '../../db/schema';
import { AppError, ConflictError } from '../../errors';
import type { AppServices } from '../../services';
import { recurringPagePath } from '../../auth/recurring-access';
import { cancelOrder } from '../cancellations/cancel-order';
import { placeOrder } from '../checkout/place-order';
import { recurringAnnouncementEmail, recurringUnbookedEmail } from '../mail/recurring-emails';
import { textCustomer } from '../messages/notify-customer';
import { textablePhone } from '../messages/phone';
import { gsm7 } from '../messages/text-templates';
import { textChannelOf } from '../messages/text-rules';
import { loadSlotRules, loadSlotUsage } from '../slots/slot-rules';
import type { OccurrenceRow, PlanRow } from './plan-access';
import { planCustomer, planDates } from './plan-access';
import { dayLabel, planAddress } from './present-recurring';

/*
 * The schedule of repeat collections (issue 18, docs/decisions/036), run by the
 * 'recurring-collections' job on every instance. Each run
 *  (a) announces every collection of the next five days: one row per plan and date, inserted
 *      with ON CONFLICT DO NOTHING, so only the run that inserts it sends the e-mail and text
 *      (in the same transaction), however many instances run at once;
 *  (b) books every announced collection whose booking day (two days before) has come, as a
 *      real order through placeOrder, so capacity is taken like any booking: the plan's window
 *      or the next free one that day, else the occurrence is 'failed' and the customer told.
 *      A run claims an occurrence first (a conditional update of booked_at, a lease of 10
 *      minutes), and the order's idempotency key is the occurrence's, so a crash between the
 *      order and the occurrence's update is finished by a later run with the same order.
 */

type Deps = Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>;

const LEASE_MS = 10 * 60_000;
/** Why a collection on a day the shop is closed is not made. */
export const CLOSED = 'We are closed that day';
const attempts = 3;

export type ScheduleRun = { announced: number; booked: number; unbooked: number };

const idempotencyKey = (occurrenceId: number) => `recurring-occurrence-${occurrenceId}`;

const long = (date: string) =>
  DateTime.fromISO(date, { zone: LONDON_ZONE }).toFormat('ccc d LLL yyyy');

/** (a) Announces the next collections of every plan not stopped. Returns how many. */
export async function announceRecurringCollections(deps: Deps): Promise<number> {
  const now = deps.now();
  const today = londonToday(now);
  const plans = await deps.db
    .select()
    .from(recurringPlans)
    .where(ne(recurringPlans.status, 'stopped'));
  if (plans.length === 0) return 0;
  const rules = await loadSlotRules(deps.db);
  let announced = 0;
  for (const plan of plans) {
    for (const date of datesToAnnounce(planDates(plan), today, new Set())) {
      // A day the shop is closed (a bank holiday): not announced, shown as skipped.
      if (windowsOfDay(date, rules).length === 0) {
        await deps.db
          .insert(recurringOccurrences)
          .values({
            planId: plan.id,
            collectionDate: date,
            status: 'skipped',
            reason: CLOSED,
            announcedAt: now,
          })
          .onConflictDoNothing();
        continue;
      }
      if (await announceOne(deps, plan, date)) announced += 1;
    }
  }
  return announced;
}

async function announceOne(deps: Deps, plan: PlanRow, date: string): Promise<boolean> {
  const now = deps.now();
  const { brand, publicUrl } = deps.config;
  return deps.db.transaction(async (tx) => {
    const customer = await planCustomer(tx, plan.customerId);
    if (!customer) return false;
    const [row] = await tx
      .insert(recurringOccurrences)
      .values({ planId: plan.id, collectionDate: date, status: 'announced', announcedAt: now })
      .onConflictDoNothing()
      .returning({ id: recurringOccurrences.id });
    if (!row) return false;
    const manageUrl = `${publicUrl}${recurringPagePath(deps, { planId: plan.id, date, expiresFrom: skipDeadline(date) })}`;
    const deadline = skipDeadline(date);
    await deps.mail.enqueue(
      recurringAnnouncementEmail(brand, {
        to: customer.email,
        name: customer.name,
        collection: long(date),
        windowStart: plan.windowStart,
        bookingDay: dayLabel(bookingDate(date)),
        deadline: `${DateTime.fromJSDate(deadline, { zone: LONDON_ZONE }).toFormat('HH:mm')} on ${dayLabel(addDays(date, -1))}`,
        address: planAddress(plan),
        manageUrl,
        accountUrl: `${publicUrl}/account/recurring`,
      }),
      tx,
    );
    // A text too when the customer chose texts (issue 17's rules: opt-out, quiet hours, cap).
    const channel = textChannelOf(customer);
    const phone = textablePhone(customer.phone);
    if (channel && phone) {
      await textCustomer(tx, {
        customer,
        phone,
        channel,
        purpose: 'service',
        template: 'recurring-announced',
        event: 'booking-confirmed',
        body: gsm7(
          `${brand.shortName}: your repeat collection is on ${dayLabel(date)} from ${plan.windowStart}. Skip, pause or stop: ${manageUrl}`,
        ),
        dedupeKey: `recurring-announced:${row.id}`,
        now,
      });
    }
    return true;
  });
}

/** (b) Books every announced collection whose booking day has come. */
export async function bookRecurringCollections(
  deps: Deps,
): Promise<{ booked: number; unbooked: number }> {
  const now = deps.now();
  const today = londonToday(now);
  const due = await deps.db
    .select({ occurrence: recurringOccurrences, plan: recurringPlans })
    .from(recurringOccurrences)
    .innerJoin(recurringPlans, eq(recurringPlans.id, recurringOccurrences.planId))
    .where(
      and(
        eq(recurringOccurrences.status, 'announced'),
        gt(recurringOccurrences.collectionDate, today),
        lte(recurringOccurrences.collectionDate, addDays(today, BOOK_DAYS_AHEAD)),
      ),
    );
  let booked = 0;
  let unbooked = 0;
  for (const { occurrence, plan } of due) {
    if (!isDueForBooking(occurrence.collectionDate, today)) continue;
    const outcome = await bookOne(deps, plan, occurrence);
    if (outcome === 'booked') booked += 1;
    if (outcome === 'failed') unbooked += 1;
  }
  return { booked, unbooked };
}

/** Claims an occurrence for this run: false when another run holds it or it moved on. */
async function claim(deps: Deps, occurrenceId: number): Promise<boolean> {
  const now = deps.now();
  const claimed = await deps.db
    .update(recurringOccurrences)
    .set({ bookedAt: now })
    .where(
      and(
        eq(recurringOccurrences.id, occurrenceId),
        eq(recurringOccurrences.status, 'announced'),
        or(
          isNull(recurringOccurrences.bookedAt),
          lt(recurringOccurrences.bookedAt, new Date(now.getTime() - LEASE_MS)),
        ),
      ),
    )
    .returning({ id: recurringOccurrences.id });
  return claimed.length === 1;
}

async function bookOne(
  deps: Deps,
  plan: PlanRow,
  occurrence: OccurrenceRow,
): Promise<'booked' | 'failed' | 'skipped' | 'busy'> {
  const now = deps.now();
  const date = occurrence.collectionDate;
  if (!(await claim(deps, occurrence.id))) return 'busy';
  const customer = await planCustomer(deps.db, plan.customerId);
  if (!customer || !collectsOn(planDates(plan), date, new Set())) {
    const reason = !customer ? 'Account closed' : plan.status === 'stopped' ? 'Stopped' : 'Paused';
    await finish(deps, occurrence.id, { status: 'skipped', reason });
    return 'skipped';
  }
  // An order of an earlier run that stopped before recording it.
  const [earlier] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.idempotencyKey, idempotencyKey(occurrence.id)))
    .limit(1);
  let orderId = earlier?.id ?? null;
  for (let attempt = 0; !orderId && attempt < attempts; attempt += 1) {
    const rules = await loadSlotRules(deps.db);
    const range = usageRange(now, rules);
    const [choice] = windowChoices(
      rules,
      await loadSlotUsage(deps.db, 'pickup', range),
      await loadSlotUsage(deps.db, 'delivery', range),
      now,
      { date, windowStart: plan.windowStart, deliveryStart: plan.deliveryStart },
    );
    if (!choice) break;
    try {
      // The plan's address as it was entered: the flat's building and how to get in.
      const address = plan.addressJson as AddressInput & AddressExtras;
      const placed = await placeOrder(deps, {
        who: { kind: 'session', customerId: customer.id },
        ip: '',
        pickup: choice.pickup,
        delivery: choice.delivery,
        address,
        accessNotes: address.access_notes ?? '',
        name: customer.name,
        notes: plan.notes,
        company: '',
        paymentDetails: 'with-invoice',
        idempotencyKey: idempotencyKey(occurrence.id),
      });
      orderId = placed.orderId;
    } catch (error) {
      // The window filled between the listing and the booking: list again.
      if (error instanceof ConflictError) continue;
      throw error;
    }
  }
  if (!orderId) {
    const reason = `Every collection window on ${dayLabel(date)} from ${plan.windowStart} was full.`;
    if (await finish(deps, occurrence.id, { status: 'failed', reason })) {
      await deps.mail.enqueue(
        recurringUnbookedEmail(deps.config.brand, {
          to: customer.email,
          name: customer.name,
          collection: long(date),
          windowStart: plan.windowStart,
          address: planAddress(plan),
          manageUrl: '',
          accountUrl: `${deps.config.publicUrl}/account/recurring`,
          reason,
        }),
      );
    }
    return 'failed';
  }
  if (await finish(deps, occurrence.id, { status: 'booked', orderId })) return 'booked';
  // Skipped, paused or stopped while it was being booked: the order goes again.
  try {
    await cancelOrder(deps, { customerId: customer.id, orderId });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  return 'skipped';
}

/** Records the outcome, if the occurrence is still the announced one this run claimed. */
async function finish(
  deps: Deps,
  occurrenceId: number,
  outcome: { status: 'booked'; orderId: string } | { status: 'failed' | 'skipped'; reason: string },
): Promise<boolean> {
  const rows = await deps.db
    .update(recurringOccurrences)
    .set(
      outcome.status === 'booked'
        ? { status: 'booked', orderId: outcome.orderId, bookedAt: deps.now(), reason: null }
        : { status: outcome.status, reason: outcome.reason },
    )
    .where(
      and(
        eq(recurringOccurrences.id, occurrenceId),
        inArray(recurringOccurrences.status, ['announced']),
      ),
    )
    .returning({ id: recurringOccurrences.id });
  return rows.length === 1;
}

/** The whole run: announce, then book. */
export async function runRecurringSchedule(deps: Deps): Promise<ScheduleRun> {
  const announced = await announceRecurringCollections(deps);
  const { booked, unbooked } = await bookRecurringCollections(deps);
  return { announced, booked, unbooked };
}
