import { adminAuditApi } from './audit';
import { adminBranchesApi } from './branches';
import { adminCatalogueApi } from './catalogue';
import { adminCounterApi } from './counter';
import { adminCounterPaymentsApi } from './counter-payments';
import { adminCustomersApi } from './customers';
import { adminMarketingApi } from './marketing';
import { adminOrdersApi } from './orders';
import { adminSessionApi } from './session';
import { adminSettingsApi } from './settings';
import { adminSlotsApi } from './slots';
import { adminStaffApi } from './staff';
import { adminTillApi } from './till';
import { adminUncollectedApi } from './uncollected';
import { adminReportsApi } from './reports';

/*
 * The shop's back office (decision 007), one file per endpoint area. Staff sign in apart from
 * customers; every route checks the role on the server. The order of the areas is the order
 * of the OpenAPI document.
 */
export const adminApi = {
  ...adminSessionApi,
  ...adminOrdersApi,
  ...adminSlotsApi,
  ...adminCatalogueApi,
  ...adminCustomersApi,
  ...adminAuditApi,
  ...adminStaffApi,
  ...adminMarketingApi,
  ...adminSettingsApi,
  ...adminBranchesApi,
  ...adminCounterApi,
  ...adminCounterPaymentsApi,
  ...adminTillApi,
  ...adminUncollectedApi,
  ...adminReportsApi,
};
