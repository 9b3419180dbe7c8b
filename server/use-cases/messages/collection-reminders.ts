import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { LONDON_ZONE, londonDayRange } from '@shared/london-time';
import { customers, orders } from '../../db/schema';
import type { AppServices } from '../../services';
import { notifyCustomer } from './notify-customer';

/**
 * The evening-before reminder (issue 17, decision 031): every order collected tomorrow
 * (London) whose customer takes texts gets one, once: its dedupe key
 * `collection-reminder:<order id>` makes a second run, on this instance or another, a no-op.
 * The text says "Reply SKIP to cancel" and links to choose another collection window
 * (the signed link of reschedule-access `collectionChangePath`). The rules of notifyCustomer
 * apply (opt-out, daily cap; it runs at 18:00, before quiet hours). Returns how many were
 * queued by this run.
 */
export async function queueCollectionReminders(
  deps: Pick<AppServices, 'db' | 'config' | 'links' | 'now'>,
): Promise<number> {
  const now = deps.now();
  const tomorrow = DateTime.fromJSDate(now, { zone: LONDON_ZONE }).plus({ days: 1 }).toISODate()!;
  const { from, to } = londonDayRange(tomorrow);
  const due = await deps.db
    .select({ order: orders })
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
  for (const { order } of due) {
    const sent = await notifyCustomer(deps.db, { order, now, event: 'collection-reminder' }, deps);
    if (sent.text === 'queued') queued += 1;
  }
  return queued;
}
