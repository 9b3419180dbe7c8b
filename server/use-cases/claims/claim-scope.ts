import type { BranchScope } from '../../auth/branch-scope';
import { NotFoundError } from '../../errors';
import { inScope } from '../branches/order-branch';
import { claimMessages } from './make-claim';

/*
 * Staff see and act on the claims of the orders their branch scope shows, as on the board and
 * the order list (decisions 047, 063); another branch's claim is a 404, as another customer's.
 */

/** The branches a member of staff acts in (null branchIds: every branch, as the owner). */
export type StaffScope = Pick<BranchScope, 'branchIds'>;

/** 404 when a claim's order is outside the scope (no scope: the customer's own checks apply). */
export function assertInScope(scope: StaffScope | undefined, branchId: number | null): void {
  if (scope && !inScope(scope, branchId)) throw new NotFoundError(claimMessages.claimNotFound);
}
