import express, { Router } from 'express';
import { and, eq, ne } from 'drizzle-orm';
import type Stripe from 'stripe';
import { verifyStripeWebhook } from '../../adapters/payments/stripe-provider';
import { payments, webhookEvents } from '../../db/schema';
import { AppError, BadRequestError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { confirmInvoicePaid } from '../../use-cases/payments/pay-invoice';
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
      // Claimed before it is handled, so two deliveries at once cannot both act; released
      // when handling fails, so Stripe's retry is processed.
      const claimed = await services.db
        .insert(webhookEvents)
        .values({ provider: 'stripe', eventId: event.id })
        .onConflictDoNothing()
        .returning({ eventId: webhookEvents.eventId });
      if (claimed.length === 0) {
        res.json({ received: true, duplicate: true });
        return;
      }
      try {
        await handle(services, event);
      } catch (error) {
        if (error instanceof AppError && error.status < 500) {
          // Refused for good (an order cancelled since, say): a retry would be refused too.
          services.logger.warn('stripe webhook refused', {
            type: event.type,
            reason: error.message,
          });
          res.json({ received: true });
          return;
        }
        // Not handled (the database or Stripe did not answer): Stripe retries it later.
        await services.db
          .delete(webhookEvents)
          .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.eventId, event.id)));
        throw error;
      }
      res.json({ received: true });
    },
  );
  return router;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function handle(services: AppServices, event: Stripe.Event) {
  const { db, payments: providers, logger } = services;
  if (event.type === 'setup_intent.succeeded') {
    const setup = event.data.object;
    const orderId = setup.metadata?.order_id;
    // Other systems on the same Stripe account send their events here too.
    if (orderId && UUID.test(orderId)) {
      await confirmCardSaved(db, providers, { orderId, setupId: setup.id });
    }
    return;
  }
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    // Only payments this server started count; the provider is asked, not the event body.
    const [known] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, intent.id)))
      .limit(1);
    if (!known || known.kind !== 'charge' || known.status === 'succeeded') return;
    if (event.type === 'payment_intent.succeeded') {
      await confirmInvoicePaid(
        {
          db,
          providers,
          mail: services.mail,
          brand: services.config.brand,
          publicUrl: services.config.publicUrl,
          logger,
        },
        { orderId: known.orderId, paymentId: intent.id },
      );
      return;
    }
    await db
      .update(payments)
      .set({
        status: 'failed',
        message: intent.last_payment_error?.message ?? 'The card was not charged.',
        updatedAt: new Date(),
      })
      .where(and(eq(payments.id, known.id), ne(payments.status, 'succeeded')));
    return;
  }
  logger.info('stripe webhook ignored', { type: event.type });
}
