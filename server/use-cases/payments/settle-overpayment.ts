import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import type { VatLineInput } from '@shared/vat';
import type { RefundResult } from '../../adapters/payments/payment-provider';
import type { DbOrTx } from '../../db/client';
import { counterTickets, customerCredits, orders, payments } from '../../db/schema';
import { recordCardMoney } from '../till/till-waiting';
import { ConflictError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { paymentText } from './present-payment';
import { recordAudit, type Actor } from '../audit/record-audit';
import { overpaymentCreditEmail, refundEmail } from '../mail/order-emails';
import type { FinancialDocument } from '../../adapters/pdf/financial-document';
import {
  currentInvoice,
  issueCreditNote,
  pdfAttachment,
  succeededCharges,
} from '../invoices/vat-documents';

/** What settling uses of the services (a Pick, so callers pass `services`). */
export type SettleDeps = Pick<AppServices, 'db' | 'mail' | 'config' | 'payments' | 'logger'>;

export type Settlement = 'refund' | 'credit';

/** What has been paid on an order above its total (0 when nothing). Pure. */
export function overpaidPence(order: { paidPence: number; totalPence: number }): number {
  return Math.max(0, order.paidPence - order.totalPence);
}

/**
 * Settles what was paid above an order's total (its items were lowered after the charge, or
 * two payments crossed): given back through the provider that took it, or kept as credit on
 * the customer's account. Either way it is recorded, audited and e-mailed; the total never
 * sits silently below what was paid.
 */
export async function settleOverpayment(
  deps: SettleDeps & Pick<AppServices, 'now'>,
  input: { actor: Actor; orderId: string; how: Settlement },
): Promise<{ amountPence: number; message: string }> {
  const { actor } = input;
  const now = deps.now();
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw new NotFoundError('We could not find that order.');
  const number = orderNumber(deps.config.brand, order.orderNo);
  const excess = overpaidPence(order);
  if (excess === 0) {
    throw new ConflictError(`Nothing has been paid above the total of ${number}.`, 'nothing-paid');
  }
  return input.how === 'credit'
    ? creditOverpayment(deps, actor, order.id, now)
    : refundOverpayment(deps, actor, order.id, excess, now);
}

async function refundOverpayment(
  deps: SettleDeps,
  actor: Actor,
  orderId: string,
  excess: number,
  now: Date,
) {
  const given = await refundPaid(deps, { actor, orderId, amountPence: excess, now });
  return {
    amountPence: given,
    message: paymentText.refunded(given, excess - given),
  };
}

async function creditOverpayment(deps: SettleDeps, actor: Actor, orderId: string, now: Date) {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    const number = orderNumber(deps.config.brand, order!.orderNo);
    const excess = overpaidPence(order!);
    if (excess === 0)
      throw new ConflictError(
        `Nothing has been paid above the total of ${number}.`,
        'nothing-paid',
      );
    if (!order!.customerId) {
      throw new ConflictError(`The customer of ${number} has no account any more: refund instead.`);
    }
    await tx.insert(customerCredits).values({
      customerId: order!.customerId,
      orderId,
      amountPence: excess,
      reason: `Paid above the total of order ${number}`,
      staffId: actor.id,
      createdAt: now,
    });
    const [settled] = await tx
      .update(orders)
      .set({ paidPence: order!.paidPence - excess })
      .where(eq(orders.id, orderId))
      .returning();
    await recordAudit(tx, {
      actor,
      now,
      action: 'order.overpayment-credited',
      entity: 'order',
      entityId: orderId,
      before: { paidPence: order!.paidPence, totalPence: order!.totalPence },
      after: { paidPence: settled!.paidPence, creditPence: excess },
    });
    await deps.mail.enqueue(overpaymentCreditEmail(deps.config.brand, deps, settled!, excess), tx);
    return {
      amountPence: excess,
      message: paymentText.credited(excess),
    };
  });
}

/**
 * Gives money back through the providers that took it, newest charges first, until
 * `amountPence` is refunded; returns how much was. Each refund is asked of the provider with
 * a key that makes a retry the same refund, then recorded once. With `goodwill`, the order
 * costs that much less (its discount rises by it) and a credit note documents each refund;
 * without, it is money paid above the total (an overpayment) going back.
 */
export async function refundPaid(
  deps: SettleDeps,
  input: {
    actor: Actor;
    orderId: string;
    amountPence: number;
    now: Date;
    goodwill?: { reason: string };
  },
): Promise<number> {
  const { actor, orderId, now } = input;
  const excess = input.amountPence;
  const { charges, refunded: already } = await chargesToRefund(deps.db, orderId);
  let remaining = excess;
  let made = 0;
  for (const charge of charges) {
    if (remaining === 0) break;
    const refundable = charge.amountPence - (already.get(charge.id) ?? 0);
    const amount = Math.min(remaining, refundable);
    if (amount <= 0) continue;
    const key = `refund:${charge.id}:${already.get(charge.id) ?? 0}:${amount}`;
    const paypal = charge.captureRef !== null;
    const result: RefundResult = paypal
      ? await deps.payments.paypal.refundCapture({
          captureId: charge.captureRef!,
          amountPence: amount,
          requestId: key,
        })
      : await deps.payments.card.refundPayment({
          paymentId: charge.providerRef,
          amountPence: amount,
          idempotencyKey: key,
        });
    if (result.status === 'failed') {
      deps.logger.warn('refund refused by the provider', { orderId, chargeId: charge.id });
      if (made === 0) {
        throw new ConflictError(`The refund was refused: ${result.message}`, 'payment-refused');
      }
      break;
    }
    await recordRefund(deps, actor, {
      orderId,
      charge,
      amount,
      result,
      paypal,
      goodwill: input.goodwill,
      now,
    });
    made += 1;
    remaining -= amount;
  }
  if (made === 0) {
    throw new ConflictError(
      'No card or PayPal payment of this order can be refunded here: keep it as credit, or refund it from the provider’s dashboard.',
    );
  }
  return excess - remaining;
}

/**
 * An order's card and PayPal charges that succeeded, newest first (the latest payment is
 * given back first), and what each has had refunded or has a refund started for. A step.
 */
export async function chargesToRefund(db: DbOrTx, orderId: string) {
  const charges = (await succeededCharges(db, [orderId])).sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
  );
  const rows = await db
    .select({ of: payments.refundOf, total: sql<number>`sum(${payments.amountPence})::int` })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.kind, 'refund'),
        isNotNull(payments.refundOf),
        inArray(payments.status, ['succeeded', 'started']),
      ),
    )
    .groupBy(payments.refundOf);
  const refunded = new Map<string | null, number>(rows.map((r) => [r.of, r.total]));
  return { charges, refunded };
}

/** Records one refund the provider made, once (a retry's replay is found and skipped). */
export async function recordRefund(
  deps: SettleDeps,
  actor: Actor,
  refund: {
    orderId: string;
    charge: typeof payments.$inferSelect;
    amount: number;
    result: Extract<RefundResult, { refundId: string }>;
    paypal: boolean;
    /** `lines`: the credit note's own lines (a claim's: cleaning charge and compensation). */
    goodwill?: { reason: string; lines?: VatLineInput[] };
    /** The calling use-case's clock reading (decision 020). */
    now: Date;
  },
  /** Written in the same transaction, also when the refund was recorded already. */
  alsoWrite?: (tx: DbOrTx) => Promise<void>,
) {
  const { now } = refund;
  await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, refund.orderId))
      .for('update');
    await alsoWrite?.(tx);
    const inserted = await tx
      .insert(payments)
      .values({
        orderId: refund.orderId,
        provider: refund.charge.provider,
        kind: 'refund',
        providerRef: refund.result.refundId,
        refundOf: refund.charge.id,
        status: refund.result.status === 'succeeded' ? 'succeeded' : 'started',
        amountPence: refund.amount,
        cardBrand: refund.charge.cardBrand,
        cardLast4: refund.charge.cardLast4,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    // The provider answered a retry with a refund we recorded already.
    if (inserted.length === 0) return;
    const goodwill = refund.goodwill;
    const [settled] = await tx
      .update(orders)
      .set(
        goodwill
          ? {
              paidPence: order!.paidPence - refund.amount,
              discountPence: order!.discountPence + refund.amount,
              totalPence: order!.totalPence - refund.amount,
            }
          : { paidPence: order!.paidPence - refund.amount },
      )
      .where(eq(orders.id, refund.orderId))
      .returning();
    // A counter ticket's card money went through its branch's till: so does its refund
    // (decision 058), into the open day or the next one opened.
    const [ticket] = await tx
      .select({ branchId: counterTickets.branchId })
      .from(counterTickets)
      .where(eq(counterTickets.orderId, refund.orderId));
    if (ticket && !refund.paypal) {
      await recordCardMoney(tx, {
        branchId: ticket.branchId,
        staff: actor,
        orderId: refund.orderId,
        kind: 'refund',
        pence: -refund.amount,
        now,
        reason: goodwill
          ? `Refund to card: ${goodwill.reason}`
          : 'Paid above the total, back to the card',
      });
    }
    const invoice = goodwill ? await currentInvoice(tx, refund.orderId) : null;
    const creditNote = invoice
      ? await issueCreditNote(tx, {
          brand: deps.config.brand,
          invoice,
          order: settled!,
          lines: goodwill!.lines ?? [
            {
              description: `Refund: ${goodwill!.reason}`,
              quantity: 1,
              unitGrossPence: refund.amount,
            },
          ],
          reason: goodwill!.reason,
          now,
          paymentId: inserted[0]!.id,
        })
      : null;
    await recordAudit(tx, {
      actor,
      now,
      action: 'order.refund',
      entity: 'order',
      entityId: refund.orderId,
      before: { paidPence: order!.paidPence },
      after: {
        paidPence: settled!.paidPence,
        refundedPence: refund.amount,
        to: refund.paypal ? 'PayPal' : `card ending ${refund.charge.cardLast4 ?? '····'}`,
        ...(goodwill ? { reason: goodwill.reason, creditNote: creditNote?.number ?? null } : {}),
      },
    });
    await deps.mail.enqueue(
      {
        ...refundEmail(deps.config.brand, deps, settled!, refund.amount, {
          paypal: refund.paypal,
          cardLast4: refund.charge.cardLast4,
          reason: goodwill?.reason,
        }),
        attachments: creditNote
          ? [await pdfAttachment(creditNote.snapshot as FinancialDocument)]
          : [],
      },
      tx,
    );
  });
}
