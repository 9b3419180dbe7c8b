import { and, asc, eq, lt } from 'drizzle-orm';
import { claimPayments, claims, orders } from '../../db/schema';
import { isRefusal } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit } from '../audit/record-audit';
import { claimRefundStuckEmail } from '../mail/claim-emails';
import { payClaim } from './accept-offer';

/*
 * The repair of claims left paying (decision 063): an accept whose provider did not answer (a
 * timeout, a 500, a crash between the refund and its record). Every few minutes the job asks
 * again with the same idempotency keys (parts answered already are not asked again), so a
 * refund the provider made is found, not repeated, until the claim is paid, or refused (its
 * payment row then freed, as at accept). Providers forget keys after a day: past ~20 hours the
 * claim is no longer asked but left `needs-attention` for staff, audited, the shop e-mailed.
 */

/** Payments younger than this are left to the accept still running. */
const GRACE_MS = 2 * 60 * 1000;
/** Asked again until this old: well within the 24 hours Stripe keeps an idempotency key. */
export const GIVE_UP_MS = 20 * 60 * 60 * 1000;

type Deps = Parameters<typeof payClaim>[0] & Pick<AppServices, 'logger'>;

/** Finishes the claims paying for longer than the grace; returns how many were finished. */
export async function finishPayingClaims(deps: Deps): Promise<number> {
  const now = deps.now();
  const before = new Date(now.getTime() - GRACE_MS);
  const stuck = await deps.db
    .select({ claimId: claimPayments.claimId, createdAt: claimPayments.createdAt })
    .from(claimPayments)
    .where(and(eq(claimPayments.status, 'paying'), lt(claimPayments.createdAt, before)))
    .orderBy(asc(claimPayments.createdAt));
  let finished = 0;
  for (const { claimId, createdAt } of stuck) {
    if (now.getTime() - createdAt.getTime() >= GIVE_UP_MS) {
      await needsAttention(deps, claimId, now);
      continue;
    }
    try {
      const paid = await payClaim(deps, claimId);
      if (!paid.pending) finished += 1;
    } catch (error) {
      // Refused outright (the row is freed, the customer may take credit), or another failure:
      // logged; a failure is tried again on the next run.
      deps.logger[isRefusal(error) ? 'info' : 'error']('claim payment not finished', {
        claimId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return finished;
}

/** A claim's refund unanswered for too long: left to staff (no more asking), told and audited. */
async function needsAttention(deps: Deps, claimId: number, now: Date) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(claimPayments)
      .set({ status: 'needs-attention' })
      .where(and(eq(claimPayments.claimId, claimId), eq(claimPayments.status, 'paying')))
      .returning();
    if (!row) return;
    const [found] = await tx
      .select({ order: orders })
      .from(claims)
      .innerJoin(orders, eq(orders.id, claims.orderId))
      .where(eq(claims.id, claimId));
    await deps.mail.enqueue(
      claimRefundStuckEmail(deps.config.brand, deps, {
        order: found!.order,
        claimId,
        offerPence: row.offerPence,
        since: row.createdAt,
      }),
      tx,
    );
    await recordAudit(tx, {
      actor: null,
      now,
      action: 'claim.payment-needs-attention',
      entity: 'claim',
      entityId: claimId,
      before: { payment: 'paying' },
      after: { payment: 'needs-attention', since: row.createdAt.toISOString() },
    });
  });
  deps.logger.error('claim refund unanswered for 20 hours: left to staff', { claimId });
}
