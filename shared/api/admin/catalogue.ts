import { z } from 'zod';
import { isCatalogueEntity } from '../../catalogue-admin';
import { recordId, text } from '../../text';
import { endpoint, failures, ok } from '../contract';
import { message, staffOnly } from './common';

/*
 * The catalogue's records (decision 007: described once in shared/catalogue-admin.ts) and images.
 */

const catalogueEntity = z.object({
  entity: text().refine(isCatalogueEntity, 'There is no such part of the catalogue.').meta({
    description:
      'categories, services, service-pages, area-groups, areas, branches, faqs or blog-posts',
  }),
});
/** A catalogue record as the back office form shows it: its fields differ by entity. */
const catalogueRecord = z.record(text(), z.unknown()).meta({ id: 'CatalogueRecord' });

export const adminCatalogueApi = {
  listCatalogue: endpoint({
    method: 'GET',
    path: '/api/admin/catalogue/:entity',
    operationId: 'listCatalogue',
    tag: 'Back office',
    summary: 'All records of one part of the catalogue, with the choices of reference fields',
    auth: staffOnly,
    params: catalogueEntity,
    replies: {
      200: z.object({
        status: ok,
        entity: text(),
        rows: z.array(catalogueRecord),
        refs: z.record(text(), z.array(z.object({ id: z.number().int(), label: text() }))),
      }),
      ...failures(400, 401, 403, 404),
    },
  }),
  createCatalogueRecord: endpoint({
    method: 'POST',
    path: '/api/admin/catalogue/:entity',
    operationId: 'createCatalogueRecord',
    tag: 'Back office',
    summary: 'Adds a record: live on the website at once',
    description: 'The fields of each entity are those of shared/catalogue-admin.ts.',
    auth: staffOnly,
    params: catalogueEntity,
    body: catalogueRecord,
    replies: {
      201: message.extend({ record: catalogueRecord }),
      ...failures(400, 401, 403, 404, 409, 422),
    },
  }),
  updateCatalogueRecord: endpoint({
    method: 'PUT',
    path: '/api/admin/catalogue/:entity/:id',
    operationId: 'updateCatalogueRecord',
    tag: 'Back office',
    summary: 'Changes a record: live on the website at once',
    auth: staffOnly,
    params: catalogueEntity.extend({ id: recordId() }),
    body: catalogueRecord,
    replies: {
      200: message.extend({ record: catalogueRecord }),
      ...failures(400, 401, 403, 404, 409, 422),
    },
  }),
  deleteCatalogueRecord: endpoint({
    method: 'DELETE',
    path: '/api/admin/catalogue/:entity/:id',
    operationId: 'deleteCatalogueRecord',
    tag: 'Back office',
    summary: 'Removes a record that nothing else uses',
    auth: staffOnly,
    params: catalogueEntity.extend({ id: recordId() }),
    replies: { 200: message, ...failures(400, 401, 403, 404, 409) },
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/admin/uploads',
    operationId: 'uploadImage',
    tag: 'Back office',
    summary: 'Stores an image (JPEG, PNG, GIF, WebP or SVG; 2 MB at most), checked by its bytes',
    auth: staffOnly,
    bodyKind: 'raw',
    replies: {
      201: z.object({ status: ok, path: text().meta({ examples: ['/uploads/3f2a….jpg'] }) }),
      ...failures(401, 403, 413, 422),
    },
  }),
};
