import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../../services';
import { adminAuditRoutes } from './audit';
import { adminBranchRoutes } from './branches';
import { adminCatalogueRoutes } from './catalogue';
import { adminCounterRoutes } from './counter';
import { adminCounterPaymentRoutes } from './counter-payments';
import { adminTillRoutes } from './till';
import { adminReportRoutes } from './reports';
import { adminCustomerRoutes } from './customers';
import { adminMarketingRoutes } from './marketing';
import { adminOrderRoutes } from './orders';
import { adminSessionRoutes } from './session';
import { adminSettingsRoutes } from './settings';
import { adminSlotRoutes } from './slots';
import { adminStaffRoutes } from './staff';

export { uploadRoutes } from './catalogue';

/**
 * /api/admin: the shop's back office (decision 007), one routes file per endpoint area as the
 * contract has them (shared/api/admin/). Every route checks the role on the server.
 */
export function adminRoutes(app: FastifyInstance, services: AppServices) {
  adminSessionRoutes(app, services);
  adminOrderRoutes(app, services);
  adminSlotRoutes(app, services);
  adminCatalogueRoutes(app, services);
  adminCustomerRoutes(app, services);
  adminAuditRoutes(app, services);
  adminStaffRoutes(app, services);
  adminMarketingRoutes(app, services);
  adminSettingsRoutes(app, services);
  adminBranchRoutes(app, services);
  adminCounterRoutes(app, services);
  adminCounterPaymentRoutes(app, services);
  adminTillRoutes(app, services);
  adminReportRoutes(app, services);
}
