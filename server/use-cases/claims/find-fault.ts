import { and, asc, desc, eq } from 'drizzle-orm';
import type { ClaimOfferLine } from '@shared/claims/claim';
import { claimFaultLabels, declinedSentence } from '@shared/claims/claim';
import type { ClaimFindingInput } from '@shared/claims/input';
import { explainOffer, makeOffer, needsOwnerSignOff } from '@shared/claims/offer';
import type { ClaimTable } from '@shared/claims/table';
import type { DbOrTx } from '../../db/client';
import { claimItems, claimOffers, claims, orderGarments, orders } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import { claimAnswerEmail, claimOfferEmail } from '../mail/claim-emails';
import { assertInScope, type StaffScope } from './claim-scope';
import { currentClaimTable } from './claim-table';
import { claimMessages } from './make-claim';

/*
 * Staff's finding of fault on a claim (issue 34, decision 063), and the owner's sign-off. A
 * finding of "ours" makes the offer at once from the table in force, when it is at or below
 * the owner's threshold; above it the offer waits for the owner. "Not ours" on every garment
 * declines the claim with the reason, e-mailed.
 */

type Deps = Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>;

/** Locks a claim's row (404 when absent, or outside staff's branch `scope`) with its order. */
export async function lockClaim(tx: DbOrTx, claimId: number, scope?: StaffScope) {
  const [claim] = await tx.select().from(claims).where(eq(claims.id, claimId)).for('update');
  if (!claim) throw new NotFoundError(claimMessages.claimNotFound);
  const [order] = await tx.select().from(orders).where(eq(orders.id, claim.orderId));
  assertInScope(scope, order!.branchId);
  return { claim, order: order! };
}

/** A garment's line of an offer, from a table (a step: pure). */
export function offerLine(
  table: ClaimTable,
  version: number,
  item: typeof claimItems.$inferSelect,
  garment: typeof orderGarments.$inferSelect,
): ClaimOfferLine {
  const offer = makeOffer(table, version, {
    category: item.category,
    ageMonths: item.ageMonths,
    condition: item.condition,
    statedCostPence: item.statedCostPence,
    receipt: item.receiptPhotoId !== null,
    cleaningChargePence: item.cleaningChargePence,
  });
  return {
    ...offer,
    claimItemId: item.id,
    garment: `Tag ${garment.tagNumber} · ${garment.itemName}`,
  };
}

/** The offer standing on a claim: its newest. */
export async function standingOffer(db: DbOrTx, claimId: number) {
  const [offer] = await db
    .select()
    .from(claimOffers)
    .where(eq(claimOffers.claimId, claimId))
    .orderBy(desc(claimOffers.id))
    .limit(1);
  return offer ?? null;
}

export async function recordFinding(
  deps: Deps,
  input: ClaimFindingInput & { actor: Actor; claimId: number; scope?: StaffScope },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { claim, order } = await lockClaim(tx, input.claimId, input.scope);
    if (claim.status !== 'open') {
      throw new ConflictError(
        'The finding on this claim has been recorded already.',
        'already-done',
      );
    }
    const items = await tx
      .select({ item: claimItems, garment: orderGarments })
      .from(claimItems)
      .innerJoin(orderGarments, eq(orderGarments.id, claimItems.orderGarmentId))
      .where(eq(claimItems.claimId, claim.id))
      .orderBy(asc(claimItems.id));
    const toFind = items.filter((r) => r.item.kind !== 're-clean');
    const byItem = new Map(input.findings.map((f) => [f.claim_item_id, f]));
    const missing = toFind.filter((r) => !byItem.has(r.item.id));
    const unknown = input.findings.filter(
      (f) => !toFind.some((r) => r.item.id === f.claim_item_id),
    );
    if (missing.length || unknown.length) {
      const message = 'Record one finding for each claimed garment (re-cleans need none).';
      throw new ValidationError(message, { findings: [message] });
    }
    const { version, table } = await currentClaimTable(tx);
    const lines: ClaimOfferLine[] = [];
    let mixUps = 0;
    for (const { item, garment } of toFind) {
      const finding = byItem.get(item.id)!;
      const condition = finding.condition ?? item.condition;
      await tx
        .update(claimItems)
        .set({
          fault: finding.fault,
          faultBy: input.actor.id,
          faultAt: now,
          condition,
          conditionReason: finding.condition
            ? (finding.condition_reason ?? '')
            : item.conditionReason,
        })
        .where(eq(claimItems.id, item.id));
      if (finding.fault !== 'ours') continue;
      // Someone else's garment in the bag is a mix-up to trace, not a garment to pay for.
      if (item.kind === 'not-mine') mixUps += 1;
      else lines.push(offerLine(table, version, { ...item, condition }, garment));
    }
    const audit = {
      findings: input.findings.map((f) => ({ ...f })),
      tableVersion: version,
    };
    if (lines.length === 0 && mixUps > 0) {
      return mixUp(tx, deps, {
        claim,
        order,
        actor: input.actor,
        reason: input.reason,
        audit,
        now,
      });
    }
    if (lines.length === 0) {
      const reason =
        input.reason ||
        [...new Set(input.findings.map((f) => claimFaultLabels[f.fault]))].join('; ');
      const [declined] = await tx
        .update(claims)
        .set({ status: 'declined', declinedReason: reason, closedAt: now })
        .where(and(eq(claims.id, claim.id), eq(claims.status, 'open')))
        .returning();
      await deps.mail.enqueue(
        claimAnswerEmail(deps.config.brand, deps, {
          order,
          claim: declined!,
          heading: 'We have looked into your claim',
          paragraphs: [
            declinedSentence(
              toFind.map((r) => r.item.kind),
              reason,
            ),
            'If you think we are wrong, reply to this e-mail or call us: the owner will look at it again.',
          ],
        }),
        tx,
      );
      await recordAudit(tx, {
        actor: input.actor,
        now,
        action: 'claim.declined',
        entity: 'claim',
        entityId: claim.id,
        before: { status: claim.status },
        after: { status: 'declined', reason, ...audit },
      });
      return { claim: declined!, offer: null };
    }
    const totalPence = lines.reduce((sum, l) => sum + l.totalPence, 0);
    const signOff = needsOwnerSignOff(totalPence, table.settings);
    const [offer] = await tx
      .insert(claimOffers)
      .values({
        claimId: claim.id,
        tableVersion: version,
        totalPence,
        lines,
        creditBonusPercent: table.settings.creditBonusPercent,
        needsSignOff: signOff,
        staffId: input.actor.id,
        madeAt: now,
      })
      .returning();
    const [updated] = await tx
      .update(claims)
      .set({ status: signOff ? 'sign-off' : 'offered' })
      .where(and(eq(claims.id, claim.id), eq(claims.status, 'open')))
      .returning();
    if (!signOff) await mailOffer(tx, deps, { order, claim: updated!, offer: offer! });
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'claim.finding',
      entity: 'claim',
      entityId: claim.id,
      before: { status: claim.status },
      after: { status: updated!.status, offerId: offer!.id, totalPence, ...audit },
    });
    return { claim: updated!, offer: offer! };
  });
}

/**
 * A claim whose only garments found ours are someone else's ("not mine"): a mix-up, which staff
 * put right (the stray garment collected, the customer's own traced), with no offer: closed as
 * `mix-up` and the customer told what staff found (decision 063).
 */
async function mixUp(
  tx: DbOrTx,
  deps: Deps,
  input: {
    claim: typeof claims.$inferSelect;
    order: typeof orders.$inferSelect;
    actor: Actor;
    reason: string;
    audit: Record<string, unknown>;
    now: Date;
  },
) {
  const { claim, now } = input;
  const reason = input.reason || 'We mixed up a garment of your order with another customer’s.';
  const [traced] = await tx
    .update(claims)
    .set({ status: 'mix-up', declinedReason: null, closedAt: now })
    .where(and(eq(claims.id, claim.id), eq(claims.status, 'open')))
    .returning();
  await deps.mail.enqueue(
    claimAnswerEmail(deps.config.brand, deps, {
      order: input.order,
      claim: traced!,
      heading: 'We are putting the mix-up right',
      paragraphs: [
        reason,
        'We will collect the garment that is not yours, and bring back yours. If yours cannot be found, claim it as missing from your order’s page.',
      ],
    }),
    tx,
  );
  await recordAudit(tx, {
    actor: input.actor,
    now,
    action: 'claim.mix-up',
    entity: 'claim',
    entityId: claim.id,
    before: { status: claim.status },
    after: { status: 'mix-up', reason, ...input.audit },
  });
  return { claim: traced!, offer: null };
}

export async function mailOffer(
  tx: DbOrTx,
  deps: Deps,
  input: {
    order: typeof orders.$inferSelect;
    claim: typeof claims.$inferSelect;
    offer: typeof claimOffers.$inferSelect;
  },
) {
  await deps.mail.enqueue(
    claimOfferEmail(deps.config.brand, deps, {
      order: input.order,
      claim: input.claim,
      totalPence: input.offer.totalPence,
      lines: input.offer.lines.flatMap((l) => [`${l.garment}:`, ...explainOffer(l)]),
    }),
    tx,
  );
}

/** The owner signs off an offer above the threshold: it is then made to the customer. */
export async function signOffOffer(
  deps: Deps,
  input: { actor: Actor; claimId: number; scope?: StaffScope },
) {
  if (input.actor.role !== 'owner') {
    throw new ForbiddenError('Only the owner signs off an offer above the threshold.');
  }
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { claim, order } = await lockClaim(tx, input.claimId, input.scope);
    const offer = await standingOffer(tx, claim.id);
    if (claim.status !== 'sign-off' || !offer) {
      throw new ConflictError('This claim has no offer waiting for sign-off.', 'already-done');
    }
    await tx
      .update(claimOffers)
      .set({ signedOffBy: input.actor.id, signedOffAt: now })
      .where(eq(claimOffers.id, offer.id));
    const [updated] = await tx
      .update(claims)
      .set({ status: 'offered' })
      .where(and(eq(claims.id, claim.id), eq(claims.status, 'sign-off')))
      .returning();
    await mailOffer(tx, deps, { order, claim: updated!, offer });
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'claim.signed-off',
      entity: 'claim',
      entityId: claim.id,
      before: { status: 'sign-off' },
      after: { status: 'offered', offerId: offer.id, totalPence: offer.totalPence },
    });
    return { claim: updated!, offer };
  });
}
