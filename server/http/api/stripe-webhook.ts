import express, { Router } from 'express';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { verifyStripeWebhook } from '../../adapters/payments/stripe-provider';
import { orders, payments, webhookEvents } from '../../db/schema';
import { BadRequestError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { confirmCardSaved } from '../../use-cases/payments/payment-steps';

/**
 * POST /api/webhooks/stripe: accepted only with a valid signature over the raw body, and each
 * event is processed once (webhook_events); a replay is acknowledged and changes nothing.
 */
export function stripeWebhookRoutes(services: AppServices): Router {
  const router = Router();
  router.post(
    '/webhooks/stripe',
    express.raw({ type: () => true, limit: '1mb' }),
    async (req, res) => {
      const secret = services.config.stripe?.webhookSecret;
      if (!secret) throw new NotFoundError('Stripe webhooks are not configured.');
      const signature = req.get('stripe-signature');
      if (!signature || !Buffer.isBuffer(req.body)) {
        throw new BadRequestError('Missing Stripe signature.');
      }
      let event: Stripe.Event;
      try {
        event = verifyStripeWebhook(req.body, signature, secret);
      } catch {
        throw new BadRequestError('Invalid Stripe signature.');
      }
      const [seen] = await services.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.eventId, event.id)))
        .limit(1);
      if (seen) {
        res.json({ received: true, duplicate: true });
        return;
      }
      await handle(services, event);
      await services.db
        .insert(webhookEvents)
        .values({ provider: 'stripe', eventId: event.id })
        .onConflictDoNothing();
      res.json({ received: true });
    },
  );
  return router;
}

async function handle(services: AppServices, event: Stripe.Event) {
  const { db, payments: providers, logger } = services;
  if (event.type === 'setup_intent.succeeded') {
    const setup = event.data.object;
    const orderId = setup.metadata?.order_id;
    if (orderId) await confirmCardSaved(db, providers, { orderId, setupId: setup.id });
    return;
  }
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    const orderId = intent.metadata?.order_id;
    if (!orderId) return;
    const paid = event.type === 'payment_intent.succeeded';
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: paid ? 'succeeded' : 'failed', updatedAt: new Date() })
        .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, intent.id)));
      await tx
        .update(orders)
        .set(
          paid ? { paymentState: 'paid', amountDuePence: 0 } : { paymentState: 'payment_failed' },
        )
        .where(eq(orders.id, orderId));
    });
    return;
  }
  logger.info('stripe webhook ignored', { type: event.type });
}
