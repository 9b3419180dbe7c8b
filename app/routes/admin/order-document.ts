import { requireStaffPage } from '~/features/admin/guard.server';
import { orderDocumentResponse } from '~/features/documents/pdf-response.server';
import type { Route } from './+types/order-document';

/** GET /admin/orders/:id/documents/:number: an order's VAT document as a PDF, for staff. */
export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, { request, url });
  return orderDocumentResponse(services, { orderId: params.id, number: params.number });
}
