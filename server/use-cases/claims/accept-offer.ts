import { and, desc, eq } from 'drizzle-orm';
import type { ClaimPayMethod } from '@shared/claims/claim';
import { creditWithBonus } from '@shared/claims/offer';
import type { FinancialDocument } from '../../adapters/pdf/financial-document';
import type { DbOrTx } from '../../db/client';
import type { claimOffers } from '../../db/schema';
import {
  claimPayments,
  claims,
  customerCredits,
  financialDocuments,
  staffUsers,
} from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import {
  currentInvoice,
  issueCreditNote,
  issueInvoice,
  pdfAttachment,
} from '../invoices/vat-documents';
import { claimPaidEmail } from '../mail/claim-emails';
import { refundPaid } from '../payments/settle-overpayment';
import { currentClaimTable } from './claim-table';
import { lockClaim, standingOffer } from './find-fault';
import { claimMessages } from './make-claim';

/*
 * The customer accepts the standing offer (issue 34, decision 063): paid at once, by refund to
 * the card or PayPal that paid the order (through the provider, as refunds are) or as account
 * credit with the owner's bonus, with a credit note and an e-mail. A claim is paid once: its
 * `claim_payments` row (primary key: the claim) is written first, under the claim's row lock,
 * so a second accept at the same moment finds it and pays nothing (409 `claim-paid`).
 */

type Deps = Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'payments' | 'logger' | 'now'>;

const paidMessage = 'This claim has been paid already.';

export async function acceptOffer(
  deps: Deps,
  input: { customerId: string; claimId: number; method: ClaimPayMethod },
) {
  const now = deps.now();
  // Step 1: take the claim's payment row, or find it taken.
  const taken = await deps.db.transaction(async (tx) => {
    const { claim, order } = await lockClaim(tx, input.claimId);
    if (claim.customerId !== input.customerId) throw new NotFoundError(claimMessages.claimNotFound);
    const offer = await standingOffer(tx, claim.id);
    if (claim.status === 'paid') throw new ConflictError(paidMessage, 'claim-paid');
    if (claim.status !== 'offered' || !offer) {
      throw new ConflictError(
        'There is no offer on this claim to accept yet.',
        'claim-not-offered',
      );
    }
    if (input.method === 'refund' && offer.totalPence > order.paidPence) {
      throw new ConflictError(
        'The offer is more than was paid on this order by card or PayPal, so it cannot all go back there: please take it as account credit.',
        'claim-refund-too-large',
      );
    }
    const { table } = await currentClaimTable(tx);
    const paidPence =
      input.method === 'credit'
        ? creditWithBonus(offer.totalPence, table.settings)
        : offer.totalPence;
    const [row] = await tx
      .insert(claimPayments)
      .values({
        claimId: claim.id,
        offerId: offer.id,
        method: input.method,
        offerPence: offer.totalPence,
        paidPence,
        status: 'paying',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ConflictError(paidMessage, 'claim-paid');
    return { claim, order, offer, payment: row };
  });

  // Step 2: the money. A refund goes through the provider outside any transaction (its own
  // idempotency key); if the provider refuses, the payment row is given back.
  if (input.method === 'refund') {
    try {
      await refundPaid(deps, {
        actor: await authorisedBy(deps.db, taken.offer),
        orderId: taken.order.id,
        amountPence: taken.payment.paidPence,
        now,
        goodwill: { reason: `Claim ${taken.claim.id} accepted` },
      });
    } catch (error) {
      await deps.db
        .delete(claimPayments)
        .where(and(eq(claimPayments.claimId, taken.claim.id), eq(claimPayments.status, 'paying')));
      throw error;
    }
  }

  // Step 3: credit (in this transaction), the credit note, the claim paid, the e-mail.
  return deps.db.transaction(async (tx) => {
    const { claim, order } = await lockClaim(tx, taken.claim.id);
    let creditNote: typeof financialDocuments.$inferSelect | null = null;
    if (input.method === 'credit') {
      await tx.insert(customerCredits).values({
        customerId: input.customerId,
        orderId: order.id,
        amountPence: taken.payment.paidPence,
        reason: `Claim ${claim.id} accepted as credit (offer with our bonus)`,
        createdAt: now,
      });
      const invoice =
        (await currentInvoice(tx, order.id)) ??
        (order.paidPence > 0
          ? await issueInvoice(tx, { brand: deps.config.brand, order, now })
          : null);
      creditNote = invoice
        ? await issueCreditNote(tx, {
            brand: deps.config.brand,
            invoice,
            order,
            lines: [
              {
                description: `Claim ${claim.id}: offer accepted as account credit`,
                quantity: 1,
                unitGrossPence: taken.offer.totalPence,
              },
            ],
            reason: `Claim ${claim.id} accepted as account credit`,
            now,
          })
        : null;
    } else {
      creditNote = await latestCreditNote(tx, order.id);
    }
    await tx
      .update(claimPayments)
      .set({ status: 'paid', paidAt: now, creditNoteId: creditNote?.id ?? null })
      .where(eq(claimPayments.claimId, claim.id));
    const [paid] = await tx
      .update(claims)
      .set({ status: 'paid', closedAt: now })
      .where(eq(claims.id, claim.id))
      .returning();
    await deps.mail.enqueue(
      claimPaidEmail(deps.config.brand, deps, {
        order,
        claim: paid!,
        method: input.method,
        paidPence: taken.payment.paidPence,
        offerPence: taken.offer.totalPence,
        creditNote:
          creditNote && input.method === 'credit'
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
        method: input.method,
        offerPence: taken.offer.totalPence,
        paidPence: taken.payment.paidPence,
        creditNote: creditNote?.number ?? null,
      },
    });
    return {
      claim: paid!,
      method: input.method,
      paidPence: taken.payment.paidPence,
      creditNote: creditNote?.number ?? null,
    };
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
    throw new ConflictError('The member of staff who made this offer has left: please call us.');
  return { id: staff.id, name: staff.name, role: staff.role };
}
