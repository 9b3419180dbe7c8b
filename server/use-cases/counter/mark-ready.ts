import { eq } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { branchScope } from '../../auth/branch-scope';
import type { CurrentStaff } from '../../auth/staff';
import { branches, counterTickets, orderEvents, orders } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit } from '../audit/record-audit';
import { counterReadyEmail } from '../mail/counter-emails';
import { notifyCustomer } from '../messages/notify-customer';
import { findOrder } from '../orders/find-order';

/*
 * A counter ticket marked ready (issue 32, decision 050) with where its garments hang (a rack
 * or conveyor position). Staff of the ticket's branch (or the owner) only. The order moves
 * from 'collected' or 'cleaning' to 'ready' (the counter skips the 'cleaning' step when the
 * shop does: the garments are in the shop from the start), and the customer is told by their
 * channel: the text when they chose texts and have a mobile, the e-mail when they have an
 * address, each saying "ready for collection at <branch> branch" with the amount due. Marking
 * a ready ticket again moves its rack and tells nobody twice.
 */
export async function markTicketReady(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: {
    staff: Pick<CurrentStaff, 'id' | 'name' | 'role' | 'sessionBranchId'>;
    orderId: string;
    rack: string;
  },
) {
  const now = deps.now();
  const { staff } = input;
  const rack = input.rack.trim();
  return deps.db.transaction(async (tx) => {
    // The order's row is locked first: a second screen waits here for the first to finish.
    const order = await findOrder(tx, input.orderId, true);
    const [row] = await tx
      .select({ ticket: counterTickets, branch: branches })
      .from(counterTickets)
      .innerJoin(branches, eq(branches.id, counterTickets.branchId))
      .where(eq(counterTickets.orderId, order.id));
    if (!row) throw new NotFoundError('We could not find that ticket.');
    const scope = await branchScope(tx, staff);
    if (scope.branchIds && !scope.branchIds.includes(row.branch.id)) {
      throw new ForbiddenError(`This ticket is ${row.branch.name}’s.`);
    }
    const number = orderNumber(deps.config.brand, order.orderNo);
    if (order.status === 'delivered') {
      throw new ConflictError(`Ticket ${number} was collected already.`, 'ticket-collected');
    }
    if (!['collected', 'cleaning', 'ready'].includes(order.status)) {
      throw new ConflictError(
        `Ticket ${number} is ${order.status}: it cannot be marked ready.`,
        'status-move-refused',
      );
    }
    const first = order.status !== 'ready';
    const [ticket] = await tx
      .update(counterTickets)
      .set({ rack, readyAt: first ? now : row.ticket.readyAt })
      .where(eq(counterTickets.orderId, order.id))
      .returning();
    const [moved] = first
      ? await tx
          .update(orders)
          .set({ status: 'ready', statusChangedAt: now })
          .where(eq(orders.id, order.id))
          .returning()
      : [order];
    if (first) {
      await tx.insert(orderEvents).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: 'ready',
        actor: `staff:${staff.name}`,
        at: now,
      });
    }
    await recordAudit(tx, {
      actor: { id: staff.id, name: staff.name, role: staff.role },
      now,
      action: 'counter.ready',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status, rack: row.ticket.rack },
      after: { status: 'ready', rack },
    });
    let told = { text: 'none' as string, emailed: false };
    if (first) {
      const text = await notifyCustomer(
        tx,
        { order: moved!, now, event: 'counter-ready', branchName: row.branch.name },
        deps,
      );
      const address = [row.branch.addressLine1, row.branch.postcode].filter(Boolean).join(', ');
      const email = counterReadyEmail(deps.config.brand, deps, moved!, {
        name: row.branch.name,
        address,
      });
      const emailed = text.email && email.to.trim() !== '';
      if (emailed) await deps.mail.enqueue(email, tx);
      told = { text: text.text, emailed };
    }
    return { order: moved!, ticket: ticket!, branch: row.branch, first, told };
  });
}
