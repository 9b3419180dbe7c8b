import { and, eq, isNull } from 'drizzle-orm';
import type { ClaimDisputeAnswer } from '@shared/claims/input';
import { answerDueAt } from '@shared/claims/window';
import { claimDisputes, claimOffers, claims } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import { claimAnswerEmail, claimDisputeEmail } from '../mail/claim-emails';
import type { StaffScope } from './claim-scope';
import { currentClaimTable } from './claim-table';
import { lockClaim, standingOffer } from './find-fault';
import { claimMessages } from './make-claim';

/*
 * The customer disputes an offer, or the finding that declined the claim (issue 34): the file
 * goes to the owner with the reason, and a new answer time starts. The owner raises the offer
 * (a new offer row, audited, made at once) or declines with a reason.
 */

type Deps = Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>;

export async function disputeClaim(
  deps: Deps,
  input: { customerId: string; claimId: number; reason: string },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { claim, order } = await lockClaim(tx, input.claimId);
    if (claim.customerId !== input.customerId) throw new NotFoundError(claimMessages.claimNotFound);
    if (claim.status !== 'offered' && claim.status !== 'declined') {
      throw new ConflictError(
        claim.status === 'disputed'
          ? 'The owner is already looking at your dispute.'
          : 'There is no offer or answer on this claim to dispute.',
        'claim-not-offered',
      );
    }
    const offer = await standingOffer(tx, claim.id);
    const { table } = await currentClaimTable(tx);
    const due = answerDueAt(now, table.settings);
    await tx.insert(claimDisputes).values({ claimId: claim.id, reason: input.reason, madeAt: now });
    const [disputed] = await tx
      .update(claims)
      .set({ status: 'disputed', answerDueAt: due, closedAt: null })
      .where(eq(claims.id, claim.id))
      .returning();
    await deps.mail.enqueue(
      claimDisputeEmail(deps.config.brand, deps, {
        order,
        claim: disputed!,
        reason: input.reason,
        offerPence: offer?.totalPence ?? 0,
        answerBy: due,
      }),
      tx,
    );
    await recordAudit(tx, {
      actor: null,
      now,
      action: 'claim.disputed',
      entity: 'claim',
      entityId: claim.id,
      before: { status: claim.status },
      after: { by: 'customer', status: 'disputed', reason: input.reason },
    });
    return { claim: disputed! };
  });
}

export async function answerDispute(
  deps: Deps,
  input: { actor: Actor; claimId: number; answer: ClaimDisputeAnswer; scope?: StaffScope },
) {
  if (input.actor.role !== 'owner') throw new ForbiddenError('Only the owner answers a dispute.');
  const now = deps.now();
  const { answer } = input;
  return deps.db.transaction(async (tx) => {
    const { claim, order } = await lockClaim(tx, input.claimId, input.scope);
    const [dispute] = await tx
      .update(claimDisputes)
      .set({
        answer: answer.answer === 'raise' ? 'raised' : 'declined',
        answerReason: answer.reason,
        answeredBy: input.actor.id,
        answeredAt: now,
      })
      .where(and(eq(claimDisputes.claimId, claim.id), isNull(claimDisputes.answer)))
      .returning();
    if (!dispute || claim.status !== 'disputed') {
      throw new ConflictError('This claim has no dispute waiting for an answer.', 'already-done');
    }
    const before = await standingOffer(tx, claim.id);
    if (answer.answer === 'raise' && before && answer.amount <= before.totalPence) {
      throw new ConflictError('A raised offer must be more than the one standing.');
    }
    let offerId: number | null = null;
    if (answer.answer === 'raise') {
      const current = await currentClaimTable(tx);
      const [raised] = await tx
        .insert(claimOffers)
        .values({
          claimId: claim.id,
          tableVersion: before?.tableVersion ?? current.version,
          creditBonusPercent:
            before?.creditBonusPercent ?? current.table.settings.creditBonusPercent,
          totalPence: answer.amount,
          lines: before?.lines ?? [],
          needsSignOff: false,
          signedOffBy: input.actor.id,
          signedOffAt: now,
          reason: answer.reason,
          staffId: input.actor.id,
          madeAt: now,
        })
        .returning();
      offerId = raised!.id;
    }
    const [updated] = await tx
      .update(claims)
      .set(
        answer.answer === 'raise'
          ? { status: 'offered' }
          : { status: 'declined', declinedReason: answer.reason, closedAt: now },
      )
      .where(eq(claims.id, claim.id))
      .returning();
    await deps.mail.enqueue(
      claimAnswerEmail(deps.config.brand, deps, {
        order,
        claim: updated!,
        heading:
          answer.answer === 'raise' ? 'We have raised our offer' : 'Our answer to your dispute',
        paragraphs: [
          answer.answer === 'raise'
            ? 'Our owner has looked at your claim again and raised the offer. You can accept it on your claim’s page.'
            : 'Our owner has looked at your claim again and cannot change the answer.',
          answer.reason,
        ],
      }),
      tx,
    );
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: answer.answer === 'raise' ? 'claim.offer-raised' : 'claim.dispute-declined',
      entity: 'claim',
      entityId: claim.id,
      before: { status: claim.status, offerPence: before?.totalPence ?? null },
      after: {
        status: updated!.status,
        reason: answer.reason,
        ...(answer.answer === 'raise' ? { offerPence: answer.amount, offerId } : {}),
      },
    });
    return { claim: updated!, offerId };
  });
}
