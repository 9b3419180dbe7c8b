import { data } from 'react-router';
import type { AppServices } from '@server/services';
import { isUuid } from '@shared/text';
import {
  claimableOrder,
  claimableOrderByTracking,
  claimableOrderView,
  claimCustomerOfOrder,
} from '~/server/claims.server';
import { isRefusal, UnauthorizedError } from '~/server/errors.server';

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
 * The claims entry of an order on its intake report page: for the order's customer signed in,
 * or for the holder of the report's signed link (`token`, a guest or a counter customer: they
 * act as the order's customer, as the API's `t` does). Null for anyone else.
 */
export async function claimsEntryFor(
  services: AppServices,
  caller: { customerId: string | null; token: string | null },
  orderId: string,
) {
  if (!caller.token)
    return caller.customerId ? claimable(services, caller.customerId, orderId) : null;
  const customerId = await linkCustomer(services, caller, orderId);
  return customerId ? claimable(services, customerId, orderId) : null;
}

/** The order's customer for the holder of its intake report link; null when it does not open it. */
async function linkCustomer(
  services: AppServices,
  caller: { customerId: string | null; token: string | null },
  orderId: string,
) {
  if (!isUuid(orderId)) return null;
  try {
    return await claimCustomerOfOrder(services, { ...caller, orderId });
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}

/**
 * The claims pages under the intake report's link: the order's customer for this visitor
 * (the link's, or the session's own order), else the link's refusal (401) or the 404 page.
 */
export async function claimCustomerByLink(
  services: AppServices,
  caller: { customerId: string | null; token: string | null },
  orderId: string,
): Promise<string> {
  if (!isUuid(orderId)) throw data('Not found', { status: 404 });
  try {
    return await claimCustomerOfOrder(services, { ...caller, orderId });
  } catch (error) {
    if (error instanceof UnauthorizedError) throw data(error.message, { status: 401 });
    if (isRefusal(error)) throw data('Not found', { status: 404 });
    throw error;
  }
}

/**
 * The claims entry of a tracking page (a delivery's or a counter ticket's): for the order's
 * customer signed in only (the tracking link may be forwarded: it gives no claims by itself).
 */
export async function claimsEntryByTracking(
  services: AppServices,
  customerId: string | null,
  trackingToken: string,
) {
  if (!customerId || !isUuid(trackingToken)) return null;
  const rows = await claimableOrderByTracking(services, { trackingToken, customerId });
  return rows ? claimableOrderView(services.config.brand, rows, services.now()) : null;
}
