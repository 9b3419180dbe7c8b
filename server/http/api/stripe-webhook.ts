import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { api } from '@shared/api';
import { verifyStripeWebhook } from '../../adapters/payments/stripe-provider';
import { BadRequestError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { handleReaderEvent, isReaderEvent } from '../../use-cases/counter/card-at-counter';
import { handleStripeEvent } from '../../use-cases/payments/stripe-webhook';
import { route } from '../contract-routes';

/**
 * POST /api/webhooks/stripe: accepted only with a valid signature over the raw body (so the
 * route lives where bodies are kept as bytes); each event is processed once.
 */
export function stripeWebhookRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.webhooks.stripe, {}, async ({ body, headers }) => {
    const secret = services.config.stripe?.webhookSecret;
    if (!secret) throw new NotFoundError('Stripe webhooks are not configured.');
    const signature = headers['stripe-signature'];
    if (!signature || !Buffer.isBuffer(body))
      throw new BadRequestError('Missing Stripe signature.', 'webhook-signature-invalid');
    let event: Stripe.Event;
    try {
      event = verifyStripeWebhook(body, signature, secret);
    } catch {
      throw new BadRequestError('Invalid Stripe signature.', 'webhook-signature-invalid');
    }
    // The counter's reader (decision 053) has its own use-case; it settles each payment once.
    if (isReaderEvent(event)) {
      await handleReaderEvent(services, { event });
      return { received: true };
    }
    const { duplicate } = await handleStripeEvent(services, { event });
    return duplicate ? { received: true, duplicate: true } : { received: true };
  });
}
