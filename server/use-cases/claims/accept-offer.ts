import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { offerCleaningPence, type ClaimPayMethod } from '@shared/claims/claim';
import type { VatLineInput } from '@shared/vat';
import { creditWithBonus } from '@shared/claims/offer';
import type { FinancialDocument } from '../../adapters/pdf/financial-document';
import type { DbOrTx } from '../../db/client';
import {
  claimOffers,
  claimPayments,
  claims,
  customerCredits,
  financialDocuments,
  orders,
  staffUsers,
} from '../../db/schema';
import { ConflictError, isRefusal, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import {
  currentInvoice,
  issueCreditNote,
  issueInvoice,
  pdfAttachment,
} from '../invoices/vat-documents';
import { claimAnswerEmail, claimPaidEmail } from '../mail/claim-emails';
import {
  carryOutClaimRefund,
  claimCreditLines,
  planClaimRefund,
  refundMessages,
} from './claim-refund';
import { lockClaim, standingOffer } from './find-fault';
import { claimMessages } from './make-claim';

/*
 * The customer accepts the standing offer (issue 34, decision 063): paid at once, by refund to
 * the card or PayPal that paid the order (through the provider, as refunds are) or as account
 * credit with the offer's own bonus, with a credit note and an e-mail. A claim is paid once:
 * its `claim_payments` row (primary key: the claim) is written first, under the claim's and the
 * order's row locks, so a second accept at the same moment finds it and pays nothing (409
 * `claim-paid`), and a second claim on the order cannot plan the same card money.
 *
 * A refund's row is freed only when the provider refuses every part of it (409
 * `payment-refused`: nothing was paid). A timeout or an unknown answer leaves it `paying`: the
 * repair job (`finishPayingClaims`) asks again with the same keys until it is paid or refused.
 * A part refused after another went back is put on the account as credit, and the customer
 * told: they receive the whole offer either way.
 */

type Deps = Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'payments' | 'logger' | 'now'>;

const paidMessage = 'This claim has been paid already.';
const checkedMessage =
  'The refund of this claim is being checked by the shop with the card or PayPal provider: we will be in touch.';

export type AcceptedClaim = {
  claim: typeof claims.$inferSelect;
  method: ClaimPayMethod;
  /** Paid in all; of it, what went back to the card or PayPal and what on as credit. */
  paidPence: number;
  refundedPence: number;
  creditPence: number;
  creditNote: string | null;
  /** The provider did not answer: the refund is being finished by the repair job. */
  pending: boolean;
};

export async function acceptOffer(
  deps: Deps,
  input: { customerId: string; claimId: number; method: ClaimPayMethod },
): Promise<AcceptedClaim> {
  const now = deps.now();
  // Step 1: take the claim's payment row, or find it taken; plan a refund under the order's lock.
  const taken = await deps.db.transaction(async (tx) => {
    const { claim } = await lockClaim(tx, input.claimId);
    if (claim.customerId !== input.customerId) throw new NotFoundError(claimMessages.claimNotFound);
    const offer = await standingOffer(tx, claim.id);
    if (claim.status === 'paid') throw new ConflictError(paidMessage, 'claim-paid');
    if (claim.status !== 'offered' || !offer) {
      throw new ConflictError(
        'There is no offer on this claim to accept yet.',
        'claim-not-offered',
      );
    }
    // Refunds name who authorised the offer: refused now if they have left, before any row.
    if (input.method === 'refund') await authorisedBy(tx, offer);
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, claim.orderId))
      .for('update');
    const [already] = await tx
      .select({ status: claimPayments.status })
      .from(claimPayments)
      .where(eq(claimPayments.claimId, claim.id));
    if (already?.status === 'needs-attention') {
      throw new ConflictError(checkedMessage, 'claim-paid');
    }
    if (already) throw new ConflictError(paidMessage, 'claim-paid');
    const refundPlan =
      input.method === 'refund'
        ? await planClaimRefund(tx, order!.id, offer.totalPence, offerCleaningPence(offer))
        : null;
    const [row] = await tx
      .insert(claimPayments)
      .values({
        claimId: claim.id,
        offerId: offer.id,
        method: input.method,
        offerPence: offer.totalPence,
        paidPence:
          input.method === 'credit' ? creditWithBonus(offer.totalPence, offer) : offer.totalPence,
        refundPlan,
        // This attempt's own keys: a later accept (after a refusal, a dispute, a raise) is another.
        attempt: randomUUID(),
        status: 'paying',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ConflictError(paidMessage, 'claim-paid');
    return row;
  });
  return payClaim(deps, taken.claimId);
}

/**
 * Pays a claim whose payment row is `paying`: the refund's plan carried out (again, with the
 * same keys, when repairing), then the claim closed as paid. Used by accept and the repair job.
 */
export async function payClaim(deps: Deps, claimId: number): Promise<AcceptedClaim> {
  const now = deps.now();
  const [row] = await deps.db
    .select({ payment: claimPayments, offer: claimOffers, claim: claims })
    .from(claimPayments)
    .innerJoin(claimOffers, eq(claimOffers.id, claimPayments.offerId))
    .innerJoin(claims, eq(claims.id, claimPayments.claimId))
    .where(eq(claimPayments.claimId, claimId));
  if (!row) throw new NotFoundError(claimMessages.claimNotFound);
  const { payment, offer } = row;
  if (payment.status === 'paid') return paidResult(row.claim, payment, null, false);
  // Unanswered for too long: left to staff, never asked again (decision 063).
  if (payment.status === 'needs-attention') return paidResult(row.claim, payment, null, true);
  let refundedPence = 0;
  let refundedCleaningPence = 0;
  if (payment.method === 'refund') {
    let outcome: Awaited<ReturnType<typeof carryOutClaimRefund>>;
    try {
      outcome = await carryOutClaimRefund(deps, {
        payment,
        orderId: row.claim.orderId,
        plan: payment.refundPlan ?? [],
        actor: await authorisedBy(deps.db, offer),
        now,
      });
    } catch (error) {
      if (isRefusal(error)) throw error;
      // No answer from the provider: the money may have moved. Left paying, for the repair job.
      deps.logger.warn('claim refund unfinished: the repair job will ask again', {
        claimId,
        error: error instanceof Error ? error.message : String(error),
      });
      return paidResult(row.claim, payment, null, true);
    }
    if (outcome.refundedPence === 0) {
      // Refused outright: nothing was paid, so the claim may be accepted again (as credit).
      // Told by e-mail too: after a repair, the customer is no longer waiting on the reply.
      await deps.db.transaction(async (tx) => {
        await tx
          .delete(claimPayments)
          .where(and(eq(claimPayments.claimId, claimId), eq(claimPayments.status, 'paying')));
        const [order] = await tx.select().from(orders).where(eq(orders.id, row.claim.orderId));
        await deps.mail.enqueue(
          claimAnswerEmail(deps.config.brand, deps, {
            order: order!,
            claim: row.claim,
            heading: 'Your refund could not be made',
            paragraphs: [refundMessages.refused, 'Your offer still stands on your claim’s page.'],
          }),
          tx,
        );
      });
      throw new ConflictError(refundMessages.refused, 'payment-refused');
    }
    refundedPence = outcome.refundedPence;
    refundedCleaningPence = outcome.refundedCleaningPence;
  }
  return finishClaimPayment(deps, { claimId, refundedPence, refundedCleaningPence, now });
}

function paidResult(
  claim: typeof claims.$inferSelect,
  payment: typeof claimPayments.$inferSelect,
  creditNote: string | null,
  pending: boolean,
): AcceptedClaim {
  return {
    claim,
    method: payment.method,
    paidPence: payment.paidPence,
    refundedPence: payment.refundedPence,
    creditPence: payment.creditPence,
    creditNote,
    pending,
  };
}

/** Step 3, once: the credit (all of it, or a refund's refused rest), the note, paid, the e-mail. */
async function finishClaimPayment(
  deps: Deps,
  input: { claimId: number; refundedPence: number; refundedCleaningPence: number; now: Date },
): Promise<AcceptedClaim> {
  const { now } = input;
  return deps.db.transaction(async (tx) => {
    const { claim, order } = await lockClaim(tx, input.claimId);
    const [payment] = await tx
      .select()
      .from(claimPayments)
      .where(eq(claimPayments.claimId, claim.id));
    if (!payment || payment.status === 'paid') {
      // Finished by another run (the repair job, or an accept's own) in the meantime.
      if (!payment) throw new ConflictError(paidMessage, 'claim-paid');
      return paidResult(claim, payment, null, false);
    }
    const [offer] = await tx.select().from(claimOffers).where(eq(claimOffers.id, payment.offerId));
    const refund = payment.method === 'refund';
    const creditPence = refund ? payment.paidPence - input.refundedPence : payment.paidPence;
    let creditNote: typeof financialDocuments.$inferSelect | null = null;
    if (creditPence > 0 && order.customerId) {
      await tx.insert(customerCredits).values({
        customerId: order.customerId,
        orderId: order.id,
        amountPence: creditPence,
        reason: refund
          ? `Claim ${claim.id}: the part of the refund the card or PayPal refused`
          : `Claim ${claim.id} accepted as credit (offer with our bonus)`,
        createdAt: now,
      });
      // On the credit note: the offer (a refused rest: that part), not the bonus, which is
      // the shop's gift; its cleaning charges with VAT, the compensation outside its scope.
      const grossPence = refund ? creditPence : offer!.totalPence;
      const cleaningPence = offerCleaningPence(offer!) - input.refundedCleaningPence;
      creditNote = await claimCreditNote(tx, deps, {
        order,
        claimId: claim.id,
        lines: claimCreditLines(claim.id, grossPence, cleaningPence),
        now,
      });
    }
    if (refund && !creditNote) creditNote = await latestCreditNote(tx, order.id);
    const [paidRow] = await tx
      .update(claimPayments)
      .set({
        status: 'paid',
        paidAt: now,
        refundedPence: refund ? input.refundedPence : 0,
        creditPence,
        creditNoteId: creditNote?.id ?? null,
      })
      .where(and(eq(claimPayments.claimId, claim.id), eq(claimPayments.status, 'paying')))
      .returning();
    const [paid] = await tx
      .update(claims)
      .set({ status: 'paid', closedAt: now })
      .where(and(eq(claims.id, claim.id), eq(claims.status, 'offered')))
      .returning();
    if (!paid) {
      throw new ConflictError('This claim is no longer waiting on its offer.', 'claim-not-offered');
    }
    await deps.mail.enqueue(
      claimPaidEmail(deps.config.brand, deps, {
        order,
        claim: paid,
        method: payment.method,
        paidPence: payment.paidPence,
        offerPence: payment.offerPence,
        creditPence: refund ? creditPence : undefined,
        creditNote:
          creditNote && creditPence > 0
            ? {
                number: creditNote.number,
                attachment: await pdfAttachment(creditNote.snapshot as FinancialDocument),
              }
            : null,
      }),
      tx,
    );
    await recordAudit(tx, {
      actor: null,
      now,
      action: 'claim.paid',
      entity: 'claim',
      entityId: claim.id,
      before: { status: 'offered' },
      after: {
        by: 'customer',
        method: payment.method,
        offerPence: payment.offerPence,
        paidPence: payment.paidPence,
        refundedPence: paidRow!.refundedPence,
        creditPence,
        creditNote: creditNote?.number ?? null,
      },
    });
    return paidResult(paid, paidRow!, creditNote?.number ?? null, false);
  });
}

/** The credit note of a claim's credit against the order's invoice (issued if need be). */
async function claimCreditNote(
  tx: DbOrTx,
  deps: Deps,
  input: { order: typeof orders.$inferSelect; claimId: number; lines: VatLineInput[]; now: Date },
) {
  const { order, now } = input;
  const invoice =
    (await currentInvoice(tx, order.id)) ??
    (order.paidPence > 0 ? await issueInvoice(tx, { brand: deps.config.brand, order, now }) : null);
  if (!invoice) return null;
  return issueCreditNote(tx, {
    brand: deps.config.brand,
    invoice,
    order,
    lines: input.lines,
    reason: `Claim ${input.claimId} accepted as account credit`,
    now,
  });
}

async function latestCreditNote(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select()
    .from(financialDocuments)
    .where(and(eq(financialDocuments.orderId, orderId), eq(financialDocuments.kind, 'credit-note')))
    .orderBy(desc(financialDocuments.seq))
    .limit(1);
  return row ?? null;
}

/**
 * Who authorised the money of an offer: the owner who signed it off, else the member of staff
 * whose finding made it (the refund's audit entry and a counter till's entry name them).
 */
async function authorisedBy(db: DbOrTx, offer: typeof claimOffers.$inferSelect): Promise<Actor> {
  const id = offer.signedOffBy ?? offer.staffId;
  const [staff] = id ? await db.select().from(staffUsers).where(eq(staffUsers.id, id)) : [];
  if (!staff)
    throw new ConflictError(
      'The member of staff who made this offer has left: please call us.',
      'claim-staff-left',
    );
  return { id: staff.id, name: staff.name, role: staff.role };
}
