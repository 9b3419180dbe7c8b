import { and, eq } from 'drizzle-orm';
import type { ClaimSignOffAnswer } from '@shared/claims/input';
import { raisedLines } from '@shared/claims/offer';
import { claimOffers, claims } from '../../db/schema';
import { ConflictError, ForbiddenError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import { claimAnswerEmail } from '../mail/claim-emails';
import type { StaffScope } from './claim-scope';
import { lockClaim, mailOffer, standingOffer } from './find-fault';

/*
 * The owner's other answers to an offer waiting for sign-off (above the threshold, decision
 * 063): amend its amount (a new offer row, its garments' lines scaled as a raise's, signed off,
 * made to the customer) or decline the claim, each with a reason, audited and e-mailed.
 */

type Deps = Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>;

export async function answerSignOff(
  deps: Deps,
  input: { actor: Actor; claimId: number; answer: ClaimSignOffAnswer; scope?: StaffScope },
) {
  if (input.actor.role !== 'owner') {
    throw new ForbiddenError('Only the owner answers an offer above the threshold.');
  }
  const now = deps.now();
  const { answer } = input;
  return deps.db.transaction(async (tx) => {
    const { claim, order } = await lockClaim(tx, input.claimId, input.scope);
    const before = await standingOffer(tx, claim.id);
    if (claim.status !== 'sign-off' || !before) {
      throw new ConflictError('This claim has no offer waiting for sign-off.', 'already-done');
    }
    if (answer.answer === 'amend') {
      if (answer.amount <= 0) {
        throw new ConflictError(
          'An amended offer is more than £0: decline the claim instead.',
          'claim-offer-not-raised',
        );
      }
      const [amended] = await tx
        .insert(claimOffers)
        .values({
          claimId: claim.id,
          tableVersion: before.tableVersion,
          creditBonusPercent: before.creditBonusPercent,
          totalPence: answer.amount,
          lines: raisedLines(before.lines, answer.amount).map((l) => ({
            ...l,
            adjustedAt: 'sign-off' as const,
          })),
          needsSignOff: true,
          signedOffBy: input.actor.id,
          signedOffAt: now,
          reason: answer.reason,
          staffId: before.staffId,
          madeAt: now,
        })
        .returning();
      const [updated] = await tx
        .update(claims)
        .set({ status: 'offered' })
        .where(and(eq(claims.id, claim.id), eq(claims.status, 'sign-off')))
        .returning();
      await mailOffer(tx, deps, { order, claim: updated!, offer: amended! });
      await recordAudit(tx, {
        actor: input.actor,
        now,
        action: 'claim.offer-amended',
        entity: 'claim',
        entityId: claim.id,
        before: { status: 'sign-off', offerId: before.id, offerPence: before.totalPence },
        after: {
          status: 'offered',
          offerId: amended!.id,
          offerPence: answer.amount,
          reason: answer.reason,
        },
      });
      return { claim: updated!, offer: amended! };
    }
    const [declined] = await tx
      .update(claims)
      .set({ status: 'declined', declinedReason: answer.reason, closedAt: now })
      .where(and(eq(claims.id, claim.id), eq(claims.status, 'sign-off')))
      .returning();
    await deps.mail.enqueue(
      claimAnswerEmail(deps.config.brand, deps, {
        order,
        claim: declined!,
        heading: 'We have looked into your claim',
        paragraphs: [
          `Our owner has looked at your claim and declined it: ${answer.reason}`,
          'If you think we are wrong, you can dispute this answer on your claim’s page: the owner will look at it again.',
        ],
      }),
      tx,
    );
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'claim.sign-off-declined',
      entity: 'claim',
      entityId: claim.id,
      before: { status: 'sign-off', offerId: before.id, offerPence: before.totalPence },
      after: { status: 'declined', reason: answer.reason },
    });
    return { claim: declined!, offer: null };
  });
}
