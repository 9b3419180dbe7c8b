/*
 * What the owner's reports and the uncollected screen may ask of the server (issue 32,
 * decision 054). Decisions are written through the API (shared/api/admin/uncollected.ts).
 */
export { ownerReportCsv } from '@server/use-cases/reports/present-reports';
export { ownerReportsPage, uncollectedPage } from '@server/use-cases/reports/report-pages';
export { branchScope } from '@server/auth/branch-scope';
