/*
 * What the back office's pages may ask of branches (issue 32): the caller's working branch and
 * choosing another, and the owner's settings of each branch. Writes of the settings and order
 * moves go through the API (shared/api/admin/branches.ts).
 */
export { branchScope, type BranchScope } from '@server/auth/branch-scope';
export { chooseBranch } from '@server/use-cases/branches/choose-branch';
export {
  branchStaffChoices,
  listBranchSettings,
  type BranchSettings,
} from '@server/use-cases/branches/branch-settings';
