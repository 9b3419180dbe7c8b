import { eq } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { branchScope } from '../../auth/branch-scope';
import type { CurrentStaff } from '../../auth/staff';
import { orders, tillEntries } from '../../db/schema';
import { ForbiddenError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit } from '../audit/record-audit';
import { currentInvoice, issueCreditNote, issueInvoice } from '../invoices/vat-documents';
import { findOrder } from '../orders/find-order';
import { counterBranch } from './counter-branch';
import { refundOverCashMessage, refundedMessage } from './present-counter-payments';
import { counterTicket } from './ticket';
import { cashPaidOn, lockOpenDay } from './till';

/*
 * A cash refund from the counter's till (issue 32, decision 053): a wrong charge or a damaged
 * garment, by the owner or staff of the ticket's branch, with a reason; at most what was paid
 * in cash on that ticket (sales less refunds in the till). It is a `refund`/`cash` entry
 * (negative) in the session counter's open day (a closed one: 409 day-closed), and the order
 * costs that much less as an owner's refund does (decision 023: paid and total fall
 * together, the discount rises, a credit note against its invoice). Audited. One transaction.
 */

export async function refundCashAtCounter(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: {
    staff: Pick<CurrentStaff, 'id' | 'name' | 'role' | 'sessionBranchId'>;
    orderId: string;
    pence: number;
    reason: string;
  },
) {
  const now = deps.now();
  const { staff } = input;
  const { brand } = deps.config;
  return deps.db.transaction(async (tx) => {
    const branch = await counterBranch(tx, { staff, now });
    const order = await findOrder(tx, input.orderId, true);
    const ticket = await counterTicket({ db: tx }, { staff, orderId: order.id });
    // Another counter may read (and collect) the ticket when the owner allows it (decision
    // 050); its money is refunded only by the owner or staff of the ticket's branch.
    const scope = await branchScope(tx, staff);
    if (staff.role !== 'owner' && !scope.choices.some((b) => b.id === ticket.branch.id)) {
      throw new ForbiddenError(
        `This ticket is ${ticket.branch.name}’s: its staff or the owner refund it.`,
      );
    }
    const cash = await cashPaidOn(tx, order.id);
    if (input.pence > cash) {
      const words = refundOverCashMessage(cash);
      throw new ValidationError(words, { pence: [words] }, 'refund-over-cash');
    }
    const day = await lockOpenDay(tx, {
      branchId: branch.id,
      branchName: branch.name,
      now,
      refuseClosedToday: true,
    });
    const reason = input.reason.trim();
    await tx.insert(tillEntries).values({
      dayId: day.id,
      branchId: day.branchId,
      kind: 'refund',
      method: 'cash',
      pence: -input.pence,
      staffId: staff.id,
      staffName: staff.name,
      orderId: order.id,
      reason,
      at: now,
    });
    // The invoice the credit note credits: issued now if the cash came before one was.
    const invoice =
      (await currentInvoice(tx, order.id)) ?? (await issueInvoice(tx, { brand, order, now }));
    const [refunded] = await tx
      .update(orders)
      .set({
        paidPence: order.paidPence - input.pence,
        totalPence: order.totalPence - input.pence,
        discountPence: order.discountPence + input.pence,
      })
      .where(eq(orders.id, order.id))
      .returning();
    const creditNote = await issueCreditNote(tx, {
      brand,
      invoice,
      order: refunded!,
      lines: [{ description: `Refund: ${reason}`, quantity: 1, unitGrossPence: input.pence }],
      reason,
      now,
      cashRefund: true,
    });
    const number = orderNumber(brand, order.orderNo);
    await recordAudit(tx, {
      actor: { id: staff.id, name: staff.name, role: staff.role },
      now,
      action: 'counter.cash-refund',
      entity: 'order',
      entityId: order.id,
      before: { paidPence: order.paidPence, totalPence: order.totalPence, cashPence: cash },
      after: {
        paidPence: refunded!.paidPence,
        totalPence: refunded!.totalPence,
        refundPence: input.pence,
        reason,
        dayId: day.id,
        creditNote: creditNote.number,
      },
    });
    return { message: refundedMessage(input.pence, number), creditNote: creditNote.number };
  });
}
