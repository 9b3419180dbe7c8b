import { and, count, desc, eq } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { isAboveApproval } from '@shared/order-approval';
import type { Database } from '../../db/client';
import { orderItems, orders, payments } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import type { FinancialDocument } from '../../adapters/pdf/financial-document';
import { issueInvoice, pdfAttachment, receiptOf } from '../invoices/vat-documents';
import { recordAudit, type Actor } from '../audit/record-audit';
import { invoiceEmail, receiptEmail } from '../mail/order-emails';
import { notifyCustomer } from '../messages/notify-customer';
import type { AppServices } from '../../services';
import { paymentText } from './present-payment';
import { useAccountCredit } from '../credit/account-credit';
import { creditReferrer } from '../promos/referrals';

export type ChargeOutcome =
  | { status: 'succeeded'; amountPence: number; message: string }
  | {
      status: 'authentication_required' | 'declined';
      amountPence: number;
      /** For staff: what happened and that the customer got the link. */
      message: string;
      /** The provider's words, for the customer. */
      reason: string;
    };

/** The card saved for an order (the latest confirmed setup), or null. */
export async function savedCardOf(db: Database, orderId: string) {
  const [card] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.kind, 'card_setup'),
        eq(payments.status, 'succeeded'),
      ),
    )
    .orderBy(desc(payments.updatedAt))
    .limit(1);
  return card?.paymentMethodId && card.providerCustomerId ? card : null;
}

/**
 * Charges the amount due of an order to its saved card, off-session (payment after
 * cleaning). The provider is called outside any transaction; the result is then recorded
 * with a conditional update, so a charge is counted once even when two clicks race. A charge
 * that fails or needs the customer's bank e-mails them the payment link. A total above the
 * customer's cap is refused (409) until they approve it; the customer paying it themselves
 * (the invoice's Pay Now) is not gated: paying is agreeing (decision 024).
 */
export async function chargeSavedCard(
  deps: Pick<AppServices, 'db' | 'payments' | 'mail' | 'config' | 'links' | 'logger' | 'now'>,
  input: {
    orderId: string;
    /** The staff member who charged; audited. Absent when the customer pays themselves. */
    actor?: Actor;
  },
): Promise<ChargeOutcome> {
  const { orderId, actor } = input;
  const now = deps.now();
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new NotFoundError('We could not find that order.');
  const number = orderNumber(deps.config.brand, order.orderNo);
  if (order.amountDuePence <= 0) {
    throw new ConflictError(`Nothing is due on order ${number}.`, 'nothing-due');
  }
  // Above the customer's cap (or what they approved above it), they approve first (issue 15).
  if (isAboveApproval(order)) {
    throw new ConflictError(
      paymentText.needsApproval({
        orderNo: number,
        totalPence: order.totalPence,
        capPence: order.priceCapPence!,
        approvedPence: order.approvedPence,
      }),
      'approval-needed',
    );
  }
  // Issue 18: the customer's account credit pays first; the card is charged what is left,
  // and an order the credit covers is paid without a charge.
  const amount = await deps.db.transaction(async (tx) => {
    await useAccountCredit(tx, { orderId: order.id, now, brand: deps.config.brand });
    const [left] = await tx
      .select({ due: orders.amountDuePence })
      .from(orders)
      .where(eq(orders.id, order.id));
    return left!.due;
  });
  if (amount <= 0) {
    return {
      status: 'succeeded',
      amountPence: 0,
      message: paymentText.paidFromCredit(order.amountDuePence),
    };
  }
  const card = await savedCardOf(deps.db, order.id);
  if (!card) {
    throw new ConflictError(
      `Order ${number} has no saved card. Send the invoice so the customer can pay online.`,
      'no-saved-card',
    );
  }
  const [tried] = await deps.db
    .select({ attempts: count() })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'charge')));
  const result = await deps.payments.card.chargeOffSession({
    orderId: order.id,
    providerCustomerId: card.providerCustomerId!,
    paymentMethodId: card.paymentMethodId!,
    amountPence: amount,
    // A retry whose outcome we never heard is the same charge; one after a recorded decline
    // (the customer has since topped up, say) or with another card is a new attempt.
    idempotencyKey: `charge:${order.id}:${amount}:${order.paidPence + order.amountDuePence - amount}:${card.paymentMethodId}:${tried?.attempts ?? 0}`,
  });
  return deps.db.transaction(async (tx) => {
    if (actor) {
      await recordAudit(tx, {
        actor,
        now,
        action: 'order.charge',
        entity: 'order',
        entityId: order.id,
        before: { amountDue: amount, paymentState: order.paymentState },
        after: {
          result: result.status,
          ...(result.status === 'succeeded' ? {} : { message: result.message }),
        },
      });
    }
    const providerRef =
      result.status === 'declined'
        ? (result.chargeId ?? `declined:${order.id}:${now.getTime()}`)
        : result.chargeId;
    const inserted = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        provider: deps.payments.card.name,
        kind: 'charge',
        providerRef,
        status:
          result.status === 'succeeded'
            ? 'succeeded'
            : result.status === 'authentication_required'
              ? 'requires_action'
              : 'failed',
        amountPence: amount,
        providerCustomerId: card.providerCustomerId,
        paymentMethodId: card.paymentMethodId,
        cardBrand: card.cardBrand,
        cardLast4: card.cardLast4,
        message: result.status === 'succeeded' ? null : result.message,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (result.status === 'succeeded') {
      // The provider's idempotency returned a charge we already recorded: nothing more to do.
      if (inserted.length === 0) {
        return { status: 'succeeded', amountPence: amount, message: 'Already paid.' } as const;
      }
      await creditOrder(tx, { orderId: order.id, amountPence: amount }, deps);
      return {
        status: 'succeeded',
        amountPence: amount,
        message: paymentText.charged(amount, card.cardLast4),
      } as const;
    }
    const [updated] = await tx
      .update(orders)
      .set({
        paymentState:
          result.status === 'authentication_required' ? 'authentication_required' : 'charge_failed',
        invoicedAt: order.invoicedAt ?? now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const invoice = await issueInvoice(tx, {
      brand: deps.config.brand,
      order: updated!,
      now,
    }).catch((error: unknown) => {
      if (!(error instanceof ConflictError)) throw error;
      deps.logger.error('invoice: not issued for a failed charge', { orderId: order.id });
      return null;
    });
    await deps.mail.enqueue(
      {
        ...invoiceEmail(deps.config.brand, deps, updated!, items, now, 'charge-failed'),
        attachments: invoice ? [await pdfAttachment(invoice.snapshot as FinancialDocument)] : [],
      },
      tx,
    );
    await notifyCustomer(tx, { order: updated!, now, event: 'charge-failed' }, deps);
    return {
      status: result.status,
      amountPence: amount,
      message: `${result.message} We have e-mailed the customer the payment link.`,
      reason: result.message,
    } as const;
  });
}

/**
 * Counts a payment confirmed by the provider against the order, in the caller's transaction
 * (which has already recorded the payment row once): paid goes up, the amount due falls (to
 * 0 when paid in full), and the receipt is queued.
 */
export async function creditOrder(
  tx: Database,
  input: { orderId: string; amountPence: number },
  deps: Pick<AppServices, 'mail' | 'config' | 'logger' | 'now'>,
) {
  const { orderId, amountPence } = input;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new NotFoundError('We could not find that order.');
  const amountDuePence = Math.max(0, order.amountDuePence - amountPence);
  if (amountPence > order.amountDuePence) {
    // Two payments crossed (staff charged while the customer paid): staff refund the rest.
    deps.logger.warn('payment: more paid than due', {
      orderId,
      due: order.amountDuePence,
      paid: amountPence,
    });
  }
  const [paid] = await tx
    .update(orders)
    .set({
      paidPence: order.paidPence + amountPence,
      amountDuePence,
      paymentState: amountDuePence === 0 ? 'paid' : order.paymentState,
    })
    .where(eq(orders.id, orderId))
    .returning();
  // Issue 18: paid in full, a friend's referral behind the order is credited (once).
  if (amountDuePence === 0) {
    await creditReferrer(tx, { orderId, now: deps.now(), brand: deps.config.brand });
  }
  const receipt = await receiptDocument(tx, paid!, deps);
  await deps.mail.enqueue(
    {
      ...receiptEmail(deps.config.brand, deps, paid!, amountPence),
      attachments: receipt ? [await pdfAttachment(receipt)] : [],
    },
    tx,
  );
  return paid!;
}

/**
 * The receipt of a paid order, with its VAT invoice issued now if none was e-mailed first.
 * The money is already taken: an order that cannot be invoiced (its items do not add up to
 * its total) is logged for staff and the receipt goes without the PDF, rather than losing
 * the payment's record.
 */
async function receiptDocument(
  tx: Database,
  order: typeof orders.$inferSelect,
  deps: Pick<AppServices, 'config' | 'logger' | 'now'>,
) {
  try {
    await issueInvoice(tx, { brand: deps.config.brand, order, now: deps.now() });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    deps.logger.error('invoice: not issued for a paid order', {
      orderId: order.id,
      reason: error.message,
    });
    return null;
  }
  return receiptOf(tx, order.id);
}
