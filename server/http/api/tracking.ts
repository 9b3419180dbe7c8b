import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../services';
import { orderTracking } from '../../use-cases/tracking/order-tracking';
import { route } from '../contract-routes';

/** /api/track/:token: the customer's tracking timeline, no login (issue 16, decision 029). */
export function trackingRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.tracking.track, {}, async ({ params }) => ({
    status: true,
    tracking: await orderTracking(services, { token: params.token }),
  }));
}
