import { and, eq, sql } from 'drizzle-orm';
import { garments, orderGarments, photos } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import { findOrder } from '../orders/find-order';
import { rewriteItemsFromGarments } from './garment-lines';
import { assertIntakeOpen } from './garment-rules';
import { forgetStoredPhotos } from '../photos/remove-photo';

/**
 * Removes a garment recorded on an order by mistake (its photos go with it: their rows by the
 * foreign key, their images from storage once that is committed). A garment seen on no other
 * order is forgotten too. The order's items follow.
 */
export async function removeGarment(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'storage' | 'logger' | 'now'>,
  input: { actor: Actor; orderId: string; orderGarmentId: number },
) {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderId, true);
    const images = await tx
      .select({ key: photos.storageKey })
      .from(photos)
      .where(eq(photos.orderGarmentId, input.orderGarmentId));
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
    return { tagNumber: removed.tagNumber, totals, storageKeys: images.map((i) => i.key) };
  });
  await forgetStoredPhotos(deps, result.storageKeys);
  return { tagNumber: result.tagNumber, totals: result.totals };
}
