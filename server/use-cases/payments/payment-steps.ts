import { and, eq } from 'drizzle-orm';
import { canTakePayment } from '@shared/order-pipeline';
import type { Database } from '../../db/client';
import { orderEvents, orders, payments } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { appOfferCardCheck } from '../promos/app-offer';
import { discountLabel } from '../promos/order-promo';
import type { AppServices } from '../../services';

export async function payableOrder(db: Database, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new NotFoundError('We could not find that order.');
  if (!canTakePayment(order)) {
    throw new ConflictError('This order cannot take a payment now.', 'payment-refused');
  }
  return order;
}

/**
 * The payment row this order started with the provider's id `providerRef` (of one kind when
 * given), or undefined: an id the browser sends counts only when we find it here.
 */
export async function paymentStartedFor(
  db: Database,
  orderId: string,
  providerRef: string,
  kind?: (typeof payments.$inferSelect)['kind'],
) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.providerRef, providerRef),
        eq(payments.orderId, orderId),
        kind ? eq(payments.kind, kind) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** The order a payment page is for, or null (paymentOrderView presents it). */
export async function paymentPageOrder(deps: Pick<AppServices, 'db'>, input: { orderId: string }) {
  const { orderId } = input;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  // Issue 18: the discount's words (its promo or referral code) for the invoice's lines.
  return order ? { ...order, discountLabel: await discountLabel(deps.db, order) } : null;
}

/** Starts saving a card for the order (£0.00 now): the browser confirms it with the provider. */
export async function startCardSetup(
  deps: Pick<AppServices, 'db' | 'payments'>,
  input: { orderId: string },
) {
  const { db, payments: providers } = deps;
  const { orderId } = input;
  const order = await payableOrder(db, orderId);
  const start = await providers.card.startCardSetup({
    orderId: order.id,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
  });
  await db.insert(payments).values({
    orderId: order.id,
    provider: providers.card.name,
    kind: 'card_setup',
    providerRef: start.setupId,
    status: 'started',
    amountPence: 0,
    providerCustomerId: start.providerCustomerId,
  });
  return { setup_id: start.setupId, client_secret: start.clientSecret };
}

/** Payment states before anything was charged, which saving a card or PayPal may replace. */
const PRE_CHARGE_STATES = new Set(['none', 'card_saved', 'paypal_verified']);

export async function markPaymentReady(
  db: Database,
  orderId: string,
  change: { method: 'card' | 'paypal'; state: 'card_saved' | 'paypal_verified' },
  payment: Partial<typeof payments.$inferInsert> & {
    providerRef: string;
    provider: 'stripe' | 'paypal' | 'test';
  },
) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new NotFoundError('We could not find that order.');
    await tx
      .update(payments)
      .set({ ...payment, updatedAt: new Date() })
      .where(
        and(eq(payments.provider, payment.provider), eq(payments.providerRef, payment.providerRef)),
      );
    const nextStatus = order.status === 'pending payment' ? 'pending' : order.status;
    // A late event (a webhook retried for days) must not undo what came after: paid, a
    // failed charge, a bank that asked for the customer.
    const early = PRE_CHARGE_STATES.has(order.paymentState);
    // The app's offer is once per card too (decision 064), checked while nothing is charged.
    const appOfferRefused = early
      ? await appOfferCardCheck(tx, { order, fingerprint: payment.cardFingerprint })
      : null;
    await tx
      .update(orders)
      .set({
        status: nextStatus,
        ...(early ? { paymentMethod: change.method, paymentState: change.state } : {}),
      })
      .where(eq(orders.id, orderId));
    if (nextStatus !== order.status) {
      await tx.insert(orderEvents).values({
        orderId,
        fromStatus: order.status,
        toStatus: nextStatus,
        actor: `payment:${change.method}`,
      });
    }
    return { appOfferRefused };
  });
}

/**
 * POST /update-payment-method {payment_id, id}: the browser says the card was saved. The
 * provider is asked; only a setup it confirms, made for this very order, changes anything.
 */
export async function confirmCardSaved(
  deps: Pick<AppServices, 'db' | 'payments'>,
  input: { orderId: string; setupId: string },
): Promise<{
  status: boolean;
  message: string;
  notice?: { code: 'app-offer-card-used'; message: string };
}> {
  const { db, payments: providers } = deps;
  const saved = { status: true, message: 'Your card is saved. Nothing has been charged.' };
  const known = await paymentStartedFor(db, input.orderId, input.setupId, 'card_setup');
  // Only ids this order started reach the provider; a reload after saving is a success.
  if (!known) return { status: false, message: 'This card was not saved for this order.' };
  if (known.status === 'succeeded') return saved;
  await payableOrder(db, input.orderId);
  const result = await providers.card.retrieveCardSetup(input.setupId);
  if (result.orderId !== input.orderId) {
    return { status: false, message: 'This card was not saved for this order.' };
  }
  if (result.status !== 'succeeded') {
    const message = result.status === 'failed' ? result.message : 'The card is not confirmed yet.';
    await db
      .update(payments)
      .set({ status: result.status === 'failed' ? 'failed' : 'requires_action', message })
      .where(eq(payments.id, known.id));
    return { status: false, message };
  }
  const ready = await markPaymentReady(
    db,
    input.orderId,
    { method: 'card', state: 'card_saved' },
    {
      provider: providers.card.name,
      providerRef: input.setupId,
      status: 'succeeded',
      paymentMethodId: result.paymentMethodId,
      providerCustomerId: result.providerCustomerId,
      cardBrand: result.cardBrand,
      cardLast4: result.cardLast4,
      cardFingerprint: result.cardFingerprint ?? null,
    },
  );
  // The card is saved either way; the app's offer refused for it is said beside.
  if (ready.appOfferRefused) {
    return {
      ...saved,
      message: `${saved.message} ${ready.appOfferRefused}`,
      notice: { code: 'app-offer-card-used', message: ready.appOfferRefused },
    };
  }
  return saved;
}
