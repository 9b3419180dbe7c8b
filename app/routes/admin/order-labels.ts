import { data } from 'react-router';
import { requireStaffPage } from '~/features/admin/guard.server';
import { AppError, httpStatusOf } from '~/server/errors.server';
import { garmentLabelSheet } from '~/server/intake.server';
import type { Route } from './+types/order-labels';

/**
 * GET /admin/orders/:id/labels: the order's garment labels as a PDF for a 62 mm label
 * printer, one 62 × 29 mm label per garment (decision 027), for staff.
 */
export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, { request, url });
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data('Not found', { status: 404 });
  try {
    const sheet = await garmentLabelSheet(services, { orderId: params.id });
    return new Response(new Uint8Array(sheet.pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${sheet.filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: httpStatusOf(error) });
    throw error;
  }
}
