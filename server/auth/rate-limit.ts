import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { RateLimitedError } from '../errors';

export type RateRule = {
  /** What is counted, e.g. 'login:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
};

/**
 * Limits of the account endpoints, per IP and per account (the e-mail as typed, whether or not
 * an account exists, so the limit itself reveals nothing).
 */
export const rateRules = {
  loginPerIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 },
  loginPerAccount: { name: 'login:account', limit: 10, windowSeconds: 15 * 60 },
  emailCheckPerIp: { name: 'email-check:ip', limit: 60, windowSeconds: 15 * 60 },
  resetPerIp: { name: 'reset:ip', limit: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { name: 'reset:account', limit: 3, windowSeconds: 60 * 60 },
  registerPerIp: { name: 'register:ip', limit: 20, windowSeconds: 60 * 60 },
  // Guest checkouts are the business: generous (an office behind one IP), but bounded.
  guestPerIp: { name: 'guest:ip', limit: 600, windowSeconds: 15 * 60 },
  deleteCodePerIp: { name: 'delete-code:ip', limit: 10, windowSeconds: 60 * 60 },
  deleteCodePerAccount: { name: 'delete-code:account', limit: 3, windowSeconds: 60 * 60 },
  codeCheckPerIp: { name: 'code-check:ip', limit: 30, windowSeconds: 15 * 60 },
  staffLoginPerIp: { name: 'staff-login:ip', limit: 20, windowSeconds: 15 * 60 },
  staffLoginPerAccount: { name: 'staff-login:account', limit: 8, windowSeconds: 15 * 60 },
  passwordCheckPerAccount: { name: 'password-check:account', limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateRule>;

/** Start of the fixed window `now` falls in. Pure. */
export function windowStart(now: Date, windowSeconds: number): Date {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/** Minutes people are told to wait, rounded up. Pure. */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/**
 * Counts one attempt against `rule` for `subject` and throws RateLimitedError (429) once the
 * window's limit is passed. The counter is a row upserted atomically in the database, so every
 * server instance shares it.
 */
export async function hitRateLimit(
  db: DbOrTx,
  rule: RateRule,
  subject: string,
  now: Date,
): Promise<void> {
  const start = windowStart(now, rule.windowSeconds);
  const key = `${rule.name}:${subject}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  if ((row?.hits ?? 0) > rule.limit) {
    const retryAfter = Math.ceil(
      (start.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000,
    );
    throw new RateLimitedError(retryAfter, rateLimitMessage(retryAfter));
  }
}
