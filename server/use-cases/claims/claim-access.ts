import { eq } from 'drizzle-orm';
import { claims } from '../../db/schema';
import { NotFoundError, UnauthorizedError } from '../../errors';
import type { AppServices } from '../../services';
import { accessIntakeReport } from '../intake-report/intake-report';
import { claimMessages } from './make-claim';

/*
 * Who a customer's request on claims acts for (decision 063): the customer logged in, or,
 * for a guest, the holder of the order's intake report link (the report's own check, decision
 * 028), who acts as the order's customer (a guest checkout's customer record). Another
 * customer's order is a 404; neither a login nor a valid link, 401.
 */

type Deps = Pick<AppServices, 'db' | 'links' | 'now'>;
export type ClaimCaller = { token?: string | null; customerId?: string | null };

const loginMessage = 'Please log in, or use the link in our e-mail.';

/** The customer of an order's claims, for this caller. */
export async function claimCustomerOfOrder(
  deps: Deps,
  input: ClaimCaller & { orderId: string },
): Promise<string> {
  if (!input.token) {
    if (!input.customerId) throw new UnauthorizedError(loginMessage);
    return input.customerId; // The use-case checks the order is theirs (404 otherwise).
  }
  const { order } = await accessIntakeReport(
    deps.db,
    { orderId: input.orderId, token: input.token, customerId: input.customerId, now: deps.now() },
    deps,
  );
  if (!order.customerId) throw new NotFoundError(claimMessages.notFound);
  return order.customerId;
}

/** The customer of a claim, for this caller (the link is its order's). */
export async function claimCustomerOfClaim(
  deps: Deps,
  input: ClaimCaller & { claimId: number },
): Promise<string> {
  if (!input.token) {
    if (!input.customerId) throw new UnauthorizedError(loginMessage);
    return input.customerId; // The use-case checks the claim is theirs (404 otherwise).
  }
  const [claim] = await deps.db
    .select({ orderId: claims.orderId })
    .from(claims)
    .where(eq(claims.id, input.claimId));
  if (!claim) throw new NotFoundError(claimMessages.claimNotFound);
  return claimCustomerOfOrder(deps, { ...input, orderId: claim.orderId });
}
