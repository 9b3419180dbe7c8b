/*
 * What the approval page may ask of the server: a customer's answer to a total above their
 * cap (issue 15), and its presenter.
 * Pages reach the server only through facades like this one (eslint.config.js: only
 * *.server.ts modules of app/ import server/), so what a page may call is listed here.
 */
export {
  approvalDetail,
  approvePrice,
  askAboutPrice,
} from '@server/use-cases/approvals/price-approval';
export { approvalText, priceApprovalView } from '@server/use-cases/approvals/present-approval';
