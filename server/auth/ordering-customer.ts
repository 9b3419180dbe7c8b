import type { AppServices } from '../services';
import { findCheckoutToken } from './checkout-token';
import { getCurrentCustomer, type RequestCredentials } from './current-customer';

/** Who is ordering, as the server established it (session or checkout token). */
export type OrderingCustomer =
  | { kind: 'session'; customerId: string }
  | { kind: 'checkout-token'; customerId: string; addressId: string };

/**
 * Who places an order, for POST /api/placeorder and the checkout page alike: the checkout
 * token the guest or sign-up step gave this browser or app when there is one (a token that
 * is unknown or expired is nobody, not the session), else the logged-in session. Never a
 * customer id from the payload. Null: nobody, so the order is refused.
 */
export async function orderingCustomer(
  services: AppServices,
  credentials: RequestCredentials,
  token: string | undefined,
): Promise<OrderingCustomer | null> {
  if (token) {
    const owner = await findCheckoutToken(services.db, token, services.now());
    return owner ? { kind: 'checkout-token', ...owner } : null;
  }
  const customer = await getCurrentCustomer(services, credentials);
  return customer ? { kind: 'session', customerId: customer.id } : null;
}
