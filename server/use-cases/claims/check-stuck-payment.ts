import { and, eq } from 'drizzle-orm';
import type { ClaimPaymentCheck } from '@shared/claims/input';
import { claimPayments, payments } from '../../db/schema';
import { ConflictError, ForbiddenError, ValidationError } from '../../errors';
import { recordAudit, type Actor } from '../audit/record-audit';
import { payClaim, type AcceptedClaim } from './accept-offer';
import { recordRefundedPart, recordRefusedPart } from './claim-refund';
import type { StaffScope } from './claim-scope';
import { lockClaim } from './find-fault';

/*
 * The owner's check of a claim's refund that no provider answered for 20 hours (decision 063):
 * the repair job stops asking then, since the provider may have forgotten its idempotency keys
 * and a new ask could refund twice. The owner looks in the provider's dashboard and says what
 * it shows: each unanswered part refunded (with its reference, recorded with its credit note
 * as the provider's answer would have been) or not made (the part refused). The claim is then
 * paid as at accept: what went back, and the rest as account credit; if nothing went back,
 * the customer is told their offer stands, to take as credit.
 */

export const stuckPaymentMessages = {
  notWaiting: 'This claim’s payment is not waiting for a check.',
  refs: 'Enter one refund reference for each part not answered.',
  notMade:
    'No refund was made: the customer is told their offer stands, to take as account credit.',
} as const;

type Deps = Parameters<typeof payClaim>[0];

export async function checkStuckClaimPayment(
  deps: Deps,
  input: { actor: Actor; claimId: number; check: ClaimPaymentCheck; scope?: StaffScope },
): Promise<AcceptedClaim | { notMade: true }> {
  if (input.actor.role !== 'owner') {
    throw new ForbiddenError('Only the owner checks a refund left unanswered.');
  }
  const now = deps.now();
  const { check } = input;
  const { payment, orderId } = await deps.db.transaction(async (tx) => {
    const { claim } = await lockClaim(tx, input.claimId, input.scope);
    const [row] = await tx
      .select()
      .from(claimPayments)
      .where(eq(claimPayments.claimId, claim.id))
      .for('update');
    if (row?.status !== 'needs-attention') {
      throw new ConflictError(stuckPaymentMessages.notWaiting, 'already-done');
    }
    const unanswered = (row.refundPlan ?? []).filter((p) => !p.outcome);
    if (check.found === 'refunded' && check.refund_refs.length !== unanswered.length) {
      throw new ValidationError(stuckPaymentMessages.refs, {
        refund_refs: [stuckPaymentMessages.refs],
      });
    }
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'claim.payment-checked',
      entity: 'claim',
      entityId: claim.id,
      before: { payment: 'needs-attention' },
      after:
        check.found === 'refunded'
          ? { found: 'refunded', refundRefs: check.refund_refs }
          : { found: 'not-refunded' },
    });
    return { payment: row, orderId: claim.orderId };
  });
  // Each part's outcome as the dashboard shows it (a reference recorded already is not
  // recorded twice), while the row stays needs-attention: neither the job nor an accept
  // touches it meanwhile.
  const plan = payment.refundPlan ?? [];
  const refs = check.found === 'refunded' ? [...check.refund_refs] : [];
  for (const [index, part] of plan.entries()) {
    if (part.outcome) continue;
    if (check.found === 'not-refunded') {
      await recordRefusedPart(deps, payment.claimId, index);
      continue;
    }
    const [charge] = await deps.db.select().from(payments).where(eq(payments.id, part.chargeId));
    await recordRefundedPart(
      deps,
      { payment, orderId, plan, actor: input.actor, now },
      index,
      charge!,
      { status: 'succeeded', refundId: refs.shift()! },
    );
  }
  await deps.db
    .update(claimPayments)
    .set({ status: 'paying' })
    .where(
      and(eq(claimPayments.claimId, payment.claimId), eq(claimPayments.status, 'needs-attention')),
    );
  try {
    // Every part answered now: nothing is asked of a provider.
    return await payClaim(deps, payment.claimId);
  } catch (error) {
    // Nothing went back: the payment row is freed and the customer e-mailed (as at accept).
    if (error instanceof ConflictError && error.code === 'payment-refused') {
      return { notMade: true };
    }
    throw error;
  }
}
