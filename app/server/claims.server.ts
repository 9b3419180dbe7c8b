/*
 * What the claims pages may ask of the server (issue 34, decision 063): the customer's claim
 * form, claim page, accept and dispute; the back office's list and claim file (its writes go
 * through the admin API). Pages reach the server only through facades like this one
 * (decision 019).
 */
export { makeClaim } from '@server/use-cases/claims/make-claim';
export { addClaimPhoto } from '@server/use-cases/claims/claim-photos';
export { acceptOffer } from '@server/use-cases/claims/accept-offer';
export { disputeClaim } from '@server/use-cases/claims/dispute';
export { claimFile } from '@server/use-cases/claims/claim-file';
export { claimTableInForce } from '@server/use-cases/claims/claim-table';
import type { claimView as view } from '@server/use-cases/claims/present-claims';
export { claimTableView, claimView } from '@server/use-cases/claims/present-claims';
export type ClaimView = ReturnType<typeof view>;
export {
  claimableOrder,
  claimableOrderByTracking,
  staffClaimList,
} from '@server/use-cases/claims/claim-pages';
export {
  claimableOrderView,
  staffClaimListView,
  type ClaimableOrder,
  type StaffClaimList,
} from '@server/use-cases/claims/present-claim-pages';
export { claimCustomerOfClaim, claimCustomerOfOrder } from '@server/use-cases/claims/claim-access';
