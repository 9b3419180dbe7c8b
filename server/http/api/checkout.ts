import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { PlaceOrderPayload } from '@shared/checkout';
import { paymentPagePath } from '../../auth/order-access';
import { orderingCustomer } from '../../auth/ordering-customer';
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
import { placeOrder, type PlaceOrderInput } from '../../use-cases/checkout/place-order';
import { registerGuest } from '../../use-cases/checkout/register-guest';
import { checkPromoCode } from '../../use-cases/checkout/check-promo-code';
import { promoCheckView } from '../../use-cases/checkout/present-promo-check';
import { route } from '../contract-routes';
import { clientIp, credentialsOf } from '../identity';

const NO_DETAILS = 'Please fill in your details first, then place the order.';

/**
 * The spec's placeorder payload as placeOrder takes it. The fields the contract lists as
 * legacy (slot ends and labels, the customer's e-mail and phone, the flat address fields,
 * the ids and the IP) are not read: the server finds the windows, the account and the
 * connection itself. `status` says how the customer will pay: 'pending payment' is the
 * checkout that takes payment details now.
 */
function placeOrderInput(body: PlaceOrderPayload): Omit<PlaceOrderInput, 'who' | 'ip'> {
  const address = body.address && typeof body.address !== 'string' ? body.address : undefined;
  return {
    pickup: { date: body.pickup_date, start: body.pickup_start },
    delivery: { date: body.delivery_date, start: body.delivery_start },
    // An address as text is the spec's; the structured one is the booking's.
    address: address && {
      ...address,
      door_number: body.door_number || address.door_number,
      building: body.building,
    },
    accessNotes: body.access_notes,
    name: body.customer_name,
    notes: body.customer_notes,
    company: body.company_name,
    paymentDetails: body.status === 'pending payment' ? 'now' : 'with-invoice',
    estimate: body.estimate,
    capPence: body.price_cap,
    textUpdates: body.text_updates,
    promoCode: body.promo_code,
    source: body.source,
    appOffer: body.app_offer,
    idempotencyKey: body.idempotency_key,
  };
}

/** /api routes of checkout (spec section 7): guest step, order placement, confirmation. */
export function checkoutRoutes(app: FastifyInstance, services: AppServices) {
  const e = api.checkout;

  route(app, e.guest, {}, async ({ body }, request) => {
    if (!body.address) {
      throw new ValidationError(messages.mandatory, { address: ['Please choose your address'] });
    }
    const coverage = await checkCoverage(services, { postcode: body.address.postcode });
    if (!coverage.served) {
      throw new ValidationError(
        coverage.message,
        { address: [coverage.message] },
        'postcode-not-covered',
      );
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
    const header = request.headers['x-checkout-token'];
    const token = (typeof header === 'string' ? header : undefined) ?? body.checkout_token;
    const who = await orderingCustomer(services, credentialsOf(request), token);
    if (!who) throw new UnauthorizedError(NO_DETAILS, 'checkout-expired');
    const order = await placeOrder(services, {
      who,
      ...placeOrderInput(body),
      ip: clientIp(request),
    });
    return {
      status: true,
      message: 'Your order has been placed.',
      order: {
        ...placedOrderView(services.config.brand, order),
        ...placedEstimateView(order),
        // The payment page with its signed token: the browser or app that placed the order
        // saves a card or verifies PayPal there, without a login.
        payment_url: paymentPagePath(services, order.orderId, services.now()),
      },
    };
  });

  // Issue 31: the checkout's Apply, for the caller who would place the order.
  route(app, e.checkPromoCode, {}, async ({ body }, request) => {
    const header = request.headers['x-checkout-token'];
    const token = (typeof header === 'string' ? header : undefined) ?? body.checkout_token;
    const who = await orderingCustomer(services, credentialsOf(request), token);
    if (!who) throw new UnauthorizedError(NO_DETAILS);
    const checked = await checkPromoCode(services, {
      who,
      code: body.promo_code,
      address: body.address && typeof body.address !== 'string' ? body.address : undefined,
      estimate: body.estimate,
      ip: clientIp(request),
    });
    return { status: true, ...promoCheckView(checked) };
  });

  route(app, e.orderConfirmation, {}, async ({ params }) => ({
    status: true,
    order: orderConfirmationView(
      services.config.brand,
      await getOrderConfirmation(services, { orderId: params.id }),
    ),
  }));
}
