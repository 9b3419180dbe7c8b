import { z } from 'zod';
import { text } from '../text';
import { endpoint, failures, money, ok } from './contract';

/*
 * Payment after cleaning (spec sections 1 and 7): a card saved at £0.00 or a £0.35 PayPal
 * verification at booking, the e-mailed invoice paid later. The browser confirms with the
 * provider; the server asks the provider before anything changes (decision 010). Only the
 * order's customer, the checkout that made it, or the holder of the e-mailed link may act
 * (decision 014).
 */

const orderId = z.uuid({ error: 'We could not find that order.' });
const byOrder = z.object({ id: orderId });
const providerClaim = z.object({
  id: orderId,
  payment_id: text({ error: 'payment_id is required' })
    .min(1, 'payment_id is required')
    .max(200, 'payment_id is not a payment of ours'),
});
/** The outcome as the spec's card and PayPal steps read it (`status` true or false). */
const outcome = z.object({
  status: z.boolean(),
  message: text(),
  paid: z.boolean().optional(),
  /**
   * What the page should say beside a success, by code: `app-offer-card-used` when the card
   * just saved had the app's first-order offer on another account, so this order lost it
   * (decision 064). `message` says it in words.
   */
  notice: z.object({ code: z.literal('app-offer-card-used'), message: text() }).optional(),
});
const payer = ['checkoutToken', 'paymentToken', 'bearer', 'cookie'] as const;

export const paymentsApi = {
  startCardSetup: endpoint({
    method: 'POST',
    path: '/api/payment/card/setup',
    operationId: 'startCardSetup',
    tag: 'Payments',
    summary: 'Starts saving a card for the charge after cleaning (£0.00 now)',
    description:
      'Confirm `client_secret` with Stripe.js `confirmCardSetup` (or the TEST MODE form), then send `setup_id` to /api/update-payment-method.',
    auth: payer,
    body: byOrder,
    replies: {
      200: z.object({ status: ok, setup_id: text(), client_secret: text() }),
      ...failures(401, 404, 409, 422, 502),
    },
  }),
  startCardPayment: endpoint({
    method: 'POST',
    path: '/api/payment/card/pay',
    operationId: 'startCardPayment',
    tag: 'Payments',
    summary: 'Starts paying the amount due of an invoiced order by card',
    description:
      'Confirm `client_secret` with Stripe.js `confirmCardPayment`, then send `payment_id` to /api/update-payment-method. `already_paid` when an earlier attempt went through after all.',
    auth: payer,
    body: byOrder,
    replies: {
      200: z.union([
        z.object({ status: ok, payment_id: text(), client_secret: text(), amount: money }),
        z.object({ status: ok, already_paid: z.literal(true), message: text() }),
      ]),
      ...failures(401, 404, 409, 422, 502),
    },
  }),
  confirmCard: endpoint({
    method: 'POST',
    path: '/api/update-payment-method',
    operationId: 'confirmCardPayment',
    tag: 'Payments',
    summary: 'Records a card saved or an invoice paid, once the provider confirms it',
    auth: payer,
    body: providerClaim,
    replies: { 200: outcome, ...failures(401, 404, 409, 422, 502) },
  }),
  startPayPal: endpoint({
    method: 'POST',
    path: '/api/payment/paypal/create',
    operationId: 'startPayPal',
    tag: 'Payments',
    summary: 'A PayPal order: the £0.35 verification at booking, or the amount due',
    description:
      'Send the buyer to `approve_url`; PayPal sends them back to the payment page with the PayPal order id as `token`, which goes to /api/paypal-success.',
    auth: payer,
    body: byOrder,
    replies: {
      200: z.object({ status: ok, paypal_order_id: text(), approve_url: text() }),
      ...failures(401, 404, 409, 422, 502),
    },
  }),
  confirmPayPal: endpoint({
    method: 'POST',
    path: '/api/paypal-success',
    operationId: 'confirmPayPal',
    tag: 'Payments',
    summary: 'Captures an approved PayPal order on the server and records it',
    auth: payer,
    body: providerClaim,
    replies: { 200: outcome, ...failures(401, 404, 409, 422, 502) },
  }),
  testConfirm: endpoint({
    method: 'POST',
    path: '/api/payment/test/confirm',
    operationId: 'testModeConfirmCard',
    tag: 'Payments',
    summary: 'TEST MODE only: what Stripe.js does in the browser, with Stripe’s test cards',
    description: 'Exists only while the site runs without payment keys (labelled TEST MODE).',
    body: z.object({
      intent_id: text().min(1).max(200),
      client_secret: text().min(1).max(300),
      payment_method: text().min(1).max(100),
      authenticated: z.boolean().optional(),
    }),
    replies: {
      200: z.object({
        intent_status: z.enum([
          'requires_payment_method',
          'requires_action',
          'succeeded',
          'failed',
        ]),
        message: text().optional(),
      }),
      ...failures(404, 422),
    },
  }),
  testApprovePayPal: endpoint({
    method: 'POST',
    path: '/api/payment/test/paypal-approve',
    operationId: 'testModeApprovePayPal',
    tag: 'Payments',
    summary: 'TEST MODE only: what the buyer does on PayPal’s approval page',
    body: z.object({ paypal_order_id: text().min(1).max(200), approve: z.boolean() }),
    replies: {
      200: z.object({ status: z.boolean(), redirect_url: text().nullable() }),
      ...failures(404, 422),
    },
  }),
};

export const webhooksApi = {
  stripe: endpoint({
    method: 'POST',
    path: '/api/webhooks/stripe',
    operationId: 'stripeWebhook',
    tag: 'Webhooks',
    summary: 'Stripe’s events, checked by their signature over the raw body; each once',
    headers: z.object({ 'stripe-signature': text().max(2000).optional() }),
    bodyKind: 'raw',
    replies: {
      200: z.object({ received: ok, duplicate: z.literal(true).optional() }),
      // 502: the provider could not be asked about the event; Stripe sends it again later.
      ...failures(400, 404, 502, 503),
    },
  }),
  twilioStatus: endpoint({
    method: 'POST',
    path: '/api/webhooks/twilio/status',
    operationId: 'twilioStatusWebhook',
    tag: 'Webhooks',
    summary: 'Twilio’s delivery receipts of our texts, checked by X-Twilio-Signature',
    description:
      'Posted by Twilio to the statusCallback of each SMS or WhatsApp message. Moves the text forward (sent, delivered, undelivered, failed), never back; a repeated receipt changes nothing. 403 without a valid signature; 404 when Twilio is not configured.',
    headers: z.object({ 'x-twilio-signature': text().max(200).optional() }),
    bodyKind: 'form',
    body: z.looseObject({
      MessageSid: text().min(1).max(64),
      MessageStatus: text().min(1).max(32),
      ErrorCode: text().max(16).optional(),
    }),
    replies: {
      200: z.object({ received: ok, changed: z.boolean() }),
      ...failures(403, 404, 422),
    },
  }),
  twilioInbound: endpoint({
    method: 'POST',
    path: '/api/webhooks/twilio/inbound',
    operationId: 'twilioInboundWebhook',
    tag: 'Webhooks',
    summary: 'A customer’s SMS or WhatsApp reply, checked by X-Twilio-Signature; answered in TwiML',
    description:
      'Posted by Twilio for each message to our numbers (WhatsApp senders come as whatsapp:+44…). The reply (SKIP, STOP, HELP …) is TwiML: <Response><Message>…</Message></Response>, or <Response/> when there is nothing to say. 403 without a valid signature; 404 when Twilio is not configured.',
    headers: z.object({ 'x-twilio-signature': text().max(200).optional() }),
    bodyKind: 'form',
    body: z.looseObject({
      MessageSid: text().min(1).max(64),
      From: text().min(1).max(64),
      To: text().max(64).optional(),
      Body: text().max(2000).default(''),
    }),
    replyType: 'text/xml',
    replies: {
      200: text().meta({ description: 'TwiML' }),
      ...failures(403, 404, 422),
    },
  }),
};
