import { z } from 'zod';
import { isoDate, recordId, text } from '../../text';
import { endpoint, failures, ok } from '../contract';
import { staffOnly } from './common';

/*
 * The owner's reports (issue 32, decision 054), owner only (staff and drivers 403): takings
 * per branch per day or week, counter tickets and the average ticket, items by category, the
 * value waiting uncollected, counter against collection orders. Each as rows of named columns
 * (money as '12.50'), and as CSV at /admin/reports/<name>.csv with the same query.
 */

export const reportNames = [
  'takings',
  'tickets',
  'items',
  'uncollected',
  'channels',
  'claims',
] as const;
export type ReportName = (typeof reportNames)[number];
/** The reports grouped by day or week; the others cover the period as a whole. */
export const groupedReports: readonly ReportName[] = ['takings', 'tickets'];

export const reportQuery = z.object({
  from: isoDate('The start must be a real day like 2026-11-02.').optional(),
  to: isoDate('The end must be a real day like 2026-11-29.').optional(),
  branch: recordId('Choose a branch from the list.').optional(),
  group: z.enum(['day', 'week'], { error: 'Group by day or by week.' }).default('day'),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const ownerReport = z
  .object({
    name: z.enum(reportNames),
    title: text(),
    from: text().meta({ description: 'London date, YYYY-MM-DD, included' }),
    to: text().meta({ description: 'London date, YYYY-MM-DD, included' }),
    branch_id: z.number().int().nullable(),
    group: z.enum(['day', 'week']).nullable(),
    columns: z.array(z.object({ key: text(), label: text(), money: z.boolean() })),
    rows: z
      .array(z.record(text(), z.union([text(), z.number()])))
      .meta({ description: 'One object per row, keyed by the columns; money as 12.50' }),
    totals: z.record(text(), z.union([text(), z.number()])).nullable(),
  })
  .meta({ id: 'OwnerReport' });

const summaries: Record<ReportName, string> = {
  takings:
    'Takings per branch per London day or week: counter cash and card from the till, collection orders from their invoices less credit notes, and VAT from the invoices (owner only)',
  tickets:
    'Counter tickets raised per branch per day or week, their value and the average ticket (owner only)',
  items: 'Items of the period’s orders by price-list category, at their line prices (owner only)',
  uncollected:
    'Counter tickets ready and not handed over now, per branch: how many, the amount due, their value, by days since ready (owner only)',
  channels:
    'Counter tickets against collection orders per branch: orders placed and invoiced value (owner only)',
  claims:
    'The register of claims made in the period (issue 34): garments claimed by category, finding of fault and branch, money paid, cleaning charges given back, re-cleans (owner only)',
};

const reportEndpoint = <N extends ReportName>(name: N) =>
  endpoint({
    method: 'GET',
    path: `/api/admin/reports/${name}`,
    operationId: `report${name[0]!.toUpperCase()}${name.slice(1)}`,
    tag: 'Back office',
    summary: summaries[name],
    auth: staffOnly,
    query: reportQuery,
    replies: {
      200: z.object({ status: ok, report: ownerReport }),
      ...failures(400, 401, 403, 422),
    },
  });

export const adminReportsApi = {
  reportTakings: reportEndpoint('takings'),
  reportTickets: reportEndpoint('tickets'),
  reportItems: reportEndpoint('items'),
  reportUncollected: reportEndpoint('uncollected'),
  reportChannels: reportEndpoint('channels'),
  reportClaims: reportEndpoint('claims'),
};

/** A page's query string as the report's query: fields left empty (every branch) are absent. */
export function reportQueryOf(params: URLSearchParams) {
  return reportQuery.safeParse(
    Object.fromEntries([...params.entries()].filter(([, value]) => value !== '')),
  );
}
