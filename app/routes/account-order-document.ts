import { data } from 'react-router';
import { AppError, httpStatusOf } from '~/server/errors.server';
import { requireOrderPaymentAccess } from '~/server/orders.server';
import { orderDocumentResponse } from '~/features/documents/pdf-response.server';
import type { Route } from './+types/account-order-document';

/**
 * GET /account/orders/:id/documents/:number: an order's VAT invoice, receipt or credit note
 * as a PDF, for its customer (session) or the holder of the e-mailed payment link (`t`).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = context;
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data('Not found', { status: 404 });
  try {
    await requireOrderPaymentAccess(services, params.id, {
      cookie: request.headers.get('cookie'),
      authorization: request.headers.get('authorization'),
      paymentToken: new URL(request.url).searchParams.get('t'),
    });
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: httpStatusOf(error) });
    throw error;
  }
  return orderDocumentResponse(services, { orderId: params.id, number: params.number });
}
