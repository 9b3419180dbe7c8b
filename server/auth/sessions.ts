import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { customers, sessions } from '../db/schema';
import { preparedQuery } from '../db/prepared';
import { SESSION_TTL_MS } from './cookies';
import { hashToken, newToken } from './tokens';

/** Starts a session; the token goes to the client, only its hash is kept. */
export async function createSession(
  db: DbOrTx,
  customerId: string,
  now: Date,
  userAgent?: string | null,
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      customerId,
      expiresAt,
      userAgent: userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt };
}

/** The session row behind a token hash, read on every signed-in request: prepared once. */
const liveSession = preparedQuery('find_session', (db, name) =>
  db
    .select({
      sessionId: sessions.id,
      customerId: customers.id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(customers.deletedAt),
        eq(customers.isGuest, false),
      ),
    )
    .limit(1)
    .prepare(name),
);

/** The live session a token stands for, with its (registered, not erased) customer. */
export async function findSession(db: DbOrTx, token: string, now: Date) {
  const [row] = await liveSession(db).execute({ tokenHash: hashToken(token), now });
  return row ?? null;
}

export async function revokeSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a customer, except `keepSessionId` when given. */
export async function revokeCustomerSessions(
  db: DbOrTx,
  customerId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.customerId, customerId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}
