import { asc, eq } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { orderItems, orders } from '../../db/schema';
import { ConflictError } from '../../errors';
import { recordAudit, type Actor } from '../audit/record-audit';
import { invoiceEmail } from '../mail/order-emails';
import { notifyCustomer } from '../messages/notify-customer';
import { findOrder } from './find-order';
import { useAccountCredit } from '../credit/account-credit';
import { discountLabel } from '../promos/order-promo';
import type { FinancialDocument } from '../../adapters/pdf/financial-document';
import { issueInvoice, pdfAttachment } from '../invoices/vat-documents';
import type { AppServices } from '../../services';

/** E-mails the itemised invoice with the payment link; from then on Pay Now shows. */
export async function sendInvoice(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: { actor: Actor; orderId: string },
) {
  const { actor, orderId } = input;
  const { brand } = deps.config;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    const number = orderNumber(brand, order.orderNo);
    if (order.totalPence <= 0) {
      throw new ConflictError(
        `Order ${number} has no priced items yet: list them first.`,
        'nothing-due',
      );
    }
    if (order.amountDuePence <= 0) {
      throw new ConflictError(`Nothing is due on order ${number}.`, 'nothing-due');
    }
    // Issue 18: the customer's account credit pays first; the invoice asks for the rest.
    const fromCredit = await useAccountCredit(tx, { orderId: order.id, now, brand });
    const paidByCredit = fromCredit >= order.amountDuePence;
    const [invoiced] = await tx
      .update(orders)
      .set({ invoicedAt: now, paymentState: paidByCredit ? 'paid' : 'invoiced' })
      .where(eq(orders.id, order.id))
      .returning();
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const invoice = await issueInvoice(tx, { brand, order: invoiced!, now });
    await deps.mail.enqueue(
      {
        ...invoiceEmail(
          brand,
          deps,
          { ...invoiced!, discountLabel: await discountLabel(tx, invoiced!) },
          items,
          now,
        ),
        attachments: [await pdfAttachment(invoice.snapshot as FinancialDocument)],
      },
      tx,
    );
    await notifyCustomer(tx, { order: invoiced!, now, event: 'invoice' }, deps);
    await recordAudit(tx, {
      actor,
      now,
      action: 'order.invoice',
      entity: 'order',
      entityId: order.id,
      before: { invoicedAt: order.invoicedAt, paymentState: order.paymentState },
      after: {
        invoicedAt: now,
        paymentState: paidByCredit ? 'paid' : 'invoiced',
        amountDuePence: order.amountDuePence - fromCredit,
        creditAppliedPence: fromCredit,
        invoice: invoice.number,
      },
    });
    return {
      order_no: number,
      message: `Invoice for ${number} e-mailed to ${order.customerEmail}.`,
    };
  });
}
