import { Form, Link } from 'react-router';
import { reportQueryOf } from '@shared/api/admin/reports';
import { requireStaffPage } from '~/features/admin/guard.server';
import { gbp } from '~/features/admin/counter/z-report';
import { branchScope, ownerReportsPage } from '~/server/reports.server';
import { AppError, httpStatusOf } from '~/server/errors.server';
import type { Route } from './+types/reports';

/*
 * The owner's reports (issue 32, decision 054): one section per report for the period and
 * branch chosen above (London dates; by default the last 28 days), each with its "Download
 * CSV" link (the same rows: /admin/reports/<name>.csv with the same query) and its JSON twin
 * under /api/admin/reports/. Owner only: staff 403, a driver sent to their round.
 */

export function meta() {
  return [{ title: 'Reports · Back office' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context.services, { request, url }, ['owner']);
  const asked = reportQueryOf(url.searchParams);
  const query = asked.success ? asked.data : { group: 'day' as const };
  const { choices } = await branchScope(context.services.db, staff);
  try {
    const reports = await ownerReportsPage(context.services, { staff, query });
    return {
      reports,
      branches: choices,
      group: query.group,
      problem: asked.success ? '' : asked.error.issues[0]!.message,
    };
  } catch (error) {
    if (!(error instanceof AppError) || httpStatusOf(error) !== 422) throw error;
    // A period the other way round: the default period, and why.
    const reports = await ownerReportsPage(context.services, {
      staff,
      query: { group: query.group },
    });
    return { reports, branches: choices, group: query.group, problem: error.message };
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

type Report = Awaited<ReturnType<typeof loader>>['reports'][number];

function csvLink(report: Report) {
  const params = new URLSearchParams({ from: report.from, to: report.to });
  if (report.branch_id) params.set('branch', String(report.branch_id));
  if (report.group) params.set('group', report.group);
  return `/admin/reports/${report.name}.csv?${params}`;
}

function ReportSection({ report }: { report: Report }) {
  const show = (column: Report['columns'][number], value: string | number | undefined) =>
    value === undefined || value === '' ? '' : column.money ? gbp(String(value)) : String(value);
  const headingId = `report-${report.name}`;
  return (
    <section className="card space-y-3 p-4" aria-labelledby={headingId} data-testid={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          {report.title}
          {report.group === 'week' ? ' by week' : report.group === 'day' ? ' by day' : ''}
        </h2>
        <a href={csvLink(report)} className="btn-secondary px-3 py-1.5 text-sm" download>
          Download CSV
        </a>
      </div>
      {report.name === 'uncollected' ? (
        <p className="text-sm text-slate-600">
          As it stands now; donated tickets left out.{' '}
          <Link to="/admin/counter/uncollected" className="font-semibold underline">
            The tickets and their reminders
          </Link>
        </p>
      ) : null}
      {report.rows.length === 0 ? (
        <p className="text-slate-600">Nothing in this period.</p>
      ) : (
        <div
          className="overflow-x-auto"
          role="region"
          aria-label={`${report.title}, scrollable`}
          tabIndex={0}
        >
          <table className="w-full min-w-max text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                {report.columns.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className={`px-2 py-1.5 font-semibold ${c.money || typeof report.rows[0]![c.key] === 'number' ? 'text-right' : ''}`}
                  >
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row, i) => (
                <tr key={i} className="border-b border-slate-100 odd:bg-slate-50">
                  {report.columns.map((c) => (
                    <td
                      key={c.key}
                      className={`px-2 py-1 ${typeof row[c.key] === 'number' || c.money ? 'text-right tabular-nums' : ''}`}
                    >
                      {show(c, row[c.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {report.totals ? (
              <tfoot>
                <tr className="border-t-2 border-slate-300 font-bold">
                  {report.columns.map((c) => (
                    <td
                      key={c.key}
                      className={`px-2 py-1.5 ${typeof report.totals![c.key] === 'number' || c.money ? 'text-right tabular-nums' : ''}`}
                      data-testid={`${report.name}-total-${c.key}`}
                    >
                      {show(c, report.totals![c.key])}
                    </td>
                  ))}
                </tr>
              </tfoot>
            ) : null}
          </table>
        </div>
      )}
    </section>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { reports, branches, group, problem } = loaderData;
  const first = reports[0]!;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Reports</h1>
      <Form
        method="get"
        className="card flex flex-wrap items-end gap-3 p-4"
        aria-label="Period and branch"
      >
        <label className="block">
          <span className="field-label">From</span>
          <input type="date" name="from" defaultValue={first.from} className="field-input py-2" />
        </label>
        <label className="block">
          <span className="field-label">To</span>
          <input type="date" name="to" defaultValue={first.to} className="field-input py-2" />
        </label>
        <label className="block">
          <span className="field-label">Branch</span>
          <select name="branch" defaultValue={first.branch_id ?? ''} className="field-input py-2">
            <option value="">Every branch</option>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="field-label">Takings and tickets by</span>
          <select name="group" defaultValue={group} className="field-input py-2">
            <option value="day">Day</option>
            <option value="week">Week</option>
          </select>
        </label>
        <button type="submit" className="btn-primary px-4 py-2">
          Show
        </button>
      </Form>
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-900">
          {problem} Showing the last 28 days.
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        {first.from} to {first.to}, London dates. Counter takings come from the tills, collection
        orders’ from their invoices less credit notes; VAT from the invoices.
      </p>
      {reports.map((report) => (
        <ReportSection key={report.name} report={report} />
      ))}
    </div>
  );
}
