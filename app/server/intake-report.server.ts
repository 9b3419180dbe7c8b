/*
 * What the intake report's pages may ask of the server (issue 16, decision 028): the report by
 * session or signed link, cases, the customer's garments, and the back office's side.
 * Pages reach the server only through facades like this one (decision 019).
 */
export {
  adminIntakeReport,
  customerIntakeReports,
  intakeReport,
} from '@server/use-cases/intake-report/intake-report';
export { customerGarments } from '@server/use-cases/intake-report/garment-history';
export {
  adminIntakeReportView,
  customerGarmentsView,
  intakeReportView,
  openCasesView,
  type AdminIntakeReportView,
  type CustomerGarmentsView,
  type IntakeReportView,
  type OpenCasesView,
} from '@server/use-cases/intake-report/present-intake-report';
export { openCase, openCases, openCaseTotal } from '@server/use-cases/cases/cases';
