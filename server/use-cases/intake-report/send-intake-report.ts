import { and, eq, isNull } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { orders } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { requestApprovalIfAbove } from '../approvals/price-approval';
import { recordAudit, type Actor } from '../audit/record-audit';
import { intakeReportEmail } from '../mail/intake-report-emails';
import { notifyCustomer } from '../messages/notify-customer';
import type { AppServices } from '../../services';
import { garmentsOf } from './intake-report';

export const intakeReportMessages = {
  noGarments: 'Record the garments of this order before sending its intake report.',
  alreadySent: (orderNo: string) =>
    `The intake report of ${orderNo} was already sent: the customer sees any change on its page.`,
} as const;

/**
 * Staff send the intake report once the garments are recorded (issue 16, decision 028):
 * `intake_reported_at` is set once (a conditional update: a second send, or two at once,
 * answers 409), and the customer's e-mail with the garments and the report's link is written
 * to the outbox in the same transaction. Audited.
 */
export async function sendIntakeReport(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: { actor: Actor; orderId: string },
) {
  const { actor, orderId } = input;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order) throw new NotFoundError('We could not find that order.');
    const number = orderNumber(deps.config.brand, order.orderNo);
    if (order.intakeReportedAt) {
      throw new ConflictError(intakeReportMessages.alreadySent(number), 'already-done');
    }
    const garments = await garmentsOf(tx, [orderId]);
    if (garments.length === 0) throw new ConflictError(intakeReportMessages.noGarments);
    const [claimed] = await tx
      .update(orders)
      .set({ intakeReportedAt: now })
      .where(and(eq(orders.id, orderId), isNull(orders.intakeReportedAt)))
      .returning();
    if (!claimed) throw new ConflictError(intakeReportMessages.alreadySent(number), 'already-done');
    const reported = { ...claimed, intakeReportedAt: now };
    if (order.customerEmail) {
      await deps.mail.enqueue(
        intakeReportEmail(deps.config.brand, deps, { order: reported, garments }),
        tx,
      );
    }
    await notifyCustomer(tx, { order: reported, now, event: 'intake-report' }, deps);
    // Above the customer's cap, the one approval request goes now, after the report that
    // shows what was checked in (walkthrough 3), not as each garment was recorded.
    const requested = await requestApprovalIfAbove(tx, { order: reported, now }, deps);
    await recordAudit(tx, {
      actor,
      now,
      action: 'order.intake-report',
      entity: 'order',
      entityId: orderId,
      after: {
        garments: garments.length,
        tags: garments.map((g) => g.tagNumber),
        emailed: order.customerEmail !== '',
        ...(requested ? { approvalRequested: requested.approval.id } : {}),
      },
    });
    return {
      orderNo: number,
      reportedAt: now,
      garments: garments.length,
      to: order.customerEmail,
      approvalRequested: requested
        ? { amountPence: requested.approval.amountPence, capPence: requested.capPence }
        : null,
    };
  });
}
