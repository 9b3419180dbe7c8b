import { isUuid } from '@shared/text';
import { and, eq, ne } from 'drizzle-orm';
import type Stripe from 'stripe';
import { payments, webhookEvents } from '../../db/schema';
import { isRefusal } from '../../errors';
import { confirmInvoicePaid, type PaymentDeps } from './pay-invoice';
import { confirmCardSaved } from './payment-steps';

/**
 * A Stripe event whose signature was checked. Each event is processed once: it is claimed
 * (webhook_events) before it is handled, so two deliveries at once cannot both act, and the
 * claim is released when handling fails, so Stripe's retry is processed. A replay is
 * acknowledged and changes nothing.
 */
export async function handleStripeEvent(
  deps: PaymentDeps,
  input: { event: Stripe.Event },
): Promise<{ duplicate: boolean }> {
  const { event } = input;
  const claimed = await deps.db
    .insert(webhookEvents)
    .values({ provider: 'stripe', eventId: event.id })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (claimed.length === 0) return { duplicate: true };
  try {
    await applyStripeEvent(deps, event);
  } catch (error) {
    if (isRefusal(error)) {
      // Refused for good (an order cancelled since, say): a retry would be refused too.
      deps.logger.warn('stripe webhook refused', { type: event.type, reason: error.message });
      return { duplicate: false };
    }
    // Not handled (the database or Stripe did not answer): Stripe retries it later.
    await deps.db
      .delete(webhookEvents)
      .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.eventId, event.id)));
    throw error;
  }
  return { duplicate: false };
}

async function applyStripeEvent(deps: PaymentDeps, event: Stripe.Event) {
  const { db, logger } = deps;
  if (event.type === 'setup_intent.succeeded') {
    const setup = event.data.object;
    const orderId = setup.metadata?.order_id;
    // Other systems on the same Stripe account send their events here too.
    if (orderId && isUuid(orderId)) {
      await confirmCardSaved(deps, { orderId, setupId: setup.id });
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
      await confirmInvoicePaid(deps, { orderId: known.orderId, paymentId: intent.id });
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
  logger?.info('stripe webhook ignored', { type: event.type });
}
