/**
 * VAT on our prices (issue 15). Prices are VAT-inclusive at the standard rate of 20 %, so the
 * VAT contained in an amount is one sixth of it (HMRC's VAT fraction, 20/120), worked out per
 * line and rounded to the nearest penny; totals are the sums of the lines. Integer pence. Pure.
 */

export const VAT_RATE_PERCENT = 20;

/**
 * HMRC allows a simplified VAT invoice when the total, VAT included, is £250 or less; above
 * it, a full invoice (customer's name and address, each line's price without VAT, the VAT
 * total). VAT Notice 700, section 16.
 */
export const SIMPLIFIED_INVOICE_LIMIT_PENCE = 25_000;

/** The VAT contained in a VAT-inclusive amount in pence; a negative amount (a discount) too. */
export function vatContainedIn(grossPence: number): number {
  if (!Number.isInteger(grossPence)) throw new Error(`pence must be an integer, got ${grossPence}`);
  const vat = Math.round(Math.abs(grossPence) / 6);
  return grossPence < 0 ? -vat : vat;
}

/**
 * A line of a VAT document as priced (VAT included); negative for a discount. `outsideScope`:
 * money that is no supply (a claim's compensation, decision 063), carrying no VAT.
 */
export type VatLineInput = {
  description: string;
  quantity: number;
  unitGrossPence: number;
  outsideScope?: boolean;
};

export type VatLine = VatLineInput & {
  grossPence: number;
  vatPence: number;
  netPence: number;
};

export type VatBreakdown = {
  lines: VatLine[];
  grossPence: number;
  vatPence: number;
  netPence: number;
  /** True when the total allows a simplified invoice (SIMPLIFIED_INVOICE_LIMIT_PENCE). */
  simplified: boolean;
};

/** Each line's VAT and the totals of a VAT invoice or credit note. Pure. */
export function vatBreakdown(lines: VatLineInput[]): VatBreakdown {
  const priced = lines.map((line): VatLine => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new Error('bad quantity');
    const grossPence = line.quantity * line.unitGrossPence;
    const vatPence = line.outsideScope ? 0 : vatContainedIn(grossPence);
    return { ...line, grossPence, vatPence, netPence: grossPence - vatPence };
  });
  const sum = (pick: (l: VatLine) => number) => priced.reduce((s, l) => s + pick(l), 0);
  const grossPence = sum((l) => l.grossPence);
  return {
    lines: priced,
    grossPence,
    vatPence: sum((l) => l.vatPence),
    netPence: sum((l) => l.netPence),
    simplified: Math.abs(grossPence) <= SIMPLIFIED_INVOICE_LIMIT_PENCE,
  };
}
