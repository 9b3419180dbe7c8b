import { data } from 'react-router';
import type { AppServices } from '@server/services';
import { claimableOrder, claimableOrderView } from '~/server/claims.server';
import { isRefusal } from '~/server/errors.server';

/** One of the customer's orders as the claims entry and form show it; 404 for another's. */
export async function orderToClaim(services: AppServices, customerId: string, orderId: string) {
  try {
    return claimableOrderView(
      services.config.brand,
      await claimableOrder(services, { customerId, orderId }),
      services.now(),
    );
  } catch (error) {
    if (isRefusal(error)) throw data('Not found', { status: 404 });
    throw error;
  }
}
