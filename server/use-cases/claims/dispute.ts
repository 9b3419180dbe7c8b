import { and, asc, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { ClaimDisputeAnswer } from '@shared/claims/input';
import { answerDueAt } from '@shared/claims/window';
import { raisedLines } from '@shared/claims/offer';
import type { DbOrTx } from '../../db/client';
import {
  claimDisputes,
  claimItems,
  claimOffers,
  claimPayments,
  claims,
  orderGarments,
} from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import { claimAnswerEmail, claimDisputeEmail } from '../mail/claim-emails';
import type { StaffScope } from './claim-scope';
import { currentClaimTable, type VersionedTable } from './claim-table';
import { lockClaim, offerLine, standingOffer } from './find-fault';
import { claimMessages } from './make-claim';

/*
 * The customer disputes an offer, or the finding that declined the claim (issue 34): the file
 * goes to the owner with the reason, and a new answer time starts. The owner raises the offer
 * (a new offer row, audited, made at once) or declines with a reason.
 */

type Deps = Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>;

export const disputeMessages = {
  pending: 'The owner is already looking at your dispute.',
  final:
    'The owner has answered your dispute already: that answer is final. Please call us if you wish to talk it over.',
} as const;

export async function disputeClaim(
  deps: Deps,
  input: { customerId: string; claimId: number; reason: string },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { claim, order } = await lockClaim(tx, input.claimId);
    if (claim.customerId !== input.customerId) throw new NotFoundError(claimMessages.claimNotFound);
    const earlier = await tx
      .select({ answer: claimDisputes.answer })
      .from(claimDisputes)
      .where(eq(claimDisputes.claimId, claim.id));
    if (claim.status === 'disputed') {
      throw new ConflictError(disputeMessages.pending, 'claim-disputed');
    }
    // A decline is disputed once, and the owner declining a dispute is final (of an offer too).
    if (
      (claim.status === 'declined' && earlier.length > 0) ||
      earlier.some((d) => d.answer === 'declined')
    ) {
      throw new ConflictError(disputeMessages.final, 'claim-disputed');
    }
    const offer = await standingOffer(tx, claim.id);
    const { table } = await currentClaimTable(tx);
    const due = answerDueAt(now, table.settings);
    // Guarded in SQL: only an offered or declined claim, and none being paid (an accept at the
    // same moment takes the payment row under the same claim lock, and then wins).
    const [disputed] = await tx
      .update(claims)
      .set({ status: 'disputed', answerDueAt: due, closedAt: null })
      .where(
        and(
          eq(claims.id, claim.id),
          inArray(claims.status, ['offered', 'declined']),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(claimPayments)
              .where(eq(claimPayments.claimId, claim.id)),
          ),
        ),
      )
      .returning();
    if (!disputed) {
      throw new ConflictError(
        claim.status === 'paid' || claim.status === 'offered'
          ? 'This claim is being paid: it can no longer be disputed.'
          : 'There is no offer or answer on this claim to dispute.',
        claim.status === 'paid' || claim.status === 'offered' ? 'claim-paid' : 'claim-not-offered',
      );
    }
    await tx.insert(claimDisputes).values({
      claimId: claim.id,
      reason: input.reason,
      disputed: claim.status === 'offered' ? 'offered' : 'declined',
      madeAt: now,
    });
    await deps.mail.enqueue(
      claimDisputeEmail(deps.config.brand, deps, {
        order,
        claim: disputed,
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
    return { claim: disputed };
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
    // What was disputed: an offer made, or a decline (rows from before `disputed`: a claim
    // never declined had an offer). A decline's offer (one the owner declined at sign-off) was
    // never made: a raise need not pass it.
    const ofOffer =
      before !== null &&
      (dispute.disputed ?? (claim.declinedReason ? 'declined' : 'offered')) === 'offered';
    if (answer.answer === 'raise' && ofOffer && before && answer.amount <= before.totalPence) {
      throw new ConflictError(
        'A raised offer must be more than the one standing.',
        'claim-offer-not-raised',
      );
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
          lines: raisedLines(
            before?.lines.length ? before.lines : await tableLines(tx, claim.id, current),
            answer.amount,
          ).map((l) => ({ ...l, adjustedAt: undefined })),
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
    // Declining the dispute of an offer leaves the offer standing (final); of a decline, the
    // claim stays declined.
    const offerStands = answer.answer === 'decline' && ofOffer;
    const [updated] = await tx
      .update(claims)
      .set(
        answer.answer === 'raise' || offerStands
          ? { status: 'offered' }
          : { status: 'declined', declinedReason: answer.reason, closedAt: now },
      )
      .where(and(eq(claims.id, claim.id), eq(claims.status, 'disputed')))
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
            : offerStands
              ? 'Our owner has looked at your claim again and cannot change the offer: it stands, and you can accept it on your claim’s page.'
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

/**
 * The lines of a declined claim's garments from the table in force (re-cleans aside): the base
 * the owner's raise is shared over, so its lines add up to it (decision 063).
 */
async function tableLines(tx: DbOrTx, claimId: number, current: VersionedTable) {
  const rows = await tx
    .select({ item: claimItems, garment: orderGarments })
    .from(claimItems)
    .innerJoin(orderGarments, eq(orderGarments.id, claimItems.orderGarmentId))
    .where(and(eq(claimItems.claimId, claimId), ne(claimItems.kind, 're-clean')))
    .orderBy(asc(claimItems.id));
  return rows.map(({ item, garment }) => offerLine(current.table, current.version, item, garment));
}
