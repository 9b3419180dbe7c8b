import { z } from 'zod';
import { photoKinds } from '../photos';
import { text } from '../text';
import { endpoint, failures, ok } from './contract';

/*
 * Photos of an order (issue 16, decision 025): taken by staff and drivers, kept resized and
 * without metadata, shown through signed URLs that expire (`/photos/{id}?expires=…&sig=…`).
 */

export const photosApi = {
  upload: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/photos',
    operationId: 'uploadOrderPhoto',
    tag: 'Back office',
    summary: 'Keeps a photo of an order (the raw image as the body: JPEG, PNG or WebP, 10 MB)',
    description:
      'Roles owner, staff and driver. The photo is turned upright, resized to fit 1600 px and stripped of every piece of metadata (EXIF, GPS position, XMP, ICC) before it is kept. The reply’s `url` is signed and expires after a few hours.',
    auth: ['staff'],
    bodyKind: 'raw',
    params: z.object({ id: z.uuid({ error: 'We could not find that order.' }) }),
    query: z.object({
      kind: z.enum(photoKinds, {
        error: `The kind of photo must be one of ${photoKinds.join(', ')}.`,
      }),
      order_garment_id: z.coerce
        .number({ error: 'The garment must be a number.' })
        .int({ error: 'The garment must be a number.' })
        .positive({ error: 'The garment must be a number.' })
        .optional()
        .meta({ description: 'The order’s garment the photo shows (garment and damage photos)' }),
    }),
    replies: {
      201: z.object({
        status: ok,
        photo: z.object({
          id: z.uuid(),
          url: text().meta({
            examples: ['/photos/5b0c…?expires=1795000000&sig=…'],
            description: 'Signed and expiring: relative to the site',
          }),
        }),
      }),
      ...failures(401, 403, 404, 413, 422),
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/photos/:id',
    operationId: 'removeOrderPhoto',
    tag: 'Back office',
    summary: 'Removes a garment or damage photo taken by mistake (audited)',
    description:
      'Roles owner and staff, while the order is in the shop (collected or cleaning). The driver’s collection and delivery photos are the order’s record and are never removed (409). The image is deleted from storage too.',
    auth: ['staff'],
    params: z.object({ id: z.uuid({ error: 'We could not find that photo.' }) }),
    replies: {
      200: z.object({ status: ok, message: text() }),
      ...failures(401, 403, 404, 409),
    },
  }),
};
