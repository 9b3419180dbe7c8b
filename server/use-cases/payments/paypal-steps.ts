import { and, eq, ne } from 'drizzle-orm';
import { PAYPAL_VERIFICATION_PENCE } from '@shared/money';
import { orderNumber } from '@shared/order-number';
import { orders, payments } from '../../db/schema';
import { creditOrder } from './charge-order';
import { paymentPagePath } from '../../auth/order-access';
import type { AppServices } from '../../services';
import type { PaymentDeps } from './pay-invoice';
import { paymentText } from './present-payment';
import { markPaymentReady, payableOrder, paymentStartedFor } from './payment-steps';

type Reply = { status: boolean; message: string; paid?: boolean };

/**
 * POST /api/payment/paypal/create {id}: a PayPal order for the payment page. Before cleaning
 * it is the £0.35 verification, description 'Skip basket', our order id as its reference
 * (spec 7); once the invoice is out it is the amount due. The buyer approves it on PayPal's
 * page, which sends them back to the payment page with the PayPal order id as `token`.
 */
export async function startPayPal(
  deps: PaymentDeps & Pick<AppServices, 'links' | 'now'>,
  input: { orderId: string },
) {
  const now = deps.now();
  const order = await payableOrder(deps.db, input.orderId);
  const invoice = order.invoicedAt !== null && order.amountDuePence > 0;
  const amount = invoice ? order.amountDuePence : PAYPAL_VERIFICATION_PENCE;
  // Back to the payment page with its signed token: the buyer may come back in a new tab.
  const back = (paypal: string) =>
    `${deps.config.publicUrl}${paymentPagePath(deps, order.id, now, { paypal })}`;
  const start = await deps.payments.paypal.createOrder({
    orderId: order.id,
    amountPence: amount,
    description: invoice
      ? `${deps.config.brand.name} order ${orderNumber(deps.config.brand, order.orderNo)}`
      : 'Skip basket',
    // PayPal answers a repeated request with the same PayPal order.
    requestId: invoice ? `pay-${order.id}-${amount}-${order.paidPence}` : `verify-${order.id}`,
    returnUrl: back('approved'),
    cancelUrl: back('cancelled'),
  });
  await deps.db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: deps.payments.paypal.name === 'test' ? 'test' : 'paypal',
      kind: invoice ? 'charge' : 'paypal_verification',
      providerRef: start.paypalOrderId,
      status: 'started',
      amountPence: amount,
    })
    .onConflictDoNothing();
  return { paypal_order_id: start.paypalOrderId, approve_url: start.approveUrl };
}

/**
 * POST /paypal-success {id, payment_id}: only a PayPal order this order started counts. It is
 * captured and checked on the server (amount, currency, reference, status) before the order
 * counts as verified, or the invoice as paid. Asked twice (a reload), it counts once.
 */
export async function confirmPayPal(
  deps: PaymentDeps,
  input: { orderId: string; paypalOrderId: string },
): Promise<Reply> {
  const known = await paymentStartedFor(deps.db, input.orderId, input.paypalOrderId);
  if (!known || known.kind === 'card_setup') {
    return { status: false, message: 'This PayPal payment is not for this order.' };
  }
  const invoice = known.kind === 'charge';
  const success: Reply = invoice
    ? { status: true, paid: true, message: paymentText.paid(known.amountPence) }
    : { status: true, message: 'PayPal verified. Thank you.' };
  if (known.status === 'succeeded') return success;
  const order = await payableOrder(deps.db, input.orderId);
  if (invoice && order.amountDuePence < known.amountPence) {
    // Paid another way since (a card, or staff charged the saved card): PayPal's approval is
    // left uncaptured, so nothing is taken twice.
    const message = `Order ${orderNumber(deps.config.brand, order.orderNo)} is already paid; nothing was taken by PayPal.`;
    await deps.db
      .update(payments)
      .set({ status: 'failed', message, updatedAt: new Date() })
      .where(eq(payments.id, known.id));
    return { status: false, message };
  }
  const capture = await deps.payments.paypal.captureOrder(input.paypalOrderId);
  const valid =
    capture.status === 'captured' &&
    capture.amountPence === known.amountPence &&
    capture.currency === 'GBP' &&
    capture.referenceId === input.orderId;
  if (!valid) {
    const message =
      capture.status === 'failed'
        ? capture.message
        : 'The PayPal payment did not match this order.';
    await deps.db
      .update(payments)
      .set({ status: 'failed', message, updatedAt: new Date() })
      .where(and(eq(payments.id, known.id), ne(payments.status, 'succeeded')));
    return { status: false, message };
  }
  if (!invoice) {
    await markPaymentReady(
      deps.db,
      input.orderId,
      { method: 'paypal', state: 'paypal_verified' },
      { provider: known.provider, providerRef: input.paypalOrderId, status: 'succeeded' },
    );
    return success;
  }
  await deps.db.transaction(async (tx) => {
    const [first] = await tx
      .update(payments)
      .set({
        status: 'succeeded',
        message: null,
        // What a refund is made against.
        captureRef: capture.status === 'captured' ? capture.captureId : null,
        updatedAt: new Date(),
      })
      .where(and(eq(payments.id, known.id), ne(payments.status, 'succeeded')))
      .returning({ id: payments.id });
    if (!first) return;
    await tx.update(orders).set({ paymentMethod: 'paypal' }).where(eq(orders.id, input.orderId));
    await creditOrder(tx, { orderId: input.orderId, amountPence: known.amountPence }, deps);
  });
  return success;
}
