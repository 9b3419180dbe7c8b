import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { orders, payments } from '../../db/schema';
import { ConflictError } from '../../errors';
import type { AppServices } from '../../services';
import { creditOrder } from './charge-order';
import { useAccountCredit } from '../credit/account-credit';
import { paymentText } from './present-payment';
import { confirmCardSaved, payableOrder, paymentStartedFor } from './payment-steps';

/** What the payment verbs use of the services (a Pick, so callers pass `services`). */
export type PaymentDeps = Pick<
  AppServices,
  'db' | 'payments' | 'mail' | 'config' | 'logger' | 'now'
>;

type Reply = Awaited<ReturnType<typeof confirmCardSaved>> & { paid?: boolean };

/**
 * The e-mailed Pay Now link: the amount due of an invoiced order, paid with the customer
 * present. The provider's payment is confirmed in the browser (Stripe.js handles the bank's
 * authentication), then checked here by POST /update-payment-method.
 */
export async function startInvoicePayment(deps: PaymentDeps, input: { orderId: string }) {
  const order = await payableOrder(deps.db, input.orderId);
  const number = orderNumber(deps.config.brand, order.orderNo);
  if (order.invoicedAt === null || order.amountDuePence <= 0) {
    throw new ConflictError(`Nothing is due on order ${number} yet.`, 'nothing-due');
  }
  // A payment that went through while we never heard of it (the tab closed before the
  // page could tell us) is recorded now, rather than charged a second time.
  const open = await deps.db
    .select({ providerRef: payments.providerRef })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.provider, deps.payments.card.name),
        eq(payments.kind, 'charge'),
        inArray(payments.status, ['started', 'requires_action']),
      ),
    );
  for (const { providerRef } of open) {
    // Asks the provider, and records a success (or what went wrong) on the row.
    const recorded = await confirmInvoicePaid(deps, { orderId: order.id, paymentId: providerRef });
    if (recorded.paid) return { already_paid: true as const, message: recorded.message };
  }
  // Issue 18: the customer's account credit pays first; the card only what is left.
  const { amount } = await deps.db.transaction(async (tx) => {
    await useAccountCredit(tx, {
      orderId: order.id,
      now: deps.now(),
      brand: deps.config.brand,
    });
    const [left] = await tx
      .select({ due: orders.amountDuePence })
      .from(orders)
      .where(eq(orders.id, order.id));
    return { amount: left!.due };
  });
  if (amount <= 0) {
    return {
      already_paid: true as const,
      message: paymentText.paidFromCredit(order.amountDuePence),
    };
  }
  const [earlier] = await deps.db
    .select({ customer: payments.providerCustomerId })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.provider, deps.payments.card.name),
        ne(payments.providerCustomerId, ''),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  const start = await deps.payments.card.startCardPayment({
    orderId: order.id,
    description: `${deps.config.brand.name} order ${number}`,
    amountPence: amount,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    providerCustomerId: earlier?.customer ?? undefined,
    // Asking again for the same amount continues the same payment (after a decline, say).
    idempotencyKey: `pay:${order.id}:${amount}:${order.paidPence}`,
  });
  await deps.db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: deps.payments.card.name,
      kind: 'charge',
      providerRef: start.paymentId,
      status: 'started',
      amountPence: amount,
      providerCustomerId: start.providerCustomerId,
    })
    .onConflictDoNothing();
  return {
    payment_id: start.paymentId,
    client_secret: start.clientSecret,
    amount: paymentText.amount(amount),
  };
}

/**
 * Records an invoice payment once the provider says it succeeded, for this order, in full
 * and in pounds. Safe to call twice (the browser and the webhook both do): the payment row
 * turns 'succeeded' once, and only that call credits the order.
 */
export async function confirmInvoicePaid(
  deps: PaymentDeps,
  input: { orderId: string; paymentId: string },
): Promise<Reply> {
  const known = await paymentStartedFor(deps.db, input.orderId, input.paymentId, 'charge');
  if (!known) return { status: false, message: 'This payment is not for this order.' };
  const thanks = paymentText.paid(known.amountPence);
  if (known.status === 'succeeded') return { status: true, paid: true, message: thanks };
  const result = await deps.payments.card.retrieveCardPayment(input.paymentId);
  if (result.orderId !== input.orderId) {
    return { status: false, message: 'This payment is not for this order.' };
  }
  if (result.status !== 'succeeded') {
    const message =
      result.status === 'failed' ? result.message : 'The payment is not confirmed yet.';
    await deps.db
      .update(payments)
      .set({ status: result.status === 'failed' ? 'failed' : 'requires_action', message })
      .where(and(eq(payments.id, known.id), ne(payments.status, 'succeeded')));
    return { status: false, paid: false, message };
  }
  if (result.amountPence !== known.amountPence || result.currency !== 'GBP') {
    deps.logger.error('payment: provider amount differs from the invoice', {
      orderId: input.orderId,
      expected: known.amountPence,
      got: result.amountPence,
      currency: result.currency,
    });
    return { status: false, paid: false, message: 'The payment did not match this order.' };
  }
  await deps.db.transaction(async (tx) => {
    const [first] = await tx
      .update(payments)
      .set({
        status: 'succeeded',
        message: null,
        paymentMethodId: result.paymentMethodId,
        providerCustomerId: result.providerCustomerId,
        cardBrand: result.cardBrand,
        cardLast4: result.cardLast4,
        updatedAt: new Date(),
      })
      .where(and(eq(payments.id, known.id), ne(payments.status, 'succeeded')))
      .returning({ id: payments.id });
    if (!first) return; // recorded by a concurrent call
    await tx.update(orders).set({ paymentMethod: 'card' }).where(eq(orders.id, input.orderId));
    await creditOrder(tx, { orderId: input.orderId, amountPence: known.amountPence }, deps);
  });
  return { status: true, paid: true, message: thanks };
}

/**
 * POST /update-payment-method {payment_id, id}: the browser says a card step succeeded. The
 * id is one this order started (a card saved for later, or an invoice payment) and the
 * provider is asked; an id the browser made up, or one of another order, changes nothing.
 */
export async function confirmPaymentMethod(
  deps: PaymentDeps,
  input: { orderId: string; paymentId: string },
): Promise<Reply> {
  const known = await paymentStartedFor(deps.db, input.orderId, input.paymentId);
  if (known?.kind === 'charge') return confirmInvoicePaid(deps, input);
  return confirmCardSaved(deps, { orderId: input.orderId, setupId: input.paymentId });
}
