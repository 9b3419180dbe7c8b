import { data } from 'react-router';
import type { AppServices } from '@server/services';
import { isUuid } from '@shared/text';
import { claimableOrder, claimableOrderView } from '~/server/claims.server';
import { isRefusal } from '~/server/errors.server';

/*
 * The claims entry and form's data (issue 34): one of the customer's orders as they show it.
 */

async function claimable(services: AppServices, customerId: string, orderId: string) {
  // Anything but a UUID is no order of ours (the database would refuse to compare it).
  if (!isUuid(orderId)) return null;
  try {
    return claimableOrderView(
      services.config.brand,
      await claimableOrder(services, { customerId, orderId }),
      services.now(),
    );
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}

/** One of the customer's orders as the claims entry and form show it; 404 for another's. */
export async function orderToClaim(services: AppServices, customerId: string, orderId: string) {
  const order = await claimable(services, customerId, orderId);
  if (!order) throw data('Not found', { status: 404 });
  return order;
}

/**
 * The claims entry of an order for whoever is signed in (the intake report page, reached by
 * its link too): null for a guest or someone else's order (claims are made from the account).
 */
export async function claimsEntryFor(
  services: AppServices,
  customerId: string | null,
  orderId: string,
) {
  return customerId ? claimable(services, customerId, orderId) : null;
}
