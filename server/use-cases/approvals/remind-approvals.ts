import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import {
  APPROVAL_REMINDER_AFTER_MS,
  approvedLimitPence,
  awaitsApproval,
} from '@shared/order-approval';
import { orders, priceApprovals } from '../../db/schema';
import { errorFields } from '../../logger';
import type { AppServices } from '../../services';
import { mailRequest } from './price-approval';

/** How many requests one sweep reminds at most (the next sweep takes the rest). */
const BATCH_SIZE = 50;

/**
 * The scheduled job 'approval-reminders' (server/jobs/register.ts): requests nobody answered within a day get one
 * reminder. Rows are claimed by setting `reminded_at` in one transaction with the reminders'
 * e-mails, picking them with FOR UPDATE SKIP LOCKED, so two instances sweeping at once never
 * remind twice (and a crash before the commit leaves the row to the next sweep). Returns how
 * many reminders were queued.
 */
export async function sendApprovalReminders(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'logger' | 'now'>,
): Promise<number> {
  const now = deps.now();
  const due = new Date(now.getTime() - APPROVAL_REMINDER_AFTER_MS);
  return deps.db.transaction(async (tx) => {
    const pick = tx
      .select({ id: priceApprovals.id })
      .from(priceApprovals)
      .where(
        and(
          isNull(priceApprovals.answer),
          isNull(priceApprovals.remindedAt),
          lte(priceApprovals.requestedAt, due),
          gt(priceApprovals.expiresAt, now),
        ),
      )
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(priceApprovals)
      .set({ remindedAt: now })
      .where(and(inArray(priceApprovals.id, pick), isNull(priceApprovals.remindedAt)))
      .returning();
    let sent = 0;
    for (const approval of claimed) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, approval.orderId));
      // Paid meanwhile (paying is agreeing) or cancelled: nothing to remind of.
      if (!order || order.status === 'cancelled' || !awaitsApproval(order)) continue;
      try {
        await mailRequest(
          tx,
          { order, approval, capPence: approvedLimitPence(order)!, now, reminder: true },
          deps,
        );
        sent += 1;
      } catch (error) {
        // An order whose items no longer add up cannot be invoiced: logged, not retried.
        deps.logger.error('approval reminder not sent', {
          approvalId: approval.id,
          ...errorFields(error),
        });
      }
    }
    return sent;
  });
}
