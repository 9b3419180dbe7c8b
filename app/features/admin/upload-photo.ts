import { routes } from '@shared/api/routes';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, type PhotoKind } from '@shared/photos';
import { call, GENERIC_ERROR, type Failure } from '~/utils/api-client';

/** A refused upload: the server's message for people (too large, not a photo …) and its code. */
export class PhotoUploadError extends Error {
  constructor(
    message: string,
    readonly code: Failure['error']['code'],
  ) {
    super(message);
    this.name = 'PhotoUploadError';
  }
}

/**
 * Uploads a photo of an order from a back-office page (a file input, the phone's camera): the
 * file is sent as it is, as the body with its own type, and the server turns it upright,
 * resizes it and strips its metadata (decision 025). Resolves to the photo's id and its
 * signed URL (good for a few hours); rejects with a `PhotoUploadError` carrying the message to
 * show.
 */
export async function uploadPhoto(
  orderId: string,
  kind: PhotoKind,
  file: Blob,
  orderGarmentId?: number,
): Promise<{ id: string; url: string }> {
  // Said at once, rather than after sending 10 MB over a weak signal to be refused (413).
  if (file.size > PHOTO_MAX_BYTES) throw new PhotoUploadError(PHOTO_TOO_LARGE, 'photo-too-large');
  const reply = await call(
    routes.photos.upload,
    {
      params: { id: orderId },
      query: {
        kind,
        ...(orderGarmentId === undefined ? {} : { order_garment_id: orderGarmentId }),
      },
    },
    { raw: { data: file, contentType: file.type || 'application/octet-stream' } },
  );
  if (reply.ok) return reply.data.photo;
  throw new PhotoUploadError(reply.error.message || GENERIC_ERROR, reply.error.code);
}
