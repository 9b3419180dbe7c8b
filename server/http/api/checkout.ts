import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { findCheckoutToken } from '../../auth/checkout-token';
import { getCurrentCustomer } from '../../auth/current-customer';
import { paymentPagePath } from '../../auth/order-access';
import { UnauthorizedError, ValidationError } from '../../errors';
import { messages } from '@shared/validation';
import type { AppServices } from '../../services';
import { checkCoverage } from '../../use-cases/booking/coverage';
import { getOrderConfirmation } from '../../use-cases/checkout/order-confirmation';
import {
  orderConfirmationView,
  placedEstimateView,
  placedOrderView,
} from '../../use-cases/orders/present-order-confirmation';
import { placeOrder, type OrderingCustomer } from '../../use-cases/checkout/place-order';
import { registerGuest } from '../../use-cases/checkout/register-guest';
import { route } from '../contract-routes';
import { clientIp, credentialsOf } from '../identity';

const NO_DETAILS = 'Please fill in your details first, then place the order.';

/** /api routes of checkout (spec section 7): guest step, order placement, confirmation. */
export function checkoutRoutes(app: FastifyInstance, services: AppServices) {
  const e = api.checkout;

  route(app, e.guest, {}, async ({ body }, request) => {
    if (!body.address) {
      throw new ValidationError(messages.mandatory, { address: ['Please choose your address'] });
    }
    const coverage = await checkCoverage(services, { postcode: body.address.postcode });
    if (!coverage.served) {
      throw new ValidationError(coverage.message, { address: [coverage.message] });
    }
    const created = await registerGuest(services, {
      ...body,
      address: body.address,
      ip: clientIp(request),
    });
    return {
      status: true,
      customer_id: created.customerId,
      address_id: created.addressId,
      checkout_token: created.checkoutToken,
    };
  });

  route(app, e.placeOrder, {}, async ({ body }, request) => {
    const now = services.now();
    // Who orders is decided here, never by a customer_id in the payload.
    let who: OrderingCustomer | undefined;
    const header = request.headers['x-checkout-token'];
    const token = (typeof header === 'string' ? header : undefined) ?? body.checkout_token;
    if (token) {
      const owner = await findCheckoutToken(services.db, token, now);
      if (!owner) throw new UnauthorizedError(NO_DETAILS);
      who = { kind: 'checkout-token', ...owner };
    } else {
      const customer = await getCurrentCustomer(services, credentialsOf(request));
      if (customer) who = { kind: 'session', customerId: customer.id };
    }
    if (!who) throw new UnauthorizedError(NO_DETAILS);
    const order = await placeOrder(services, { who, payload: body, ip: clientIp(request) });
    return {
      status: true,
      message: 'Your order has been placed.',
      order: {
        ...placedOrderView(services.config.brand, order),
        ...placedEstimateView(order),
        // The payment page with its signed token: the browser or app that placed the order
        // saves a card or verifies PayPal there, without a login.
        payment_url: paymentPagePath(services, order.orderId, now),
      },
    };
  });

  route(app, e.orderConfirmation, {}, async ({ params }) => ({
    status: true,
    order: orderConfirmationView(
      services.config.brand,
      await getOrderConfirmation(services, { orderId: params.id }),
    ),
  }));
}
