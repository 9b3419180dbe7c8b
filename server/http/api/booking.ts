import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../services';
import { checkCoverage, joinAreaWaitlist } from '../../use-cases/booking/coverage';
import { listDeliverySlots, listPickupSlots } from '../../use-cases/slots/list-slots';
import { route } from '../contract-routes';
import { clientIp } from '../identity';

/** /api routes of booking: slots, address lookup and coverage (spec section 7). */
export function bookingRoutes(app: FastifyInstance, services: AppServices) {
  const e = api.booking;

  route(app, e.pickupSlots, {}, ({ query }) =>
    listPickupSlots(services, { includeFull: query.include_full === 'true' }),
  );
  route(app, e.deliverySlots, {}, ({ params, query }) =>
    listDeliverySlots(services, {
      slot: params.slot,
      includeFull: query.include_full === 'true',
    }),
  );

  // Address search starts at 2 characters and is limited to GB; lookup errors give an empty
  // list (spec section 8), which the providers guarantee.
  route(app, e.findAddress, {}, async ({ query }) => {
    const provider = services.address.kind;
    if (query.text.length < 2 && !query.container) return { Items: [], provider };
    return { Items: await services.address.find(query.text, query.container), provider };
  });
  route(app, e.retrieveAddress, {}, async ({ params }) => {
    const address = await services.address.retrieve(params.id);
    return { Items: address ? [address] : [] };
  });

  route(app, e.coverage, {}, ({ query }) => checkCoverage(services, { postcode: query.postcode }));
  route(app, e.joinWaitlist, {}, async ({ body }, request) => {
    await joinAreaWaitlist(services, { ...body, ip: clientIp(request) });
    return {
      status: true,
      message: `Thank you. We will e-mail ${body.email} when we collect from ${body.postcode.toUpperCase()}.`,
    };
  });
}
