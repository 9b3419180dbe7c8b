/*
 * What the back office pages may ask of the server: staff, the admin use-cases, audit and the mailbox.
 * Pages reach the server only through facades like this one (eslint.config.js: only
 * *.server.ts modules of app/ import server/), so what a page may call is listed here.
 */
export { getCurrentStaff, staffCookie, type StaffRole } from '@server/auth/staff';
export { staffLogIn } from '@server/use-cases/admin/staff-log-in';
export { listCatalogue } from '@server/use-cases/admin/catalogue';
export { customerDetail, searchCustomers } from '@server/use-cases/admin/customers';
export {
  customerList,
  customerRepeatPlans,
  pauseRepeatPlanForCustomer,
  type StaffPlanView,
} from '@server/use-cases/admin/repeat-customers';
export { readShopSettings } from '@server/use-cases/admin/shop-settings';
export { slotOverview } from '@server/use-cases/admin/slots';
export { listStaff } from '@server/use-cases/admin/staff';
export { listAudit } from '@server/use-cases/audit/list-audit';
export { listOutbox } from '@server/use-cases/list-outbox';
export { listTexts } from '@server/use-cases/list-texts';
export {
  createPromoCode,
  listPromoCodes,
  setPromoCodeActive,
} from '@server/use-cases/admin/promo-codes';
export { grantGoodwillCredit } from '@server/use-cases/credit/account-credit';
