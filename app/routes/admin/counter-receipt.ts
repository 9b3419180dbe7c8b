import { data } from 'react-router';
import { requireStaffPage } from '~/features/admin/guard.server';
import { ticketReceiptPdf } from '~/server/counter.server';
import { AppError, httpStatusOf } from '~/server/errors.server';
import type { Route } from './+types/counter-receipt';

/**
 * GET /admin/counter/tickets/:id/receipt: a counter ticket's receipt as a PDF for an 80 mm
 * thermal printer (issue 32, decision 049), for the owner and staff whose branch it is.
 */
export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { services } = context;
  const staff = await requireStaffPage(services, { request, url });
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data('Not found', { status: 404 });
  try {
    const receipt = await ticketReceiptPdf(services, { staff, orderId: params.id });
    return new Response(new Uint8Array(receipt.pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${receipt.filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: httpStatusOf(error) });
    throw error;
  }
}
