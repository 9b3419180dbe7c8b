import { data } from 'react-router';
import { reportNames, reportQueryOf, type ReportName } from '@shared/api/admin/reports';
import { requireStaffPage } from '~/features/admin/guard.server';
import { ownerReportCsv } from '~/server/reports.server';
import { AppError, httpStatusOf } from '~/server/errors.server';
import type { Route } from './+types/report-csv';

/**
 * GET /admin/reports/<name>.csv?from=&to=&branch=&group=: one of the owner's reports as CSV
 * (issue 32, decision 054), the same rows as its section of /admin/reports. Owner only: staff
 * and drivers 403.
 */
export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { services } = context;
  const staff = await requireStaffPage(services, { request, url }, ['owner', 'staff', 'driver']);
  const name = /^([a-z]+)\.csv$/.exec(params.file)?.[1];
  if (!name || !(reportNames as readonly string[]).includes(name)) {
    throw data('Not found', { status: 404 });
  }
  if (staff.role !== 'owner') throw data('Only the owner can see the reports.', { status: 403 });
  const query = reportQueryOf(url.searchParams);
  if (!query.success) throw data('Please check the period and the branch.', { status: 400 });
  try {
    const report = await ownerReportCsv(services, {
      staff,
      name: name as ReportName,
      query: query.data,
    });
    return new Response(report.csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${report.filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: httpStatusOf(error) });
    throw error;
  }
}
