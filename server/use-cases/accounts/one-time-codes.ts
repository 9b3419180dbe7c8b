import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { hitMailRequestLimits, type MailRequestLimits } from '../../auth/rate-limit';
import { hashToken, newToken } from '../../auth/tokens';
import type { DbOrTx } from '../../db/client';
import type { AppServices } from '../../services';
import { oneTimeCodes } from '../../db/schema';
import { findRegisteredCustomer } from './log-in';

/**
 * E-mailed secrets of the account feature, issued in one place: single-use links (password
 * reset, e-mail change) and 6-digit codes (account deletion). Only a hash is stored; a new
 * one voids the customer's earlier ones of the same purpose, so only the newest works.
 */
export type OneTimePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

/**
 * Counts a request that e-mails an account's owner (per IP, per e-mail and IP, per e-mail;
 * docs/decisions/013) and finds the live registered account of the e-mail, or null. The
 * caller answers the same either way.
 */
export async function limitedAccountLookup(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { limits: MailRequestLimits; email: string; ip: string },
) {
  await hitMailRequestLimits(deps.db, input.limits, input, deps.now());
  return findRegisteredCustomer(deps.db, input.email);
}

/** Marks the customer's unused secrets of these purposes as spent. */
export async function voidOneTimeCodes(
  tx: DbOrTx,
  input: { customerId: string; purposes: OneTimePurpose[]; now: Date },
): Promise<void> {
  const { customerId, purposes, now } = input;
  await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.customerId, customerId),
        inArray(oneTimeCodes.purpose, purposes),
        isNull(oneTimeCodes.usedAt),
      ),
    );
}

type IssueInput = {
  customerId: string;
  purpose: OneTimePurpose;
  ttlMs: number;
  /** The address an e-mail change confirms. */
  newEmail?: string;
  /** The caller's instant (steps run in the caller's transaction, at its time). */
  now: Date;
};

/** Stores a new single-use link secret (256 bits, hashed) and returns it for the e-mail. */
export async function issueOneTimeLink(tx: DbOrTx, input: IssueInput): Promise<string> {
  const { now } = input;
  const token = newToken();
  await voidOneTimeCodes(tx, { customerId: input.customerId, purposes: [input.purpose], now });
  await tx.insert(oneTimeCodes).values({
    purpose: input.purpose,
    customerId: input.customerId,
    codeHash: hashToken(token),
    newEmail: input.newEmail ?? null,
    expiresAt: new Date(now.getTime() + input.ttlMs),
  });
  return token;
}

/** Codes are kept as a hash bound to their row, so equal codes never share a hash. */
function codeHash(codeId: string, code: string): string {
  return hashToken(`${codeId}:${code}`);
}

/** A 6-digit code from a cryptographic source. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Stores a new 6-digit code (hashed with its row id) and returns it for the e-mail. */
export async function issueOneTimeCode(tx: DbOrTx, input: IssueInput): Promise<string> {
  const { now } = input;
  const code = newSixDigitCode();
  await voidOneTimeCodes(tx, { customerId: input.customerId, purposes: [input.purpose], now });
  const [row] = await tx
    .insert(oneTimeCodes)
    .values({
      purpose: input.purpose,
      customerId: input.customerId,
      codeHash: 'pending',
      expiresAt: new Date(now.getTime() + input.ttlMs),
    })
    .returning({ id: oneTimeCodes.id });
  await tx
    .update(oneTimeCodes)
    .set({ codeHash: codeHash(row!.id, code) })
    .where(eq(oneTimeCodes.id, row!.id));
  return code;
}

/** Whether `code` is the one stored in `row` (constant-time). */
export function codeMatches(row: { id: string; codeHash: string }, code: string): boolean {
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(codeHash(row.id, code));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Spends the customer's newest 6-digit code of a purpose when `code` is it. A wrong code
 * counts a try; at `maxAttempts` tries the code is spent and every later answer is
 * 'exhausted'. Locks the row, so call it inside the transaction of what the code allows.
 */
export async function claimOneTimeCode(
  tx: DbOrTx,
  input: {
    customerId: string;
    purpose: OneTimePurpose;
    code: string;
    maxAttempts: number;
    now: Date;
  },
): Promise<'claimed' | 'wrong' | 'exhausted'> {
  const { now } = input;
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.customerId, input.customerId),
        eq(oneTimeCodes.purpose, input.purpose),
        isNull(oneTimeCodes.usedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  if (!row || row.expiresAt <= now) return 'wrong';
  if (row.attempts >= input.maxAttempts) return 'exhausted';
  if (!codeMatches(row, input.code)) {
    const attempts = row.attempts + 1;
    const spent = attempts >= input.maxAttempts;
    await tx
      .update(oneTimeCodes)
      .set({ attempts, ...(spent ? { usedAt: now } : {}) })
      .where(eq(oneTimeCodes.id, row.id));
    return spent ? 'exhausted' : 'wrong';
  }
  await tx.update(oneTimeCodes).set({ usedAt: now }).where(eq(oneTimeCodes.id, row.id));
  return 'claimed';
}

function liveLink(purpose: OneTimePurpose, token: string, now: Date) {
  return and(
    eq(oneTimeCodes.codeHash, hashToken(token)),
    eq(oneTimeCodes.purpose, purpose),
    isNull(oneTimeCodes.usedAt),
    gt(oneTimeCodes.expiresAt, now),
  );
}

/** The unused, unexpired link of a token, or null (pages check before showing a form). */
export async function findOneTimeLink(
  db: DbOrTx,
  input: { purpose: OneTimePurpose; token: string; now: Date },
) {
  const { purpose, token, now } = input;
  if (token.length > 200) return null;
  const [row] = await db
    .select({ customerId: oneTimeCodes.customerId, newEmail: oneTimeCodes.newEmail })
    .from(oneTimeCodes)
    .where(liveLink(purpose, token, now))
    .limit(1);
  return row ?? null;
}

/**
 * Spends a link: a conditional update, so it works once even when used twice at the same
 * moment. Null when it is unknown, used or expired.
 */
export async function claimOneTimeLink(
  tx: DbOrTx,
  input: { purpose: OneTimePurpose; token: string; now: Date },
) {
  const { purpose, token, now } = input;
  if (token.length > 200) return null;
  const [claimed] = await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(liveLink(purpose, token, now))
    .returning({ customerId: oneTimeCodes.customerId, newEmail: oneTimeCodes.newEmail });
  return claimed ?? null;
}
