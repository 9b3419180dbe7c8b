import { Router } from 'express';
import { z } from 'zod';
import { placeOrderSchema } from '@shared/checkout';
import { addressSchema, guestDetailsSchema, messages } from '@shared/validation';
import { findCheckoutToken } from '../../auth/checkout-token';
import { getCurrentCustomer } from '../../auth/current-customer';
import { clientIp } from '../../auth/middleware';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { UnauthorizedError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { checkCoverage } from '../../use-cases/booking/coverage';
import { getOrderConfirmation } from '../../use-cases/checkout/order-confirmation';
import { placeOrder, type OrderingCustomer } from '../../use-cases/checkout/place-order';
import { registerGuest } from '../../use-cases/checkout/register-guest';
import { parseBody, parseParams } from '../parse';

const guestSchema = guestDetailsSchema.extend({
  address: addressSchema.optional(),
  /** A guest sends no password; one sent anyway is ignored, never stored. */
  password: z.string().optional(),
});
const orderParams = z.object({ id: z.uuid({ error: 'We could not find that order.' }) });
const NO_DETAILS = 'Please fill in your details first, then place the order.';

/** /api routes of checkout (spec section 7): guest step, order placement, confirmation. */
export function checkoutRoutes(services: AppServices): Router {
  const router = Router();

  router.post('/guest', async (req, res) => {
    await hitRateLimit(services.db, rateRules.guestPerIp, clientIp(req), services.now());
    const input = parseBody(guestSchema, req.body, messages.mandatory);
    if (!input.address) {
      throw new ValidationError(messages.mandatory, { address: ['Please choose your address'] });
    }
    const coverage = await checkCoverage(
      services.db,
      input.address.postcode,
      services.config.brand,
    );
    if (!coverage.served)
      throw new ValidationError(coverage.message, { address: [coverage.message] });
    const created = await registerGuest(
      services.db,
      { ...input, address: input.address },
      services.now(),
    );
    res.json({
      status: true,
      customer_id: created.customerId,
      address_id: created.addressId,
      checkout_token: created.checkoutToken,
    });
  });

  router.post('/placeorder', async (req, res) => {
    const payload = parseBody(placeOrderSchema, req.body, messages.mandatory);
    const now = services.now();
    // Who orders is decided here, never by a customer_id in the payload.
    let who: OrderingCustomer | undefined;
    const token = req.get('X-Checkout-Token') ?? payload.checkout_token;
    if (token) {
      const owner = await findCheckoutToken(services.db, token, now);
      if (!owner) throw new UnauthorizedError(NO_DETAILS);
      who = { kind: 'checkout-token', ...owner };
    } else {
      const customer = await getCurrentCustomer(services, {
        cookie: req.headers.cookie ?? null,
        authorization: req.headers.authorization ?? null,
      });
      if (customer) who = { kind: 'session', customerId: customer.id };
    }
    if (!who) throw new UnauthorizedError(NO_DETAILS);
    const order = await placeOrder(services, { who, payload, ip: clientIp(req) }, now);
    res.json({
      status: true,
      message: 'Your order has been placed.',
      order: { order_id: order.orderId, order_no: `LD-${order.orderNo}`, status: order.status },
    });
  });

  router.get('/order/:id', async (req, res) => {
    const { id } = parseParams(orderParams, req.params);
    res.json({ status: true, order: await getOrderConfirmation(services.db, id) });
  });

  return router;
}
