import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { dueStage } from '@shared/uncollected';
import { branches, counterTickets, counterUncollectedNotices, orders } from '../../db/schema';
import type { AppServices } from '../../services';
import { counterUncollectedEmail } from '../mail/counter-emails';
import { notifyCustomer } from '../messages/notify-customer';
import { findOrder } from '../orders/find-order';

/*
 * Reminders of counter tickets left on the rack (issue 32, decision 054), run by the job queue
 * each morning: 30, 60 and 80 days after ready, and the last notice at 90 (the owner decides
 * only after it). Each by the customer's chosen channel: the text through `notifyCustomer`
 * (their text choice, opt-out, quiet hours, cap), the e-mail through the outbox (a walk-in
 * without an address gets none). Once each, whatever runs it: per ticket, one transaction
 * locks the order's row (a hand-over waits, or goes first and the ticket is no longer ready),
 * re-reads it and writes the notice's row, keyed by (ticket, stage); a second run, on this
 * instance or another, finds the row and sends nothing. Returns the notices written.
 */
export async function sendUncollectedReminders(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
): Promise<number> {
  const now = deps.now();
  const waiting = await deps.db
    .select({ orderId: counterTickets.orderId, readyAt: counterTickets.readyAt })
    .from(counterTickets)
    .innerJoin(orders, eq(orders.id, counterTickets.orderId))
    .where(
      and(
        eq(orders.status, 'ready'),
        isNotNull(counterTickets.readyAt),
        isNull(counterTickets.uncollectedDecision),
      ),
    );
  const sentOf = await noticesOf(
    deps,
    waiting.map((w) => w.orderId),
  );
  let written = 0;
  for (const { orderId, readyAt } of waiting) {
    if (!dueStage(readyAt!, now, sentOf.get(orderId) ?? [])) continue;
    if (await remindOne(deps, orderId, now)) written += 1;
  }
  return written;
}

async function noticesOf(deps: Pick<AppServices, 'db'>, orderIds: string[]) {
  const sent = new Map<string, number[]>();
  if (orderIds.length === 0) return sent;
  const rows = await deps.db
    .select({ orderId: counterUncollectedNotices.orderId, stage: counterUncollectedNotices.stage })
    .from(counterUncollectedNotices)
    .where(inArray(counterUncollectedNotices.orderId, orderIds));
  for (const row of rows) sent.set(row.orderId, [...(sent.get(row.orderId) ?? []), row.stage]);
  return sent;
}

async function remindOne(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links'>,
  orderId: string,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    const [row] = await tx
      .select({ ticket: counterTickets, branch: branches })
      .from(counterTickets)
      .innerJoin(branches, eq(branches.id, counterTickets.branchId))
      .where(eq(counterTickets.orderId, order.id));
    // Handed over, or decided, while this run waited for the lock: nothing to say.
    if (!row?.ticket.readyAt || order.status !== 'ready' || row.ticket.uncollectedDecision) {
      return false;
    }
    const sent = await tx
      .select({ stage: counterUncollectedNotices.stage })
      .from(counterUncollectedNotices)
      .where(eq(counterUncollectedNotices.orderId, order.id));
    const stage = dueStage(
      row.ticket.readyAt,
      now,
      sent.map((s) => s.stage),
    );
    if (!stage) return false;
    const [claimed] = await tx
      .insert(counterUncollectedNotices)
      .values({ orderId: order.id, stage, sentAt: now, text: 'none', emailed: false })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return false;
    const text = await notifyCustomer(
      tx,
      { order, now, event: 'counter-uncollected', branchName: row.branch.name, days: stage },
      deps,
    );
    const address = [row.branch.addressLine1, row.branch.postcode].filter(Boolean).join(', ');
    const email = counterUncollectedEmail(
      deps.config.brand,
      deps,
      order,
      { name: row.branch.name, address },
      stage,
    );
    const emailed = text.email && email.to.trim() !== '';
    if (emailed) await deps.mail.enqueue(email, tx);
    await tx
      .update(counterUncollectedNotices)
      .set({ text: text.text, emailed })
      .where(
        and(
          eq(counterUncollectedNotices.orderId, order.id),
          eq(counterUncollectedNotices.stage, stage),
        ),
      );
    return true;
  });
}
