import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { newsletterSubscribers, pageVisits } from '../../db/schema';

/** POST /user-info: which page a visit began on. The IP is stored only as a salted hash. */
export async function recordVisit(db: DbOrTx, input: { page: string; ip: string }): Promise<void> {
  const ipHash = createHash('sha256').update(`visit:${input.ip}`).digest('hex').slice(0, 32);
  await db.insert(pageVisits).values({ page: input.page, ipHash });
}

/** The footer's newsletter box. Subscribing twice is fine and keeps one row. */
export async function subscribeToNewsletter(db: DbOrTx, email: string): Promise<void> {
  await db
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing();
}
