import { eq } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { orders } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import type { Actor } from '../audit/record-audit';
import { issueInvoice } from '../invoices/vat-documents';
import { overpaidPence, refundPaid } from './settle-overpayment';

export const REFUND_REASON_MAX = 300;

/**
 * A refund from the back office (issue 15), in part or whole, of what the customer paid:
 * through the provider that took the money (Stripe, PayPal or TEST MODE), newest payment
 * first. The order then costs that much less, and each refund comes with a credit note
 * against the order's VAT invoice, e-mailed to the customer with the PDF attached.
 */
export async function refundOrder(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'payments' | 'logger' | 'now'>,
  input: { actor: Actor; orderId: string; amountPence: number; reason: string },
): Promise<{ orderNo: string; refundedPence: number; requestedPence: number }> {
  const now = deps.now();
  const reason = input.reason.trim();
  if (!reason) {
    throw new ValidationError('Please say why the money is refunded.', {
      reason: ['Please say why the money is refunded.'],
    });
  }
  if (reason.length > REFUND_REASON_MAX) {
    throw new ValidationError('Please keep the reason shorter.', {
      reason: [`Please keep the reason under ${REFUND_REASON_MAX} characters.`],
    });
  }
  // The VAT invoice the credit notes will credit: issued now for an order paid before invoices.
  const order = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!row) throw new NotFoundError('We could not find that order.');
    if (row.paidPence > 0) await issueInvoice(tx, { brand: deps.config.brand, order: row, now });
    return row;
  });
  const number = orderNumber(deps.config.brand, order.orderNo);
  if (order.paidPence <= 0) {
    throw new ConflictError(`Nothing has been paid on order ${number}.`, 'nothing-paid');
  }
  if (overpaidPence(order) > 0) {
    throw new ConflictError(
      `More has been paid on order ${number} than its total: refund or credit that first.`,
    );
  }
  if (input.amountPence < 1 || input.amountPence > order.paidPence) {
    throw new ValidationError(
      'The refund is more than was paid.',
      {
        amount: ['A refund can be at most what the customer has paid on this order.'],
      },
      'refund-too-large',
    );
  }
  const refunded = await refundPaid(deps, {
    actor: input.actor,
    orderId: order.id,
    amountPence: input.amountPence,
    now,
    goodwill: { reason },
  });
  return { orderNo: number, refundedPence: refunded, requestedPence: input.amountPence };
}
