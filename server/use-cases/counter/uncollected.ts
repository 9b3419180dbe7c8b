import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { daysSinceReady, LAST_NOTICE_DAYS } from '@shared/uncollected';
import { branchScope } from '../../auth/branch-scope';
import type { CurrentStaff } from '../../auth/staff';
import {
  branches,
  counterTickets,
  counterUncollectedNotices,
  orders,
  staffUsers,
} from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { orderNumber } from '@shared/order-number';
import { recordAudit } from '../audit/record-audit';
import { findOrder } from '../orders/find-order';

/*
 * Counter tickets ready and not handed over (issue 32, decision 054), for the owner's screen
 * (every branch, or the one chosen) and staff of the branch (their branches, read-only): the
 * days since ready, the notices sent, and the owner's decision once the 90-day last notice was
 * sent. The decision (keep or donate) is the owner's alone, audited; nothing is deleted.
 */

type Staff = Pick<CurrentStaff, 'id' | 'name' | 'role' | 'sessionBranchId'>;

export type UncollectedTicket = {
  order: typeof orders.$inferSelect;
  ticket: typeof counterTickets.$inferSelect;
  branch: string;
  days: number;
  notices: (typeof counterUncollectedNotices.$inferSelect)[];
  decidedBy: string | null;
  /** The last notice went and no decision was made yet. */
  awaitingDecision: boolean;
};

export async function uncollectedTickets(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { staff: Staff },
): Promise<{ tickets: UncollectedTicket[]; canDecide: boolean }> {
  const { db } = deps;
  const now = deps.now();
  if (input.staff.role === 'driver') throw new ForbiddenError();
  const scope = await branchScope(db, input.staff);
  const rows = await db
    .select({
      order: orders,
      ticket: counterTickets,
      branch: branches.name,
      decidedBy: staffUsers.name,
    })
    .from(counterTickets)
    .innerJoin(orders, eq(orders.id, counterTickets.orderId))
    .innerJoin(branches, eq(branches.id, counterTickets.branchId))
    .leftJoin(staffUsers, eq(staffUsers.id, counterTickets.decidedBy))
    .where(
      and(
        eq(orders.status, 'ready'),
        isNotNull(counterTickets.readyAt),
        scope.branchIds ? inArray(counterTickets.branchId, scope.branchIds) : undefined,
      ),
    )
    .orderBy(asc(counterTickets.readyAt));
  const notices = rows.length
    ? await db
        .select()
        .from(counterUncollectedNotices)
        .where(
          inArray(
            counterUncollectedNotices.orderId,
            rows.map((r) => r.order.id),
          ),
        )
        .orderBy(asc(counterUncollectedNotices.stage))
    : [];
  const tickets = rows.map((row) => {
    const sent = notices.filter((n) => n.orderId === row.order.id);
    return {
      ...row,
      days: daysSinceReady(row.ticket.readyAt!, now),
      notices: sent,
      awaitingDecision:
        sent.some((n) => n.stage === LAST_NOTICE_DAYS) && row.ticket.uncollectedDecision === null,
    };
  });
  return { tickets, canDecide: input.staff.role === 'owner' };
}

/**
 * The owner decides on a ticket left 90 days: 'keep' (hold it longer; it may be donated later)
 * or 'donate' (for good). Only after the last notice was sent (409 last-notice-not-sent), on a
 * ticket still not handed over (409 ticket-collected), audited with the before and after.
 */
export async function decideUncollected(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: { staff: Staff; orderId: string; decision: 'keep' | 'donate' },
) {
  const { staff } = input;
  if (staff.role !== 'owner') {
    throw new ForbiddenError('Only the owner decides what happens to uncollected items.');
  }
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderId, true);
    const [ticket] = await tx
      .select()
      .from(counterTickets)
      .where(eq(counterTickets.orderId, order.id));
    if (!ticket) throw new NotFoundError('We could not find that ticket.');
    const number = orderNumber(deps.config.brand, order.orderNo);
    if (order.status === 'delivered') {
      throw new ConflictError(`Ticket ${number} was collected already.`, 'ticket-collected');
    }
    if (order.status !== 'ready' || !ticket.readyAt) {
      throw new ConflictError(`Ticket ${number} is not waiting on the rack.`, 'ticket-not-ready');
    }
    if (ticket.uncollectedDecision === 'donate') {
      throw new ConflictError(`Ticket ${number}’s items were donated.`, 'ticket-donated');
    }
    const [last] = await tx
      .select()
      .from(counterUncollectedNotices)
      .where(
        and(
          eq(counterUncollectedNotices.orderId, order.id),
          eq(counterUncollectedNotices.stage, LAST_NOTICE_DAYS),
        ),
      );
    if (!last) {
      throw new ConflictError(
        `The customer of ticket ${number} has not had the 90-day last notice yet: decide after it is sent.`,
        'last-notice-not-sent',
      );
    }
    const [decided] = await tx
      .update(counterTickets)
      .set({ uncollectedDecision: input.decision, decidedAt: now, decidedBy: staff.id })
      .where(eq(counterTickets.orderId, order.id))
      .returning();
    await recordAudit(tx, {
      actor: { id: staff.id, name: staff.name, role: staff.role },
      now,
      action: `counter.uncollected-${input.decision}`,
      entity: 'order',
      entityId: order.id,
      before: { decision: ticket.uncollectedDecision },
      after: { decision: input.decision, days: daysSinceReady(ticket.readyAt, now) },
    });
    const message =
      input.decision === 'keep'
        ? `Ticket ${number} is kept on the rack.`
        : `Ticket ${number} is marked donated.`;
    return { ticket: decided!, message };
  });
}
