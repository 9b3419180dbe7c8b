import { and, asc, eq, lt } from 'drizzle-orm';
import { claimPayments } from '../../db/schema';
import { isRefusal } from '../../errors';
import type { AppServices } from '../../services';
import { payClaim } from './accept-offer';

/*
 * The repair of claims left paying (decision 063): an accept whose provider did not answer (a
 * timeout, a 500, a crash between the refund and its record). Every few minutes the job asks
 * again with the same idempotency keys, so a refund the provider made is found, not repeated,
 * until the claim is paid, or refused (its payment row then freed, as at accept).
 */

/** Payments younger than this are left to the accept still running. */
const GRACE_MS = 2 * 60 * 1000;

type Deps = Parameters<typeof payClaim>[0] & Pick<AppServices, 'logger'>;

/** Finishes the claims paying for longer than the grace; returns how many were finished. */
export async function finishPayingClaims(deps: Deps): Promise<number> {
  const before = new Date(deps.now().getTime() - GRACE_MS);
  const stuck = await deps.db
    .select({ claimId: claimPayments.claimId })
    .from(claimPayments)
    .where(and(eq(claimPayments.status, 'paying'), lt(claimPayments.createdAt, before)))
    .orderBy(asc(claimPayments.createdAt));
  let finished = 0;
  for (const { claimId } of stuck) {
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
