import { data } from 'react-router';
import { requireStaffPage } from '~/features/admin/guard.server';
import { tillDayPdf } from '~/server/counter.server';
import { AppError, httpStatusOf } from '~/server/errors.server';
import type { Route } from './+types/counter-till-day-pdf';

/**
 * GET /admin/counter/till/days/:id/z-report.pdf: a till day's Z report as an A4 PDF (issue 32,
 * decision 056), for the staff of its branch and the owner, as the page.
 */
export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context.services, { request, url });
  const dayId = Number(params.id);
  if (!Number.isInteger(dayId) || dayId <= 0 || dayId > 2_147_483_647) {
    throw data('Not found', { status: 404 });
  }
  try {
    const report = await tillDayPdf(context.services, { staff, dayId });
    return new Response(new Uint8Array(report.pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${report.filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: httpStatusOf(error) });
    throw error;
  }
}
