import { inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { checkoutTokens, oneTimeCodes, rateLimits, sessions, staffSessions } from '../../db/schema';
import type { AppServices } from '../../services';

/** Rows deleted per statement: short transactions, whatever the backlog. */
const BATCH = 500;
/** The longest rate-limit window is an hour; counters a day old count for nothing. */
const RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduled clean-up (decision 030): one-time codes, checkout tokens and customer and
 * staff sessions past their expiry, and rate-limit counters of windows long
 * gone. Each of them is refused once expired anyway; this only keeps the tables small.
 * Returns how many rows of each were deleted.
 */
export async function expireStaleRows(
  deps: Pick<AppServices, 'db' | 'now'>,
): Promise<Record<string, number>> {
  const now = deps.now();
  const done: Record<string, number> = {};
  const sweep = async (
    name: string,
    table: PgTable,
    key: PgColumn,
    stale: SQL | undefined,
  ): Promise<void> => {
    let total = 0;
    for (;;) {
      const batch = deps.db.select({ key }).from(table).where(stale).limit(BATCH);
      const deleted = await deps.db.delete(table).where(inArray(key, batch)).returning({ key });
      total += deleted.length;
      if (deleted.length < BATCH) break;
    }
    done[name] = total;
  };
  await sweep('oneTimeCodes', oneTimeCodes, oneTimeCodes.id, lt(oneTimeCodes.expiresAt, now));
  await sweep(
    'checkoutTokens',
    checkoutTokens,
    checkoutTokens.tokenHash,
    lt(checkoutTokens.expiresAt, now),
  );
  await sweep('sessions', sessions, sessions.id, lt(sessions.expiresAt, now));
  await sweep('staffSessions', staffSessions, staffSessions.id, lt(staffSessions.expiresAt, now));
  // Counters have a composite key: delete by the window alone, in batches of windows.
  let counters = 0;
  const before = new Date(now.getTime() - RATE_LIMIT_KEEP_MS);
  for (;;) {
    const deleted = await deps.db
      .delete(rateLimits)
      .where(
        sql`(${rateLimits.key}, ${rateLimits.windowStart}) in (select key, window_start from ${rateLimits} where ${lt(rateLimits.windowStart, before)} limit ${BATCH})`,
      )
      .returning({ key: rateLimits.key });
    counters += deleted.length;
    if (deleted.length < BATCH) break;
  }
  done.rateLimits = counters;
  return done;
}
