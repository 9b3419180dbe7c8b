import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../services';
import { customerData } from '../../use-cases/customer-data/customer-data';
import { route } from '../contract-routes';
import { customerGuard } from '../identity';

/** "Download my data" (issue 18, decision 038): the logged-in customer's own, as a file. */
export function accountDataRoutes(app: FastifyInstance, services: AppServices) {
  route(
    app,
    api.accountData.downloadMyData,
    { preHandler: customerGuard(services) },
    async (_, request, reply) => {
      const data = await customerData(services, { customerId: request.customer!.id });
      const day = data.exported_at.slice(0, 10);
      reply.header('Content-Disposition', `attachment; filename="my-data-${day}.json"`);
      reply.header('Cache-Control', 'private, no-store');
      return data;
    },
  );
}
