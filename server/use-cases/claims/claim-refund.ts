import { and, eq, inArray } from 'drizzle-orm';
import type { ClaimRefundPart } from '@shared/claims/claim';
import type { VatLineInput } from '@shared/vat';
import type { RefundResult } from '../../adapters/payments/payment-provider';
import type { DbOrTx } from '../../db/client';
import { claimPayments, claims, payments } from '../../db/schema';
import { ConflictError } from '../../errors';
import type { Actor } from '../audit/record-audit';
import { chargesToRefund, recordRefund, type SettleDeps } from '../payments/settle-overpayment';

/*
 * A claim paid by refund (decision 063): planned under the order's lock, carried out through
 * the providers with one idempotency key per part of the payment attempt, so a retry (the
 * repair job's, after a timeout or a crash) is the same refund and never a second one; a part
 * answered is written on the plan and never asked again.
 */

export const refundMessages = {
  tooLarge:
    'The offer is more than can go back to the card or PayPal this order was paid with, so it cannot all go back there: please take it as account credit.',
  refused:
    'Your card or PayPal refused the refund, so nothing was paid: please take the offer as account credit, or call us.',
} as const;

/**
 * Which charges of an order give back `amountPence`, newest first. Only what was paid by card
 * or PayPal counts (cash and credit cannot go back to a card), less what was refunded or is
 * planned by another claim's payment not finished yet. The caller holds the order's row lock,
 * so two claims on one order are planned one after the other and cannot both take the same
 * money. 409 `claim-refund-too-large` when it cannot all go back.
 */
export async function planClaimRefund(
  tx: DbOrTx,
  orderId: string,
  amountPence: number,
  cleaningPence: number,
): Promise<ClaimRefundPart[]> {
  const { charges, refunded: taken } = await chargesToRefund(tx, orderId);
  // Parts planned by claims still paying and not answered yet: their refunds may have been
  // made and not recorded (a part answered is in `payments`, or took nothing).
  const pending = await tx
    .select({ plan: claimPayments.refundPlan })
    .from(claimPayments)
    .innerJoin(claims, eq(claims.id, claimPayments.claimId))
    .where(
      and(
        eq(claims.orderId, orderId),
        inArray(claimPayments.status, ['paying', 'needs-attention']),
      ),
    );
  for (const part of pending.flatMap((p) => p.plan ?? []).filter((p) => !p.outcome)) {
    taken.set(part.chargeId, (taken.get(part.chargeId) ?? 0) + part.amountPence);
  }
  const plan: ClaimRefundPart[] = [];
  let remaining = amountPence;
  let cleaningLeft = cleaningPence;
  for (const charge of charges) {
    if (remaining === 0) break;
    const amount = Math.min(remaining, charge.amountPence - (taken.get(charge.id) ?? 0));
    if (amount <= 0) continue;
    const cleaning = Math.min(cleaningLeft, amount);
    plan.push({ chargeId: charge.id, amountPence: amount, cleaningPence: cleaning });
    remaining -= amount;
    cleaningLeft -= cleaning;
  }
  if (remaining > 0) throw new ConflictError(refundMessages.tooLarge, 'claim-refund-too-large');
  return plan;
}

/** A part's idempotency key: the payment attempt's own (rows before it: claim and charge). */
export function claimRefundKey(
  payment: { claimId: number; offerId: number; attempt: string | null },
  chargeId: string,
): string {
  return payment.attempt
    ? `claim:${payment.claimId}:${payment.offerId}:${payment.attempt}:${chargeId}`
    : `claim:${payment.claimId}:${chargeId}`;
}

/**
 * Carries out a claim's refund plan: each part not answered yet asked of its provider with the
 * attempt's key (`claimRefundKey`: the same refund however often asked within the attempt),
 * recorded once with its credit note, and its outcome written on the plan in the same
 * transaction, so a later run never asks a recorded or refused part again (a provider forgets
 * its keys after a day). Returns what went back and what the provider refused. A timeout or an
 * unknown answer throws: the claim stays paying, for the repair job to ask again.
 */
export async function carryOutClaimRefund(
  deps: SettleDeps,
  input: {
    payment: { claimId: number; offerId: number; attempt: string | null };
    orderId: string;
    plan: ClaimRefundPart[];
    actor: Actor;
    now: Date;
  },
): Promise<{ refundedPence: number; refusedPence: number; refundedCleaningPence: number }> {
  const { claimId } = input.payment;
  const charges = await deps.db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.id,
        input.plan.map((p) => p.chargeId),
      ),
    );
  let refundedPence = 0;
  let refusedPence = 0;
  let refundedCleaningPence = 0;
  for (const [index, part] of input.plan.entries()) {
    const outcome = part.outcome ?? (await askPart(deps, input, index, charges));
    if (outcome.status === 'refused') {
      refusedPence += part.amountPence;
    } else {
      refundedPence += part.amountPence;
      refundedCleaningPence += part.cleaningPence ?? 0;
    }
  }
  deps.logger.info('claim refund carried out', { claimId, refundedPence, refusedPence });
  return { refundedPence, refusedPence, refundedCleaningPence };
}

/** Asks one part of the plan of its provider, records it and writes its outcome on the plan. */
async function askPart(
  deps: SettleDeps,
  input: Parameters<typeof carryOutClaimRefund>[1],
  index: number,
  charges: (typeof payments.$inferSelect)[],
): Promise<NonNullable<ClaimRefundPart['outcome']>> {
  const { claimId } = input.payment;
  const part = input.plan[index]!;
  const charge = charges.find((c) => c.id === part.chargeId)!;
  const key = claimRefundKey(input.payment, charge.id);
  const paypal = charge.captureRef !== null;
  const result: RefundResult = paypal
    ? await deps.payments.paypal.refundCapture({
        captureId: charge.captureRef!,
        amountPence: part.amountPence,
        requestId: key,
      })
    : await deps.payments.card.refundPayment({
        paymentId: charge.providerRef,
        amountPence: part.amountPence,
        idempotencyKey: key,
      });
  if (result.status === 'failed') {
    deps.logger.warn('claim refund refused by the provider', {
      claimId,
      chargeId: charge.id,
      message: result.message,
    });
    return recordRefusedPart(deps, claimId, index);
  }
  return recordRefundedPart(deps, input, index, charge, result);
}

/** Writes a part of the plan refused (by the provider, or as the owner found it). */
export async function recordRefusedPart(
  deps: Pick<SettleDeps, 'db'>,
  claimId: number,
  index: number,
): Promise<NonNullable<ClaimRefundPart['outcome']>> {
  const outcome = { status: 'refused' as const };
  await deps.db.transaction((tx) => markPart(tx, claimId, index, outcome));
  return outcome;
}

/**
 * Records a part of the plan refunded (by the provider's answer, or as the owner found it in
 * the provider's dashboard) with its credit note, and writes its outcome on the plan in the
 * same transaction. A refund recorded already (its provider reference) is not recorded twice.
 */
export async function recordRefundedPart(
  deps: SettleDeps,
  input: Pick<
    Parameters<typeof carryOutClaimRefund>[1],
    'payment' | 'orderId' | 'plan' | 'actor' | 'now'
  >,
  index: number,
  charge: typeof payments.$inferSelect,
  result: Extract<RefundResult, { refundId: string }>,
): Promise<NonNullable<ClaimRefundPart['outcome']>> {
  const { claimId } = input.payment;
  const part = input.plan[index]!;
  const outcome = { status: 'refunded' as const, refundId: result.refundId };
  await recordRefund(
    deps,
    input.actor,
    {
      orderId: input.orderId,
      charge,
      amount: part.amountPence,
      result,
      paypal: charge.captureRef !== null,
      goodwill: {
        reason: `Claim ${claimId} accepted`,
        lines: claimCreditLines(claimId, part.amountPence, part.cleaningPence ?? 0),
      },
      now: input.now,
    },
    (tx) => markPart(tx, claimId, index, outcome),
  );
  return outcome;
}

/** Writes a part's outcome on the claim's plan (under the payment row's lock). */
async function markPart(
  tx: DbOrTx,
  claimId: number,
  index: number,
  outcome: NonNullable<ClaimRefundPart['outcome']>,
) {
  const [row] = await tx
    .select({ plan: claimPayments.refundPlan })
    .from(claimPayments)
    .where(eq(claimPayments.claimId, claimId))
    .for('update');
  const plan = [...(row?.plan ?? [])];
  if (!plan[index]) return;
  plan[index] = { ...plan[index], outcome };
  await tx
    .update(claimPayments)
    .set({ refundPlan: plan })
    .where(eq(claimPayments.claimId, claimId));
}

/**
 * A claim's credit note lines for `grossPence` paid (decision 063): the cleaning charge given
 * back is a supply credited, with its VAT; the rest is compensation for the garment, no supply,
 * outside the scope of VAT (no VAT credited on it). Pure.
 */
export function claimCreditLines(
  claimId: number,
  grossPence: number,
  cleaningPence: number,
): VatLineInput[] {
  const cleaning = Math.min(cleaningPence, grossPence);
  const lines: VatLineInput[] = [];
  if (cleaning > 0) {
    lines.push({
      description: `Claim ${claimId}: cleaning charge given back`,
      quantity: 1,
      unitGrossPence: cleaning,
    });
  }
  if (grossPence > cleaning) {
    lines.push({
      description: `Claim ${claimId}: compensation for the garment (outside the scope of VAT)`,
      quantity: 1,
      unitGrossPence: grossPence - cleaning,
      outsideScope: true,
    });
  }
  return lines;
}
