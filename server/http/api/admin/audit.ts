import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../../services';
import { listAudit } from '../../../use-cases/audit/list-audit';
import { route } from '../../contract-routes';
import { staffGuard } from '../../identity';

/** The audit log: who changed what, newest first (owner only). */
export function adminAuditRoutes(app: FastifyInstance, services: AppServices) {
  const ownerOnly = { preHandler: staffGuard(services, ['owner']) };

  route(app, api.admin.audit, ownerOnly, async ({ query }) => ({
    status: true,
    entries: await listAudit(services, {
      entity: query.entity,
      entityId: query.entity_id,
      beforeId: query.before,
    }),
  }));
}
