import { and, eq, sql } from 'drizzle-orm';
import { garments, orderGarments } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import { findOrder } from '../orders/find-order';
import { rewriteItemsFromGarments } from './garment-lines';
import { assertIntakeOpen } from './garment-rules';

/**
 * Removes a garment recorded on an order by mistake (its photos go with it). A garment seen
 * on no other order is forgotten too. The order's items follow.
 */
export async function removeGarment(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: { actor: Actor; orderId: string; orderGarmentId: number },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderId, true);
    const [removed] = await tx
      .delete(orderGarments)
      .where(and(eq(orderGarments.id, input.orderGarmentId), eq(orderGarments.orderId, order.id)))
      .returning();
    if (!removed) throw new NotFoundError('We could not find that garment on this order.');
    assertIntakeOpen(deps, order);
    await tx
      .delete(garments)
      .where(
        and(
          eq(garments.id, removed.garmentId),
          sql`not exists (select 1 from ${orderGarments} where ${orderGarments.garmentId} = ${garments.id})`,
        ),
      );
    const totals = await rewriteItemsFromGarments(tx, { actor: input.actor, order, now }, deps);
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'garment.remove',
      entity: 'order',
      entityId: order.id,
      before: { tag: removed.tagNumber, item: removed.itemName },
      after: null,
    });
    return { tagNumber: removed.tagNumber, totals };
  });
}
