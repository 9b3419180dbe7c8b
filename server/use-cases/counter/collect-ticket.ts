import { and, asc, eq } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import type { CurrentStaff } from '../../auth/staff';
import {
  branches,
  counterHandoverLines,
  counterHandovers,
  counterTickets,
  orderEvents,
  orderItems,
  orders,
} from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { shopSettingsIn } from '../admin/shop-settings';
import { recordAudit } from '../audit/record-audit';
import { currentInvoice, issueInvoice } from '../invoices/vat-documents';
import { findOrder } from '../orders/find-order';
import { creditReferrer } from '../promos/referrals';
import { refuseWhileCardWaits } from './card-at-counter';
import { counterBranch } from './counter-branch';
import { recordTillSale } from './till';
import { cashShortMessages, unpaidMessage } from './present-ticket';

/*
 * A ticket collected at the counter (issue 32, decision 050): at the session's counter branch
 * (its own, or any counter branch when the owner allows it), once it is ready. The balance is
 * taken in cash (tendered, change), the VAT invoice issued then if it was not yet (the one
 * gapless series, issueInvoice), or left unpaid with a reason (unless the owner's setting lets
 * it go without one). All of its lines or some are handed over; who and when is recorded.
 * When the last line goes, the order moves to 'delivered', the online flow's end state.
 *
 * Never twice: the order's row is locked first (a second screen waits, then sees what the
 * first did), and each line's id is the key of counter_handover_lines, so even without the
 * lock two hand-overs of one line cannot both commit. One transaction: a refusal writes nothing.
 */

export type HandoverPayment = { kind: 'cash'; tenderedPence: number } | { kind: 'none' };

export async function collectTicket(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: {
    staff: Pick<CurrentStaff, 'id' | 'name' | 'role' | 'sessionBranchId'>;
    orderId: string;
    /** The order_items ids handed over; all that are left when absent. */
    lineIds?: number[];
    payment: HandoverPayment;
    unpaidReason?: string;
  },
) {
  const now = deps.now();
  const { staff } = input;
  const { brand } = deps.config;
  return deps.db.transaction(async (tx) => {
    const here = await counterBranch(tx, { staff, now });
    // The order's row is locked first: a second screen waits here for the first to finish.
    const order = await findOrder(tx, input.orderId, true);
    const [row] = await tx
      .select({ ticket: counterTickets, branch: branches })
      .from(counterTickets)
      .innerJoin(branches, eq(branches.id, counterTickets.branchId))
      .where(eq(counterTickets.orderId, order.id));
    if (!row) throw new NotFoundError('We could not find that ticket.');
    const number = orderNumber(brand, order.orderNo);
    const settings = await shopSettingsIn(tx);
    if (row.branch.id !== here.id && !settings.counterCollectElsewhere) {
      throw new ConflictError(
        `Ticket ${number} was handed in at ${row.branch.name}: it is collected there.`,
        'collect-elsewhere-off',
      );
    }
    if (order.status === 'delivered') {
      throw new ConflictError(`Ticket ${number} was collected already.`, 'ticket-collected');
    }
    if (order.status !== 'ready') {
      throw new ConflictError(
        `Ticket ${number} is ${order.status}: mark it ready before handing it over.`,
        'ticket-not-ready',
      );
    }
    if (row.ticket.uncollectedDecision === 'donate') {
      // Decision 054: the owner gave the items away after the 90-day last notice.
      throw new ConflictError(
        `Ticket ${number}’s items were donated after the last notice.`,
        'ticket-donated',
      );
    }
    const items = await tx
      .select({
        id: orderItems.id,
        serviceId: orderItems.serviceId,
        handoverId: counterHandoverLines.handoverId,
      })
      .from(orderItems)
      .leftJoin(counterHandoverLines, eq(counterHandoverLines.orderItemId, orderItems.id))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const left = items.filter((i) => i.handoverId === null).map((i) => i.id);
    const wanted = input.lineIds ? [...new Set(input.lineIds)] : [...left];
    const unknown = wanted.filter((id) => !items.some((i) => i.id === id));
    if (unknown.length > 0) {
      throw new ValidationError('Choose lines of this ticket.', {
        line_ids: ['A line chosen is not on this ticket.'],
      });
    }
    if (wanted.length === 0 || wanted.some((id) => !left.includes(id))) {
      throw new ConflictError(
        `These items of ticket ${number} were handed over already.`,
        'ticket-collected',
      );
    }
    // The speed's surcharge is a line of the ticket but no garment: it goes with the last one.
    const garmentsLeft = items.filter((i) => i.handoverId === null && i.serviceId !== null);
    if (garmentsLeft.every((i) => wanted.includes(i.id))) {
      wanted.push(...left.filter((id) => !wanted.includes(id)));
    }

    const due = order.amountDuePence;
    const cash = input.payment.kind === 'cash' ? input.payment.tenderedPence : null;
    const reason = input.unpaidReason?.trim() ?? '';
    if (cash !== null && due === 0) {
      throw new ConflictError(`Ticket ${number} is paid: nothing is due.`, 'nothing-due');
    }
    // A card for the ticket on the reader would pay it a second time when it goes through.
    if (cash !== null) await refuseWhileCardWaits(tx, { orderId: order.id, number });
    if (cash !== null && cash < due) {
      const short = cashShortMessages({ totalPence: due, tenderedPence: cash });
      throw new ValidationError(short.message, { tendered_pence: [short.field] }, 'cash-short');
    }
    if (cash === null && due > 0 && reason === '' && !settings.counterUnpaidWithoutReason) {
      throw new ValidationError(
        unpaidMessage({ duePence: due, number }),
        { unpaid_reason: ['Say why the items are handed over unpaid.'] },
        'unpaid-needs-reason',
      );
    }

    let current = order;
    let invoiceNumber = (await currentInvoice(tx, order.id))?.number ?? null;
    if (cash !== null) {
      const [paid] = await tx
        .update(orders)
        .set({
          paidPence: order.paidPence + due,
          amountDuePence: 0,
          paymentMethod: 'cash',
          paymentState: 'paid',
        })
        .where(eq(orders.id, order.id))
        .returning();
      current = paid!;
      // The balance goes into this counter's open till (decision 051); none open: 409.
      await recordTillSale(tx, {
        branchId: here.id,
        branchName: here.name,
        staff,
        orderId: order.id,
        pence: due,
        now,
      });
      invoiceNumber ??= (await issueInvoice(tx, { brand, order: current, now })).number;
    }
    const [handover] = await tx
      .insert(counterHandovers)
      .values({
        orderId: order.id,
        branchId: here.id,
        staffId: staff.id,
        staffName: staff.name,
        paidPence: cash !== null ? due : 0,
        tenderedPence: cash,
        changePence: cash !== null ? cash - due : null,
        unpaidReason: cash === null && due > 0 ? reason || null : null,
        at: now,
      })
      .returning();
    const taken = await tx
      .insert(counterHandoverLines)
      .values(wanted.map((id) => ({ orderItemId: id, handoverId: handover!.id })))
      .onConflictDoNothing()
      .returning({ id: counterHandoverLines.orderItemId });
    if (taken.length !== wanted.length) {
      throw new ConflictError(`Ticket ${number} was collected already.`, 'ticket-collected');
    }
    const whole = wanted.length === left.length;
    if (whole) {
      // The conditional update: only a ticket still 'ready' becomes 'delivered'.
      const [done] = await tx
        .update(orders)
        .set({ status: 'delivered', statusChangedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'ready')))
        .returning();
      if (!done) {
        throw new ConflictError(`Ticket ${number} was collected already.`, 'ticket-collected');
      }
      current = done;
      await tx
        .update(counterTickets)
        .set({ collectedAt: now })
        .where(eq(counterTickets.orderId, order.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        fromStatus: 'ready',
        toStatus: 'delivered',
        actor: `staff:${staff.name}`,
        at: now,
      });
      // A friend's referral is credited once the order is delivered and paid, as online.
      await creditReferrer(tx, { orderId: order.id, now, brand });
    }
    await recordAudit(tx, {
      actor: { id: staff.id, name: staff.name, role: staff.role },
      now,
      action: 'counter.collect',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status, duePence: due },
      after: {
        status: current.status,
        branchId: here.id,
        lines: wanted,
        whole,
        paidPence: handover!.paidPence,
        tenderedPence: cash,
        changePence: handover!.changePence,
        unpaidReason: handover!.unpaidReason,
        invoice: invoiceNumber,
      },
    });
    return { handover: handover!, whole, branchName: here.name, invoiceNumber, lines: wanted };
  });
}
