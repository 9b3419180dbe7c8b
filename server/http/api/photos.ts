import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { PHOTO_MAX_BYTES } from '@shared/photos';
import type { AppServices } from '../../services';
import { photoUrl } from '../../use-cases/photos/photo-url';
import { storePhoto } from '../../use-cases/photos/store-photo';
import { route } from '../contract-routes';
import { staffGuard, staffOf } from '../identity';

/**
 * A photo of an order, the raw image as the body (decision 025). Registered where bodies are
 * kept as bytes (server/http/app.ts), with its own limit of 10 MB: a phone camera's photo.
 */
export function photoUploadRoutes(app: FastifyInstance, services: AppServices) {
  route(
    app,
    api.photos.upload,
    {
      preHandler: staffGuard(services, ['owner', 'staff', 'driver']),
      bodyLimit: PHOTO_MAX_BYTES,
    },
    async ({ params, query, body }, request) => {
      const { id } = await storePhoto(services, {
        orderId: params.id,
        kind: query.kind,
        bytes: Buffer.isBuffer(body) ? body : Buffer.alloc(0),
        staffId: staffOf(request).id,
        orderGarmentId: query.order_garment_id ?? null,
      });
      return { status: true, photo: { id, url: await photoUrl(services, id) } };
    },
  );
}
