import { and, eq, isNull } from 'drizzle-orm';
import type { RecurringPlanView } from '@shared/api/recurring';
import { londonToday } from '@shared/london-time';
import { firstCollectionDate, recurringMessages, type RecurringPlanInput } from '@shared/recurring';
import { addDays, windowsOfDay } from '@shared/slots';
import type { AddressInput } from '@shared/validation';
import { customerAddresses, customers, recurringPlans } from '../../db/schema';
import { UnauthorizedError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import type { DbOrTx } from '../../db/client';
import { saveCustomerAddress, type AddressExtras } from '../accounts/save-address';
import { coverageOf } from '../booking/coverage';
import { loadSlotRules } from '../slots/slot-rules';
import { presentPlan } from './present-recurring';

const invalid = (field: string, message: string) =>
  new ValidationError('Please check mandatory fields.', { [field]: [message] });

/**
 * Sets up a repeat collection (issue 18, docs/decisions/036) from a saved address or a typed
 * one (kept in the address book). The collection window must be one of the chosen weekday's,
 * the delivery start one of the windows the shop offers, the postcode one we serve. The first
 * collection is the first such weekday after its booking day; the schedule announces and
 * books each one from there.
 */
export async function createRecurringPlan(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: { customerId: string; plan: RecurringPlanInput },
): Promise<RecurringPlanView> {
  const now = deps.now();
  const { plan } = input;
  return deps.db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, input.customerId), isNull(customers.deletedAt)))
      .limit(1);
    if (!customer) throw new UnauthorizedError('Please log in again.');

    const { addressId, address } = await planAddressOf(deps, tx, customer.id, plan);
    const anchorDate = firstCollectionDate(plan.weekday, londonToday(now));
    await checkPlanWindows(tx, plan, anchorDate);

    const [row] = await tx
      .insert(recurringPlans)
      .values({
        customerId: customer.id,
        addressId,
        addressJson: address,
        frequency: plan.frequency,
        weekday: plan.weekday,
        windowStart: plan.window_start,
        deliveryStart: plan.delivery_start,
        anchorDate,
        notes: plan.notes,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return presentPlan(row!, new Map(), now);
  });
}

/**
 * The address a plan collects from: a saved one of the customer's, or a typed one (kept in the
 * book); the postcode must be one we serve. Shared by setting up and changing a plan.
 */
export async function planAddressOf(
  deps: Pick<AppServices, 'config' | 'now'>,
  tx: DbOrTx,
  customerId: string,
  plan: Pick<RecurringPlanInput, 'address_id' | 'address'>,
): Promise<{ addressId: string; address: AddressInput & AddressExtras }> {
  let addressId: string;
  let address: AddressInput & AddressExtras;
  if (plan.address_id) {
    const [saved] = await tx
      .select()
      .from(customerAddresses)
      .where(
        and(
          eq(customerAddresses.id, plan.address_id),
          eq(customerAddresses.customerId, customerId),
        ),
      )
      .limit(1);
    if (!saved) throw invalid('address_id', recurringMessages.address);
    addressId = saved.id;
    address = {
      door_number: saved.doorNumber,
      line1: saved.line1,
      line2: saved.line2,
      town: saved.town,
      postcode: saved.postcode,
      company: saved.company,
      address_type: saved.addressType,
      building: saved.building,
      access_notes: saved.accessNotes,
    };
  } else {
    address = plan.address!;
    addressId = (await saveCustomerAddress(tx, { customerId, address, now: deps.now() })).id;
  }
  const coverage = await coverageOf(tx, { postcode: address.postcode, brand: deps.config.brand });
  if (!coverage.served) throw invalid('address_id', coverage.message);
  return { addressId, address };
}

/**
 * The plan's collection window must be one of its weekday's (the first date's, or a later
 * same weekday's if that one is closed), its delivery start one the shop offers.
 */
export async function checkPlanWindows(
  tx: DbOrTx,
  plan: Pick<RecurringPlanInput, 'weekday' | 'window_start' | 'delivery_start'>,
  anchorDate: string,
): Promise<void> {
  const rules = await loadSlotRules(tx);
  const dayWindows = [0, 7, 14, 21].flatMap((d) => windowsOfDay(addDays(anchorDate, d), rules));
  if (dayWindows.length === 0) {
    throw invalid('weekday', 'We do not collect on that day. Please choose another day.');
  }
  if (!dayWindows.some((w) => w.slot_start === plan.window_start)) {
    throw invalid('window_start', recurringMessages.window);
  }
  const deliveryWindows = Array.from({ length: 7 }, (_, d) =>
    windowsOfDay(addDays(anchorDate, d + 1), rules),
  ).flat();
  if (!deliveryWindows.some((w) => w.slot_start === plan.delivery_start)) {
    throw invalid('delivery_start', recurringMessages.delivery);
  }
}
