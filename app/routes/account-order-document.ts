import { data } from 'react-router';
import { AppError, httpStatusOf } from '~/server/errors.server';
import { requireOrderPaymentAccess } from '~/server/orders.server';
import { getCurrentCustomer } from '~/server/accounts.server';
import { orderDocumentResponse } from '~/features/documents/pdf-response.server';
import type { Route } from './+types/account-order-document';

/**
 * GET /account/orders/:id/documents/:number: an order's VAT invoice, receipt or credit note
 * as a PDF, for its customer (session) or the holder of the e-mailed payment link (`t`); a
 * counter ticket's 80 mm receipt too ('ticket', issue 32). Another customer's: 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = context;
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data('Not found', { status: 404 });
  const credentials = {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  };
  try {
    await requireOrderPaymentAccess(services, params.id, {
      ...credentials,
      paymentToken: new URL(request.url).searchParams.get('t'),
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A signed-in customer asking for another customer's document gets what the account's
    // order page gives them: the order does not exist for them (404, decision 058).
    const status = httpStatusOf(error);
    const signedIn = status === 401 && (await getCurrentCustomer(services, credentials)) !== null;
    throw data(signedIn ? 'Not found' : error.message, { status: signedIn ? 404 : status });
  }
  return orderDocumentResponse(services, { orderId: params.id, number: params.number });
}
