import { data } from 'react-router';
import { z } from 'zod';
import { accountMessages } from '@shared/account-messages';
import { cancelOrder } from '~/server/orders.server';
import { formFailure, formFields } from '~/components/form/form-action.server';
import { requireAccountCustomer } from './account.server';
import type { Route } from '../../routes/+types/account-order';

/**
 * The order page's "Yes, cancel order" posted as a form: before the page's scripts have run
 * (a slow phone) or without them, through the same use-case as POST /api/orders/:id/cancel,
 * answering with the same words. With scripts the button calls the API itself.
 */
export async function cancelOrderAction({ context, params, request }: Route.ActionArgs) {
  const { services } = context;
  const customer = await requireAccountCustomer(services, request);
  // An address that is no order's id is the page's 404, as its loader answers it.
  if (!z.uuid().safeParse(params.id).success) throw data('Not found', { status: 404 });
  const fields = await formFields(request);
  if (fields.intent !== 'cancel') throw data('This form is not one of this page.', { status: 400 });
  try {
    const result = await cancelOrder(services, { customerId: customer.id, orderId: params.id });
    return {
      ok: true as const,
      message: accountMessages.orderCancelled(result.orderNo),
    };
  } catch (error) {
    return formFailure(error);
  }
}
