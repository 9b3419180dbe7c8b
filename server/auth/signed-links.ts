import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * Links that let their holder act without logging in (pay an order's invoice; approve a price
 * above the cap, or ask about it; see a photo of an order). The token is
 * `{expiry}.{HMAC-SHA256(purpose, subject, expiry)}`: it names no one, cannot be made for
 * another order (or photo), and stops working at its expiry. The key is set by
 * LINK_SIGNING_SECRET, or made once and kept in the database, so every instance shares it.
 */
export type LinkPurpose =
  'payment' | 'approval' | 'photo' | 'reschedule' | 'intake-report' | 'recurring' | 'review';

export type LinkSigner = {
  sign(purpose: LinkPurpose, subject: string, expiresAt: Date): string;
  verify(purpose: LinkPurpose, subject: string, token: string, now: Date): boolean;
};

/** How long an e-mailed payment link works: long enough for an invoice to wait a while. */
export const PAYMENT_LINK_TTL_MS = 60 * 24 * 60 * 60 * 1000;

export function createLinkSigner(key: Buffer): LinkSigner {
  const mac = (purpose: string, subject: string, expiry: number) =>
    createHmac('sha256', key).update(`${purpose}\n${subject}\n${expiry}`).digest();
  return {
    sign(purpose, subject, expiresAt) {
      const expiry = Math.floor(expiresAt.getTime() / 1000);
      return `${expiry}.${mac(purpose, subject, expiry).toString('base64url')}`;
    },
    verify(purpose, subject, token, now) {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const expiry = Number(match[1]);
      if (expiry * 1000 <= now.getTime()) return false;
      // Compared in its one canonical spelling, in constant time: the 43rd character carries
      // two unused bits, so decoding first would accept four spellings of every signature.
      const given = Buffer.from(match[2]!, 'ascii');
      const expected = Buffer.from(mac(purpose, subject, expiry).toString('base64url'), 'ascii');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

const LINK_KEY = 'link-signing-key';

/** The signing key: the configured secret, or the one kept in the database (made on first use). */
export async function loadLinkKey(db: DbOrTx, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db
    .insert(appSecrets)
    .values({ name: LINK_KEY, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, LINK_KEY)).limit(1);
  return Buffer.from(row!.value, 'base64');
}
