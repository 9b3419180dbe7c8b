import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../services';
import { editGarment } from '../../use-cases/intake/edit-garment';
import { findTag } from '../../use-cases/intake/find-tag';
import { listGarments } from '../../use-cases/intake/list-garments';
import {
  garmentView,
  garmentsSavedView,
  intakeView,
  tagFoundView,
} from '../../use-cases/intake/present-intake';
import { recordGarment } from '../../use-cases/intake/record-garment';
import { removeGarment } from '../../use-cases/intake/remove-garment';
import { removePhoto } from '../../use-cases/photos/remove-photo';
import { route } from '../contract-routes';
import { staffGuard, staffOf } from '../identity';

/** /api/admin/orders/:id/garments and /api/admin/tags: intake at the shop (decision 027). */
export function intakeRoutes(app: FastifyInstance, services: AppServices) {
  const staffOnly = { preHandler: staffGuard(services) };
  const e = api.intake;
  const brand = services.config.brand;
  const invalidMessage = 'Please check the garment.';

  route(app, e.garments, staffOnly, async ({ params }) => {
    const intake = await listGarments(services, { orderId: params.id });
    return { status: true, ...intakeView(brand, intake) };
  });

  route(
    app,
    e.recordGarment,
    { ...staffOnly, invalidMessage },
    async ({ params, body }, request) => {
      const saved = await recordGarment(services, {
        actor: staffOf(request),
        orderId: params.id,
        tagNumber: body.tag_number,
        garmentId: body.garment_id,
        serviceId: body.service_id,
        unitPricePence: body.unit_price,
        colour: body.colour,
        brand: body.brand,
        treatment: body.treatment,
        damageNote: body.damage_note,
        pocketNote: body.pocket_note,
      });
      const done = saved.linked
        ? `Garment ${saved.garment.tagNumber} recorded, linked to its earlier visits.`
        : `Garment ${saved.garment.tagNumber} recorded.`;
      return {
        status: true,
        ...garmentsSavedView(brand, done, saved.totals),
        linked: saved.linked,
        garment: garmentView(saved.garment, { earlierVisits: saved.earlierVisits, photos: [] }),
      };
    },
  );

  route(app, e.editGarment, { ...staffOnly, invalidMessage }, async ({ params, body }, request) => {
    const saved = await editGarment(services, {
      actor: staffOf(request),
      orderId: params.id,
      orderGarmentId: params.garmentId,
      tagNumber: body.tag_number,
      serviceId: body.service_id,
      unitPricePence: body.unit_price,
      colour: body.colour,
      brand: body.brand,
      treatment: body.treatment,
      damageNote: body.damage_note,
      pocketNote: body.pocket_note,
    });
    return {
      status: true,
      ...garmentsSavedView(brand, `Garment ${saved.garment.tagNumber} saved.`, saved.totals),
      garment: garmentView(saved.garment, { earlierVisits: saved.earlierVisits, photos: [] }),
    };
  });

  route(app, api.photos.remove, staffOnly, async ({ params }, request) => {
    await removePhoto(services, { actor: staffOf(request), photoId: params.id });
    return { status: true, message: 'Photo removed.' };
  });
  route(app, e.removeGarment, staffOnly, async ({ params }, request) => {
    const removed = await removeGarment(services, {
      actor: staffOf(request),
      orderId: params.id,
      orderGarmentId: params.garmentId,
    });
    return {
      status: true,
      ...garmentsSavedView(brand, `Garment ${removed.tagNumber} removed.`, removed.totals),
    };
  });

  route(app, e.findTag, staffOnly, async ({ params }, request) => {
    const found = await findTag(services, { actor: staffOf(request), tag: params.tag });
    return { status: true, ...tagFoundView(brand, found) };
  });
}
