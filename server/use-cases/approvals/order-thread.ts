import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderMessages, orders } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { recordAudit, type Actor } from '../audit/record-audit';
import { staffAnswerEmail } from '../mail/approval-emails';
import type { AppServices } from '../../services';
import { openApprovalOf } from './price-approval';

/** The messages of an order, oldest first. */
export async function orderThread(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(orderMessages)
    .where(eq(orderMessages.orderId, orderId))
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
}

/** Of these orders, those whose latest message is the customer's (a question to answer). */
export async function unansweredOrders(db: DbOrTx, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinctOn([orderMessages.orderId], {
      orderId: orderMessages.orderId,
      author: orderMessages.author,
    })
    .from(orderMessages)
    .where(inArray(orderMessages.orderId, orderIds))
    .orderBy(
      orderMessages.orderId,
      sql`${orderMessages.createdAt} desc`,
      sql`${orderMessages.id} desc`,
    );
  return new Set(rows.filter((r) => r.author === 'customer').map((r) => r.orderId));
}

/**
 * Staff answer on an order's thread: stored (author staff) and e-mailed to the customer, with
 * the approval link while a request is open and its link still works.
 */
export async function answerCustomer(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: { actor: Actor; orderId: string; body: string },
) {
  const { actor, orderId, body } = input;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order) throw new NotFoundError('We could not find that order.');
    const [message] = await tx
      .insert(orderMessages)
      .values({ orderId, author: 'staff', staffId: actor.id, body, createdAt: now })
      .returning();
    const open = await openApprovalOf(tx, orderId);
    const approval = open && open.expiresAt.getTime() > now.getTime() ? open : null;
    await deps.mail.enqueue(
      staffAnswerEmail(deps.config.brand, deps, { order, body, approval }),
      tx,
    );
    await recordAudit(tx, {
      actor,
      now,
      action: 'order.message',
      entity: 'order',
      entityId: orderId,
      after: { messageId: message!.id, emailed: order.customerEmail !== '' },
    });
    return { customerEmail: order.customerEmail };
  });
}
