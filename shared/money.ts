import { z } from 'zod';
import { text } from './text';

/** Money is integer pence in code and database; these convert at the edges only. */

/** 1250 → '12.50' (the spec's price strings; '0.00' means call for price). */
export function formatPence(pence: number): string {
  if (!Number.isInteger(pence)) throw new Error(`pence must be an integer, got ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1250 → '£12.50' for people. */
export function formatGbp(pence: number): string {
  const s = formatPence(pence);
  return s.startsWith('-') ? `-£${s.slice(1)}` : `£${s}`;
}

/** 2500 → '£25', 2550 → '£25.50': an amount in a sentence, the pence only when there are some. */
export function formatGbpInText(pence: number): string {
  return pence % 100 === 0 ? formatGbp(pence).slice(0, -3) : formatGbp(pence);
}

/** '12.50' or '12.5' or '12' → 1250; null when it is not a non-negative amount of money. */
export function parsePounds(value: string): number | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/**
 * Sensible ceilings (and far below the 2^31 pence an `integer` column holds): a garment is
 * priced at most £10,000, a line (price × quantity) comes to at most £50,000 and an order to
 * at most £100,000. Anything above is a typing mistake, refused with a message.
 */
export const MAX_UNIT_PRICE_PENCE = 1_000_000;
export const MAX_LINE_PENCE = 5_000_000;
export const MAX_ORDER_PENCE = 10_000_000;

/** Spec 9: minimum order £25. */
export const MINIMUM_ORDER_PENCE = 2500;
/** Spec 9: the PayPal verification charge at booking. */
export const PAYPAL_VERIFICATION_PENCE = 35;

/**
 * A money field as forms and the API send it ('12.50', '12' or 12.5), parsed to pence; at
 * most `maxPence`.
 */
export function poundsField(message: string, maxPence: number) {
  return z.union([text(), z.number()], { error: message }).transform((value, ctx) => {
    const pence = parsePounds(String(value));
    if (pence === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (pence > maxPence) {
      ctx.addIssue({ code: 'custom', message: `At most ${formatGbp(maxPence)}.` });
      return z.NEVER;
    }
    return pence;
  });
}
