import { formatPence } from '@shared/money';
import { groupedReports, type ReportName, type ReportQuery } from '@shared/api/admin/reports';
import type { AppServices } from '../../services';
import type { CurrentStaff } from '../../auth/staff';
import {
  channelsReport,
  itemsReport,
  takingsReport,
  ticketsReport,
  uncollectedReport,
} from './owner-reports';
import type { ReportFilter } from './report-period';
import { csvOf } from './csv';
import { claimsRegister, type RegisterRow } from './claims-register';

/*
 * The owner's reports presented (decision 054): each report's columns once, read by its JSON
 * reply, its section of /admin/reports and its CSV, so the three say the same. Money is pence
 * until here and '12.50' from here (no currency sign: a spreadsheet sums the column).
 */

type Cell = string | number;
type Column<R> = { key: string; label: string; money?: boolean; of: (row: R) => number | string };

const money = true;

const tables = {
  takings: {
    title: 'Takings',
    columns: [
      { key: 'period', label: 'Date', of: (r) => r.period },
      { key: 'branch', label: 'Branch', of: (r) => r.branch },
      { key: 'counter_cash', label: 'Counter cash', money, of: (r) => r.counterCashPence },
      { key: 'counter_card', label: 'Counter card', money, of: (r) => r.counterCardPence },
      { key: 'collection', label: 'Collection orders', money, of: (r) => r.collectionPence },
      { key: 'total', label: 'Total', money, of: (r) => r.totalPence },
      { key: 'vat', label: 'VAT', money, of: (r) => r.vatPence },
    ] satisfies Column<Awaited<ReturnType<typeof takingsReport>>['rows'][number]>[],
  },
  tickets: {
    title: 'Tickets and average ticket',
    columns: [
      { key: 'period', label: 'Date', of: (r) => r.period },
      { key: 'branch', label: 'Branch', of: (r) => r.branch },
      { key: 'tickets', label: 'Tickets', of: (r) => r.tickets },
      { key: 'value', label: 'Value', money, of: (r) => r.valuePence },
      { key: 'average', label: 'Average ticket', money, of: (r) => r.averagePence },
    ] satisfies Column<Awaited<ReturnType<typeof ticketsReport>>['rows'][number]>[],
  },
  items: {
    title: 'Items by category',
    columns: [
      { key: 'category', label: 'Category', of: (r) => r.category },
      { key: 'items', label: 'Items', of: (r) => r.items },
      { key: 'value', label: 'Value', money, of: (r) => r.valuePence },
    ] satisfies Column<Awaited<ReturnType<typeof itemsReport>>['rows'][number]>[],
  },
  uncollected: {
    title: 'Uncollected',
    columns: [
      { key: 'branch', label: 'Branch', of: (r) => r.branch },
      { key: 'tickets', label: 'Tickets', of: (r) => r.tickets },
      { key: 'due', label: 'Amount due', money, of: (r) => r.duePence },
      { key: 'value', label: 'Value', money, of: (r) => r.valuePence },
      { key: 'under_30', label: 'Under 30 days', of: (r) => r.under30 },
      { key: 'days_30', label: '30-59 days', of: (r) => r.from30 },
      { key: 'days_60', label: '60-89 days', of: (r) => r.from60 },
      { key: 'days_90', label: '90 days or more', of: (r) => r.from90 },
    ] satisfies Column<Awaited<ReturnType<typeof uncollectedReport>>['rows'][number]>[],
  },
  channels: {
    title: 'Counter and collection orders',
    columns: [
      { key: 'branch', label: 'Branch', of: (r) => r.branch },
      { key: 'counter_orders', label: 'Counter tickets', of: (r) => r.counterOrders },
      { key: 'counter_value', label: 'Counter invoiced', money, of: (r) => r.counterPence },
      { key: 'collection_orders', label: 'Collection orders', of: (r) => r.collectionOrders },
      {
        key: 'collection_value',
        label: 'Collection invoiced',
        money,
        of: (r) => r.collectionPence,
      },
    ] satisfies Column<Awaited<ReturnType<typeof channelsReport>>['rows'][number]>[],
  },
  claims: {
    title: 'Claims register',
    columns: [
      { key: 'category', label: 'Category', of: (r) => r.category },
      { key: 'fault', label: 'Finding', of: (r) => r.fault },
      { key: 'branch', label: 'Branch', of: (r) => r.branch },
      { key: 'garments', label: 'Garments claimed', of: (r) => r.garments },
      { key: 'paid', label: 'Paid', money, of: (r) => r.paidPence },
      {
        key: 'cleaning_waived',
        label: 'Cleaning charges waived',
        money,
        of: (r) => r.cleaningWaivedPence,
      },
      { key: 'recleans', label: 'Re-cleans', of: (r) => r.recleans },
    ] satisfies Column<RegisterRow>[],
  },
};

async function rowsOf(
  deps: Pick<AppServices, 'db' | 'now'>,
  name: ReportName,
  input: Parameters<typeof itemsReport>[1] & { group: 'day' | 'week' },
): Promise<{ filter: ReportFilter; rows: object[] }> {
  switch (name) {
    case 'takings':
      return takingsReport(deps, input);
    case 'tickets':
      return ticketsReport(deps, input);
    case 'items':
      return itemsReport(deps, input);
    case 'uncollected':
      return uncollectedReport(deps, input);
    case 'channels':
      return channelsReport(deps, input);
    case 'claims':
      return claimsRegister(deps, input);
  }
}

/** A report as the contract's OwnerReport, with its totals row (grouped reports: none). */
export async function ownerReportView(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { staff: Pick<CurrentStaff, 'role'>; name: ReportName; query: ReportQuery },
) {
  const { name, query } = input;
  const grouped = groupedReports.includes(name);
  const { filter, rows } = await rowsOf(deps, name, { staff: input.staff, ...query });
  const columns = tables[name].columns as Column<object>[];
  const cell = (column: Column<object>, value: number | string): Cell =>
    column.money ? formatPence(Number(value)) : value;
  const sums = columns.map((c, i) =>
    i === 0 ? 'Total' : typeof c.of(rows[0] ?? {}) === 'number' ? 0 : '',
  );
  const presented = rows.map((row) => {
    const out: Record<string, Cell> = {};
    columns.forEach((column, i) => {
      const value = column.of(row);
      out[column.key] = cell(column, value);
      if (typeof value === 'number' && typeof sums[i] === 'number') sums[i] += value;
    });
    return out;
  });
  // Averages and dates do not add up: the totals row leaves them blank.
  const totals =
    rows.length === 0
      ? null
      : Object.fromEntries(
          columns.map((column, i) => {
            const sum = sums[i]!;
            if (column.key === 'average') {
              const tickets = Number(sums[columns.findIndex((c) => c.key === 'tickets')]);
              const value = Number(sums[columns.findIndex((c) => c.key === 'value')]);
              return [column.key, tickets ? formatPence(Math.round(value / tickets)) : ''];
            }
            return [column.key, typeof sum === 'number' ? cell(column, sum) : sum];
          }),
        );
  return {
    name,
    title: tables[name].title,
    from: filter.from,
    to: filter.to,
    branch_id: filter.branchId,
    group: grouped ? query.group : null,
    columns: columns.map((c) => ({ key: c.key, label: c.label, money: c.money === true })),
    rows: presented,
    totals,
  };
}

/** The report as CSV bytes: its header, its rows and the totals row. */
export async function ownerReportCsv(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: Parameters<typeof ownerReportView>[1],
) {
  const report = await ownerReportView(deps, input);
  const lines = [...report.rows, ...(report.totals ? [report.totals] : [])].map((row) =>
    report.columns.map((c) => row[c.key] ?? ''),
  );
  const branch = report.branch_id ? `-branch-${report.branch_id}` : '';
  return {
    filename: `${report.name}-${report.from}-to-${report.to}${branch}.csv`,
    csv: csvOf(
      report.columns.map((c) => c.label),
      lines,
    ),
  };
}
