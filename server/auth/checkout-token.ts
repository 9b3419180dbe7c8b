import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { checkoutTokens } from '../db/schema';
import { hashToken, newToken } from './tokens';

const CHECKOUT_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

/**
 * Issued by POST /guest and POST /register with the customer and address they created, and
 * required by POST /placeorder for anyone not logged in: the server, not the payload, decides
 * whose order it is.
 */
export async function issueCheckoutToken(
  db: DbOrTx,
  owner: { customerId: string; addressId: string },
  now: Date,
): Promise<string> {
  const token = newToken();
  await db.insert(checkoutTokens).values({
    tokenHash: hashToken(token),
    customerId: owner.customerId,
    addressId: owner.addressId,
    expiresAt: new Date(now.getTime() + CHECKOUT_TOKEN_TTL_MS),
  });
  return token;
}

/** The customer and address a live checkout token stands for, or null. */
export async function findCheckoutToken(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<{ customerId: string; addressId: string } | null> {
  const [row] = await db
    .select({ customerId: checkoutTokens.customerId, addressId: checkoutTokens.addressId })
    .from(checkoutTokens)
    .where(and(eq(checkoutTokens.tokenHash, hashToken(token)), gt(checkoutTokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
}
