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

/** '12.50' or '12.5' or '12' → 1250; null when it is not a non-negative amount of money. */
export function parsePounds(value: string): number | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Spec 9: minimum order £25. */
export const MINIMUM_ORDER_PENCE = 2500;
/** Spec 9: the PayPal verification charge at booking. */
export const PAYPAL_VERIFICATION_PENCE = 35;
