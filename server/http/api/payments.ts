import { Router } from 'express';
import { z } from 'zod';
import type { AppServices } from '../../services';
import {
  confirmPaymentMethod,
  startInvoicePayment,
  type PaymentDeps,
} from '../../use-cases/payments/pay-invoice';
import { startCardSetup } from '../../use-cases/payments/payment-steps';
import { confirmPayPal, startPayPal } from '../../use-cases/payments/paypal-steps';
import { parseBody } from '../parse';

const orderId = z.uuid({ error: 'We could not find that order.' });
const idBody = z.object({ id: orderId });
const updatePaymentMethodBody = z.object({
  id: orderId,
  payment_id: z
    .string({ error: 'payment_id is required' })
    .min(1, 'payment_id is required')
    .max(200, 'payment_id is not a payment of ours'),
});
const testConfirmBody = z.object({
  /** A card setup (seti_…) or an invoice payment (pi_…). */
  intent_id: z.string().min(1).max(200),
  client_secret: z.string().min(1).max(300),
  payment_method: z.string().min(1).max(100),
  authenticated: z.boolean().optional(),
});
const testPayPalBody = z.object({
  paypal_order_id: z.string().min(1).max(200),
  approve: z.boolean(),
});

/** /api routes of payment after cleaning (spec 7): card saved for later, PayPal £0.35. */
export function paymentsRoutes(services: AppServices): Router {
  const router = Router();
  const { db, payments } = services;
  const deps: PaymentDeps = {
    db,
    providers: payments,
    mail: services.mail,
    brand: services.config.brand,
    publicUrl: services.config.publicUrl,
    logger: services.logger,
  };

  // Saves a card for the charge after cleaning (£0.00 now).
  router.post('/payment/card/setup', async (req, res) => {
    const { id } = parseBody(idBody, req.body);
    res.json({ status: true, ...(await startCardSetup(db, payments, id)) });
  });

  // Pays the amount due of an invoiced order (the e-mailed Pay Now link).
  router.post('/payment/card/pay', async (req, res) => {
    const { id } = parseBody(idBody, req.body);
    res.json({ status: true, ...(await startInvoicePayment(deps, id)) });
  });

  router.post('/update-payment-method', async (req, res) => {
    const input = parseBody(updatePaymentMethodBody, req.body);
    res.json(await confirmPaymentMethod(deps, { orderId: input.id, paymentId: input.payment_id }));
  });

  router.post('/payment/paypal/create', async (req, res) => {
    const { id } = parseBody(idBody, req.body);
    res.json({ status: true, ...(await startPayPal(deps, id)) });
  });

  router.post('/paypal-success', async (req, res) => {
    const input = parseBody(updatePaymentMethodBody, req.body);
    res.json(await confirmPayPal(deps, { orderId: input.id, paypalOrderId: input.payment_id }));
  });

  // TEST MODE only: what Stripe.js and PayPal's approval page do in the browser.
  const test = payments.test;
  if (test) {
    router.post('/payment/test/confirm', async (req, res) => {
      const input = parseBody(testConfirmBody, req.body);
      const result = await test.confirmIntent({
        intentId: input.intent_id,
        clientSecret: input.client_secret,
        paymentMethod: input.payment_method,
        authenticated: input.authenticated,
      });
      res.json({ intent_status: result.status, message: result.message });
    });
    router.post('/payment/test/paypal-approve', async (req, res) => {
      const input = parseBody(testPayPalBody, req.body);
      const next = await test.approvePayPal(input.paypal_order_id, input.approve);
      res.json({ status: next !== null, redirect_url: next });
    });
  }

  return router;
}
