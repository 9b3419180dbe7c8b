import { createHash } from 'node:crypto';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import type { AppServices } from '../../services';
import { newsletterSubscribers, pageVisits } from '../../db/schema';

/**
 * POST /user-info: which page a visit began on. The IP is stored only as a salted hash.
 * Limited per IP, so one address cannot grow the table without end.
 */
export async function recordVisit(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { page: string; ip: string },
): Promise<void> {
  const { db } = deps;
  await hitRateLimit(db, rateRules.visitPerIp, input.ip, deps.now());
  const ipHash = createHash('sha256').update(`visit:${input.ip}`).digest('hex').slice(0, 32);
  await db.insert(pageVisits).values({ page: input.page, ipHash });
}

/** The footer's newsletter box. Subscribing twice is fine and keeps one row. Limited per IP. */
export async function subscribeToNewsletter(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { email: string; ip: string },
): Promise<void> {
  const { db } = deps;
  await hitRateLimit(db, rateRules.newsletterPerIp, input.ip, deps.now());
  await db
    .insert(newsletterSubscribers)
    .values({ email: input.email.trim().toLowerCase() })
    .onConflictDoNothing();
}
