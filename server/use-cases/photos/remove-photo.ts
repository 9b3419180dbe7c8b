import { eq } from 'drizzle-orm';
import { orderGarments, orders, photos } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import { canTakeIntake } from '@shared/order-pipeline';

export const removePhotoMessages = {
  notFound: 'We could not find that photo.',
  driverRecord:
    'This photo is the driver’s record of the collection or delivery: it is kept with the order.',
  closed: (status: string) =>
    `The order is ${status}: its garment photos are kept as they were when it left the shop.`,
} as const;

/**
 * Deletes images whose `photos` rows are gone (committed): after an account is erased, a
 * garment removed or a photo taken by mistake. One that fails stays as an unreachable object
 * (no row, so no URL can be made for it) and is logged.
 */
export async function forgetStoredPhotos(
  deps: Pick<AppServices, 'storage' | 'logger'>,
  storageKeys: readonly string[],
): Promise<void> {
  for (const key of storageKeys) {
    await deps.storage.delete(key).catch((error: unknown) => {
      deps.logger.warn('photo could not be deleted from storage', {
        key,
        error: error instanceof Error ? error.name : 'unknown',
      });
    });
  }
}

/**
 * Staff remove a garment or damage photo taken by mistake (the wrong garment, another
 * customer's coat): while the order is in the shop (collected or cleaning), audited with the
 * garment's tag. The driver's collection and delivery photos are the order's chain of
 * custody and are never removed (409).
 */
export async function removePhoto(
  deps: Pick<AppServices, 'db' | 'storage' | 'logger' | 'now'>,
  input: { actor: Actor; photoId: string },
): Promise<{ orderId: string }> {
  const now = deps.now();
  const removed = await deps.db.transaction(async (tx) => {
    const [photo] = await tx
      .select({ photo: photos, tag: orderGarments.tagNumber })
      .from(photos)
      .leftJoin(orderGarments, eq(orderGarments.id, photos.orderGarmentId))
      .where(eq(photos.id, input.photoId))
      .limit(1);
    if (!photo) throw new NotFoundError(removePhotoMessages.notFound);
    if (photo.photo.kind === 'collection' || photo.photo.kind === 'delivery') {
      throw new ConflictError(removePhotoMessages.driverRecord);
    }
    // Locked, like every change of an order's intake (photos sit below orders: no findOrder).
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, photo.photo.orderId))
      .for('update');
    if (!order) throw new NotFoundError(removePhotoMessages.notFound);
    if (!canTakeIntake(order.status))
      throw new ConflictError(removePhotoMessages.closed(order.status));
    await tx.delete(photos).where(eq(photos.id, photo.photo.id));
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'photo.remove',
      entity: 'order',
      entityId: order.id,
      before: { photoId: photo.photo.id, kind: photo.photo.kind, tag: photo.tag },
      after: null,
    });
    return photo.photo;
  });
  await forgetStoredPhotos(deps, [removed.storageKey]);
  return { orderId: removed.orderId };
}
