import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@shared/api';
import { requireOrderPaymentAccess } from '../../auth/order-access';
import type { AppServices } from '../../services';
import { confirmPaymentMethod, startInvoicePayment } from '../../use-cases/payments/pay-invoice';
import { startCardSetup } from '../../use-cases/payments/payment-steps';
import { confirmPayPal, startPayPal } from '../../use-cases/payments/paypal-steps';
import { route } from '../contract-routes';
import { credentialsOf } from '../identity';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
};

/** /api routes of payment after cleaning (spec 7): card saved for later, PayPal £0.35. */
export function paymentsRoutes(app: FastifyInstance, services: AppServices) {
  const { payments } = services;
  // The order's customer, the checkout that made it, or the holder of the e-mailed link.
  const mayPay = (request: FastifyRequest, orderId: string) =>
    requireOrderPaymentAccess(services, orderId, {
      ...credentialsOf(request),
      checkoutToken: header(request, 'x-checkout-token'),
      paymentToken: header(request, 'x-payment-token'),
    });
  const e = api.payments;

  // Saves a card for the charge after cleaning (£0.00 now).
  route(app, e.startCardSetup, {}, async ({ body }, request) => {
    await mayPay(request, body.id);
    return { status: true, ...(await startCardSetup(services, { orderId: body.id })) };
  });

  // Pays the amount due of an invoiced order (the e-mailed Pay Now link).
  route(app, e.startCardPayment, {}, async ({ body }, request) => {
    await mayPay(request, body.id);
    return { status: true, ...(await startInvoicePayment(services, { orderId: body.id })) };
  });

  route(app, e.confirmCard, {}, async ({ body }, request) => {
    await mayPay(request, body.id);
    return confirmPaymentMethod(services, { orderId: body.id, paymentId: body.payment_id });
  });

  route(app, e.startPayPal, {}, async ({ body }, request) => {
    await mayPay(request, body.id);
    return { status: true, ...(await startPayPal(services, { orderId: body.id })) };
  });

  route(app, e.confirmPayPal, {}, async ({ body }, request) => {
    await mayPay(request, body.id);
    return confirmPayPal(services, { orderId: body.id, paypalOrderId: body.payment_id });
  });

  // TEST MODE only: what Stripe.js and PayPal's approval page do in the browser.
  const test = payments.test;
  if (test) {
    route(app, e.testConfirm, {}, async ({ body }) => {
      const result = await test.confirmIntent({
        intentId: body.intent_id,
        clientSecret: body.client_secret,
        paymentMethod: body.payment_method,
        authenticated: body.authenticated,
      });
      return { intent_status: result.status, message: result.message };
    });
    route(app, e.testApprovePayPal, {}, async ({ body }) => {
      const next = await test.approvePayPal(body.paypal_order_id, body.approve);
      return { status: next !== null, redirect_url: next };
    });
  }
}
