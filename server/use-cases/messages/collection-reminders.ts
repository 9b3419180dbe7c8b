import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { LONDON_ZONE, londonDayRange, londonWindow } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';
import { customers, orders } from '../../db/schema';
import type { AppServices } from '../../services';
import { textablePhone } from './phone';
import { queueText } from './queue-text';

/**
 * The evening-before reminder (issue 17): every order collected tomorrow (London) whose
 * customer takes texts gets one, once: the dedupe key makes a second run, on this instance or
 * another, a no-op. Returns how many were queued by this run.
 */
export async function queueCollectionReminders(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
): Promise<number> {
  const now = deps.now();
  const tomorrow = DateTime.fromJSDate(now, { zone: LONDON_ZONE }).plus({ days: 1 }).toISODate()!;
  const { from, to } = londonDayRange(tomorrow);
  const due = await deps.db
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        inArray(orders.status, ['pending', 'pending payment']),
        gte(orders.pickupStartsAt, from),
        lt(orders.pickupStartsAt, to),
      ),
    );
  let queued = 0;
  for (const { order, customer } of due) {
    const channel = customer.notifyWhatsapp ? 'whatsapp' : customer.notifySms ? 'sms' : null;
    const phone = textablePhone(order.customerPhone);
    if (!channel || !phone || customer.deletedAt) continue;
    const number = orderNumber(deps.config.brand, order.orderNo);
    const id = await queueText(deps.db, {
      channel,
      template: 'collection-reminder',
      customerId: customer.id,
      orderId: order.id,
      phone,
      body: `${deps.config.brand.name}: we collect order ${number} tomorrow, ${londonWindow(order.pickupStartsAt, order.pickupEndsAt)}. Reply SKIP to cancel this collection.`,
      dedupeKey: `collection-reminder:${order.id}`,
    });
    if (id !== null) queued += 1;
  }
  return queued;
}
