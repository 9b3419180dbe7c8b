import { data, Link } from 'react-router';
import { requireStaffPage } from '~/features/admin/guard.server';
import { ZReport } from '~/features/admin/counter/z-report';
import { tillDayPageView } from '~/server/counter.server';
import { AppError, httpStatusOf } from '~/server/errors.server';
import type { Route } from './+types/counter-till-day';

/*
 * A till day's day-end (Z) report as a page staff print (issue 32, decision 051): staff of
 * its branch and the owner; others 403, a driver sent to their round by the guard.
 */

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `Z report ${loaded?.day.branch ?? ''} ${loaded?.day.day ?? ''} · Back office` },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context.services, { request, url });
  const dayId = Number(params.id);
  if (!Number.isInteger(dayId) || dayId <= 0 || dayId > 2_147_483_647) {
    throw data('Not found', { status: 404 });
  }
  try {
    return { day: await tillDayPageView(context.services, { staff, dayId }) };
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: httpStatusOf(error) });
    throw error;
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function CounterTillDay({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2 print:hidden">
        <h1 className="text-2xl font-bold">Z report</h1>
        <div className="flex flex-wrap gap-2 whitespace-nowrap">
          <button type="button" className="btn-primary px-4 py-2" onClick={() => window.print()}>
            Print
          </button>
          {/* A document, not a page of the app: the browser opens or saves it. */}
          <a
            href={`/admin/counter/till/days/${loaderData.day.id}/z-report.pdf`}
            className="btn-secondary px-4 py-2"
            download
          >
            Download PDF
          </a>
          <Link to="/admin/counter/till" className="btn-secondary px-4 py-2">
            Back to the till
          </Link>
        </div>
      </div>
      <ZReport day={loaderData.day} />
    </div>
  );
}
