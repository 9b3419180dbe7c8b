import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../services';
import { orderTracking } from '../../use-cases/tracking/order-tracking';
import { emailChangeLink } from '../../use-cases/tracking/change-link';
import { route } from '../contract-routes';

/** Tracking replies are for the link's holder only: never indexed, whatever they answer. */
const noindex: preHandlerHookHandler = (_request, reply, done) => {
  reply.header('X-Robots-Tag', 'noindex');
  done();
};

/** /api/track/:token: the customer's tracking timeline, no login (issue 16, decision 029). */
export function trackingRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.tracking.track, { preHandler: noindex }, async ({ params }) => ({
    status: true,
    tracking: await orderTracking(services, { token: params.token }),
  }));

  // "E-mail me the link to change it" (issue 31): to the order's address, never to the caller.
  route(
    app,
    api.tracking.changeLink,
    { preHandler: noindex, invalidMessage: 'Please choose the collection or the delivery.' },
    async ({ params, body }) => ({
      status: true,
      ...(await emailChangeLink(services, { token: params.token, leg: body.leg })),
    }),
  );
}
