import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, photoKinds, type PhotoKind } from '@shared/photos';
import { preparePhoto, UnreadableImageError } from '../../adapters/images/prepare-photo';
import { orderGarments, orders, photos } from '../../db/schema';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';

export const NOT_A_PHOTO =
  'This file is not a photo we can read: please take or choose a JPEG, PNG or WebP image.';

/**
 * Keeps a photo of an order (decision 025): the bytes must be an image; it is turned upright,
 * resized for the web and stripped of every piece of metadata (the GPS position above all)
 * before anything is stored, through `services.storage`; then its `photos` row is written.
 * A garment photo names the order's garment it shows, which must be one of this order's.
 */
export async function storePhoto(
  deps: Pick<AppServices, 'db' | 'storage' | 'now'>,
  input: {
    orderId: string;
    kind: PhotoKind;
    bytes: Buffer;
    staffId: string | null;
    orderGarmentId?: number | null;
  },
): Promise<{ id: string }> {
  const { orderId, kind, bytes, staffId } = input;
  const orderGarmentId = input.orderGarmentId ?? null;
  if (!photoKinds.includes(kind)) {
    throw new ValidationError('Choose what the photo shows.', {
      kind: [`The kind of photo must be one of ${photoKinds.join(', ')}.`],
    });
  }
  if (bytes.length === 0) throw new BadRequestError('Choose a photo to upload.', 'file-missing');
  if (bytes.length > PHOTO_MAX_BYTES) {
    throw new ValidationError(PHOTO_TOO_LARGE, { photo: [PHOTO_TOO_LARGE] }, 'photo-too-large');
  }
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw new NotFoundError('We could not find that order.');
  if (orderGarmentId !== null) {
    const [garment] = await deps.db
      .select({ id: orderGarments.id })
      .from(orderGarments)
      .where(and(eq(orderGarments.id, orderGarmentId), eq(orderGarments.orderId, orderId)))
      .limit(1);
    if (!garment) {
      const message = 'That garment is not one of this order’s.';
      throw new ValidationError(message, { order_garment_id: [message] });
    }
  }

  let photo;
  try {
    photo = await preparePhoto(bytes);
  } catch (error) {
    if (error instanceof UnreadableImageError) {
      throw new ValidationError(NOT_A_PHOTO, { photo: [NOT_A_PHOTO] }, 'not-an-image');
    }
    throw error;
  }

  const id = randomUUID();
  const storageKey = `photos/${orderId}/${id}.jpg`;
  await deps.storage.put(storageKey, photo.bytes, photo.contentType);
  try {
    await deps.db.insert(photos).values({
      id,
      orderId,
      kind,
      orderGarmentId,
      storageKey,
      contentType: photo.contentType,
      width: photo.width,
      height: photo.height,
      sizeBytes: photo.bytes.length,
      uploadedBy: staffId,
      createdAt: deps.now(),
    });
  } catch (error) {
    // Nothing half-written: the bytes go when their row could not be written (the order or
    // garment deleted meanwhile).
    await deps.storage.delete(storageKey).catch(() => {});
    throw error;
  }
  return { id };
}
