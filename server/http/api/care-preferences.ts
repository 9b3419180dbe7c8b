import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { careMessages } from '@shared/care-preferences';
import type { AppServices } from '../../services';
import { getCarePreferences, saveCarePreferences } from '../../use-cases/accounts/care-preferences';
import { route } from '../contract-routes';
import { customerGuard, customerOf } from '../identity';

/** /api/account/care-preferences: the customer's garment care (issue 18, decision 034). */
export function carePreferencesRoutes(app: FastifyInstance, services: AppServices) {
  const e = api.carePreferences;
  const loggedIn = { preHandler: customerGuard(services) };

  route(app, e.carePreferences, loggedIn, async (_, request) => {
    const preferences = await getCarePreferences(services, { customerId: customerOf(request).id });
    return { status: true, preferences };
  });

  route(
    app,
    e.updateCarePreferences,
    { ...loggedIn, invalidMessage: careMessages.invalid },
    async ({ body }, request) => {
      const preferences = await saveCarePreferences(services, {
        ...body,
        customerId: customerOf(request).id,
      });
      return { status: true, message: careMessages.saved, preferences };
    },
  );
}
