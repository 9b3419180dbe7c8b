import { sql } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import type { StaffPushEvent } from '@shared/push';
import type { DbOrTx } from '../../db/client';
import type { orders } from '../../db/schema';
import type { AppServices } from '../../services';
import { notifyCustomer, type NotifyDeps } from './notify-customer';
import { queuePush } from './queue-push';

/*
 * Staff's push notifications (issue 33, decision 060): a new order at their branch, a new case
 * (a missing item, a wrong note) or a new claim (decision 063) on one of its orders, to each
 * member of staff who turned notifications on for that event on a device: the members of the
 * order's branch, and the owners (who see every branch). A tap opens the order, or the claim. Staff chose them for their working day: neither quiet hours
 * nor the customers' daily cap apply.
 */

type Order = Pick<typeof orders.$inferSelect, 'id' | 'orderNo' | 'branchId'>;

/** Queues the event's notification to every member of staff who asked for it. A step. */
export async function pushStaff(
  tx: DbOrTx,
  input: { event: StaffPushEvent; order: Order; caseId?: number; claimId?: number; now: Date },
  deps: Pick<AppServices, 'config'>,
): Promise<number> {
  const { event, order } = input;
  const result = await tx.execute<{ staff_id: string }>(sql`
    select distinct s.staff_id from push_subscriptions s
    join staff_users u on u.id = s.staff_id
    where ${event} = any(s.staff_events) and u.disabled_at is null
      and (u.role = 'owner' or exists (
        select 1 from branch_staff b where b.staff_id = u.id and b.branch_id = ${order.branchId}))`);
  const staffIds = (result as unknown as { rows: { staff_id: string }[] }).rows.map(
    (r) => r.staff_id,
  );
  const number = orderNumber(deps.config.brand, order.orderNo);
  const words =
    event === 'new-order'
      ? { title: 'New order', body: `Order ${number} was just booked.` }
      : event === 'new-claim'
        ? { title: 'New claim', body: `The customer of order ${number} made a claim.` }
        : { title: 'New case', body: `The customer of order ${number} opened a case.` };
  for (const staffId of staffIds) {
    await queuePush(tx, {
      ...words,
      template: event,
      staffId,
      orderId: order.id,
      // A claim opens on its own page (its file and the finding), anything else on the order.
      url:
        event === 'new-claim' && input.claimId
          ? `${deps.config.publicUrl}/admin/claims/${input.claimId}`
          : `${deps.config.publicUrl}/admin/orders/${order.id}`,
      tag: `staff-${number}`,
      sendAfter: input.now,
      dedupeKey: `push:${event}:${order.id}:${input.caseId ?? input.claimId ?? ''}:${staffId}`,
    });
  }
  return staffIds.length;
}

/**
 * A new booking's notifications, in placeOrder's transaction: the customer's text and push
 * (booking confirmed), and the push to staff who asked for new orders at its branch.
 */
export async function notifyNewBooking(
  tx: DbOrTx,
  input: { order: typeof orders.$inferSelect; now: Date },
  deps: NotifyDeps,
): Promise<void> {
  await notifyCustomer(tx, { ...input, event: 'booking-confirmed' }, deps);
  await pushStaff(tx, { event: 'new-order', ...input }, deps);
}
