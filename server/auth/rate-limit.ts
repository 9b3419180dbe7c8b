import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { RateLimitedError } from '../errors';
import { hashToken } from './tokens';

export type RateRule = {
  /** What is counted, e.g. 'login:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
};

/**
 * How a login is limited (docs/decisions/013): every attempt per IP; failures per
 * (account, IP) pair and per account, in one window. `perPair` failures from one address
 * refuse that address; once the account has `perAccount` failures (many addresses at once),
 * an address that has failed is refused, while one that has not still gets its password
 * checked.
 */
export type LoginLimits = {
  perIp: RateRule;
  failures: { name: string; windowSeconds: number; perPair: number; perAccount: number };
};

/**
 * Requests that e-mail someone (reset links, deletion codes): per IP, per (account, IP) pair,
 * and a generous cap per account against mail-bombing from many addresses.
 */
export type MailRequestLimits = { perIp: RateRule; perPair: RateRule; perAccount: RateRule };

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit of the site. Accounts are keyed by the e-mail as typed (hashed, whether or not
 * an account exists), so a limit itself reveals nothing.
 */
export const rateRules = {
  customerLogin: {
    perIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * MINUTE },
    failures: { name: 'login:fail', windowSeconds: 15 * MINUTE, perPair: 10, perAccount: 20 },
  },
  staffLogin: {
    perIp: { name: 'staff-login:ip', limit: 20, windowSeconds: 15 * MINUTE },
    failures: { name: 'staff-login:fail', windowSeconds: 15 * MINUTE, perPair: 8, perAccount: 16 },
  },
  passwordReset: {
    perIp: { name: 'reset:ip', limit: 10, windowSeconds: HOUR },
    perPair: { name: 'reset:pair', limit: 3, windowSeconds: HOUR },
    perAccount: { name: 'reset:account', limit: 20, windowSeconds: HOUR },
  },
  deletionCode: {
    perIp: { name: 'delete-code:ip', limit: 10, windowSeconds: HOUR },
    perPair: { name: 'delete-code:pair', limit: 3, windowSeconds: HOUR },
    perAccount: { name: 'delete-code:account', limit: 20, windowSeconds: HOUR },
  },
  emailCheckPerIp: { name: 'email-check:ip', limit: 60, windowSeconds: 15 * MINUTE },
  registerPerIp: { name: 'register:ip', limit: 20, windowSeconds: HOUR },
  // Guest checkouts are the business: generous (an office behind one IP), but bounded.
  guestPerIp: { name: 'guest:ip', limit: 600, windowSeconds: 15 * MINUTE },
  codeCheckPerIp: { name: 'code-check:ip', limit: 30, windowSeconds: 15 * MINUTE },
  /** The checkout's Apply of a promo or referral code (issue 31): a few tries per order. */
  promoCheckPerIp: { name: 'promo-check:ip', limit: 30, windowSeconds: 15 * MINUTE },
  passwordCheckPerAccount: {
    name: 'password-check:account',
    limit: 10,
    windowSeconds: 15 * MINUTE,
  },
  /** Links to confirm a new e-mail address, per account (each also mails the old address). */
  emailChangePerAccount: { name: 'email-change:account', limit: 5, windowSeconds: HOUR },
  // Public writes without an account: an office behind one IP stays well inside them.
  visitPerIp: { name: 'visit:ip', limit: 100, windowSeconds: 15 * MINUTE },
  newsletterPerIp: { name: 'newsletter:ip', limit: 20, windowSeconds: HOUR },
  waitlistPerIp: { name: 'waitlist:ip', limit: 20, windowSeconds: HOUR },
  /** Questions about a price above the cap, per order: each one e-mails the shop. */
  priceQuestionPerOrder: { name: 'price-question:order', limit: 10, windowSeconds: HOUR },
  /** Cases on an intake report, per order: each one e-mails the shop (issue 16). */
  intakeCasePerOrder: { name: 'intake-case:order', limit: 10, windowSeconds: HOUR },
  /** "E-mail me the link to change it" from the tracking page, per order (issue 31). */
  changeLinkPerOrder: { name: 'change-link:order', limit: 3, windowSeconds: HOUR },
  /** A customer's photos of claimed garments (decision 063): each is stored and resized. */
  claimPhotoPerCustomer: { name: 'claim-photo:customer', limit: 30, windowSeconds: HOUR },
} satisfies Record<string, RateRule | LoginLimits | MailRequestLimits>;

/** Start of the fixed window `now` falls in. Pure. */
export function windowStart(now: Date, windowSeconds: number): Date {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/** Seconds until the window `now` falls in ends. Pure. */
export function secondsLeftInWindow(now: Date, windowSeconds: number): number {
  const start = windowStart(now, windowSeconds);
  return Math.ceil((start.getTime() + windowSeconds * 1000 - now.getTime()) / 1000);
}

/** Minutes people are told to wait, rounded up. Pure. */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

function limited(windowSeconds: number, now: Date): RateLimitedError {
  const retryAfter = secondsLeftInWindow(now, windowSeconds);
  return new RateLimitedError(retryAfter, rateLimitMessage(retryAfter));
}

/** Adds one to the window's counter of `key` and returns the new count (atomic upsert). */
async function addHit(db: DbOrTx, key: string, windowSeconds: number, now: Date) {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: windowStart(now, windowSeconds), hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  return row?.hits ?? 0;
}

/** The counts of several keys in the current window, without counting anything. */
async function readHits(db: DbOrTx, keys: string[], windowSeconds: number, now: Date) {
  const start = windowStart(now, windowSeconds);
  const rows = await db
    .select({ key: rateLimits.key, hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.windowStart, start), inArray(rateLimits.key, keys)));
  return new Map(rows.map((r) => [r.key, r.hits]));
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
  const hits = await addHit(db, `${rule.name}:${subject}`, rule.windowSeconds, now);
  if (hits > rule.limit) throw limited(rule.windowSeconds, now);
}

/** The account part of a key: the e-mail as typed, normalised and hashed. */
function accountKey(email: string): string {
  return hashToken(email.trim().toLowerCase());
}

/**
 * Counts a request that e-mails the owner of `email` (a reset link, a deletion code): per IP,
 * per (account, IP) pair and per account. A stranger who uses up their own pair's allowance
 * does not stop the person's own request from their address; only many addresses together
 * reach the per-account cap.
 */
export async function hitMailRequestLimits(
  db: DbOrTx,
  limits: MailRequestLimits,
  input: { email: string; ip: string },
  now: Date,
): Promise<void> {
  const account = accountKey(input.email);
  await hitRateLimit(db, limits.perIp, input.ip, now);
  await hitRateLimit(db, limits.perPair, `${account}:${input.ip}`, now);
  await hitRateLimit(db, limits.perAccount, account, now);
}

export type LoginAttempt = {
  /** Counts a failure for the pair and the account. */
  failed(): Promise<void>;
  /** Forgets this address's failures for the account. */
  succeeded(): Promise<void>;
};

/**
 * Starts a login for `email` from `ip`: counts the attempt per IP and refuses (429) an address
 * that has failed too often for this account, or at all while the account as a whole has many
 * failures. Everything is keyed by the e-mail as typed, so unknown e-mails are limited alike.
 */
export async function startLoginAttempt(
  db: DbOrTx,
  limits: LoginLimits,
  input: { email: string; ip: string },
  now: Date,
): Promise<LoginAttempt> {
  await hitRateLimit(db, limits.perIp, input.ip, now);
  const { failures } = limits;
  const base = `${failures.name}:${accountKey(input.email)}`;
  const pairKey = `${base}:${input.ip}`;
  const window = failures.windowSeconds;
  const hits = await readHits(db, [base, pairKey], window, now);
  const pairFailures = hits.get(pairKey) ?? 0;
  const underAttack = (hits.get(base) ?? 0) >= failures.perAccount;
  if (pairFailures >= failures.perPair || (underAttack && pairFailures > 0)) {
    throw limited(window, now);
  }
  return {
    async failed() {
      await addHit(db, pairKey, window, now);
      await addHit(db, base, window, now);
    },
    async succeeded() {
      if (pairFailures > 0) await db.delete(rateLimits).where(eq(rateLimits.key, pairKey));
    },
  };
}

/**
 * Forgets every login failure counted for `email` (the account's and each address's): the
 * owner's unlock of a staff account, and `npm run admin:unlock`. Returns how many failures
 * the current window held (the ones that were refusing addresses).
 */
export async function clearLoginFailures(
  db: DbOrTx,
  limits: LoginLimits,
  email: string,
  now: Date,
): Promise<number> {
  const base = `${limits.failures.name}:${accountKey(email)}`;
  const removed = await db
    .delete(rateLimits)
    .where(or(eq(rateLimits.key, base), sql`starts_with(${rateLimits.key}, ${`${base}:`})`))
    .returning({ key: rateLimits.key, windowStart: rateLimits.windowStart, hits: rateLimits.hits });
  // The account's own counter holds the total; the pairs' counters are parts of it.
  const current = windowStart(now, limits.failures.windowSeconds).getTime();
  return removed
    .filter((r) => r.key === base && r.windowStart.getTime() === current)
    .reduce((sum, r) => sum + r.hits, 0);
}

/** Failures counted for `email` in the current window (the back office shows them). */
export async function loginFailuresNow(
  db: DbOrTx,
  limits: LoginLimits,
  emails: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const keyOf = (email: string) => `${limits.failures.name}:${accountKey(email)}`;
  const hits = await readHits(db, emails.map(keyOf), limits.failures.windowSeconds, now);
  return new Map(emails.map((email) => [email, hits.get(keyOf(email)) ?? 0]));
}
