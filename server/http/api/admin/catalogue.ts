import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { CatalogueEntity } from '@shared/catalogue-admin';
import type { AppServices } from '../../../services';
import {
  deleteCatalogueRecord,
  listCatalogue,
  saveCatalogueRecord,
} from '../../../use-cases/admin/catalogue';
import { storeImage } from '../../../use-cases/admin/uploads';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/** The catalogue's records: live on the website as soon as they are saved. */
export function adminCatalogueRoutes(app: FastifyInstance, services: AppServices) {
  const staffOnly = { preHandler: staffGuard(services) };
  const e = api.admin;

  route(app, e.listCatalogue, staffOnly, async ({ params }) => ({
    status: true,
    ...(await listCatalogue(services, { entity: params.entity as CatalogueEntity })),
  }));
  route(app, e.createCatalogueRecord, staffOnly, async ({ params, body }, request) => {
    const record = await saveCatalogueRecord(services, {
      actor: staffOf(request),
      entity: params.entity as CatalogueEntity,
      id: null,
      values: body,
    });
    return { status: true, message: 'Saved. It is on the website now.', record };
  });
  route(app, e.updateCatalogueRecord, staffOnly, async ({ params, body }, request) => {
    const record = await saveCatalogueRecord(services, {
      actor: staffOf(request),
      entity: params.entity as CatalogueEntity,
      id: params.id,
      values: body,
    });
    return { status: true, message: 'Saved. It is on the website now.', record };
  });
  route(app, e.deleteCatalogueRecord, staffOnly, async ({ params }, request) => {
    await deleteCatalogueRecord(services, {
      actor: staffOf(request),
      entity: params.entity as CatalogueEntity,
      id: params.id,
    });
    return { status: true, message: 'Deleted.' };
  });
}

/**
 * Uploads: the raw bytes, checked by their content (not by name or claimed type), kept in
 * PostgreSQL. Registered where request bodies are kept as bytes.
 */
export function uploadRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.admin.upload, { preHandler: staffGuard(services) }, async ({ body }) => ({
    status: true,
    path: await storeImage(services, { bytes: Buffer.isBuffer(body) ? body : Buffer.alloc(0) }),
  }));
}
