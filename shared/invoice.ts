import { formatGbp, MAX_LINE_PENCE, MAX_ORDER_PENCE, MINIMUM_ORDER_PENCE } from './money';
import { minimumOrder } from './price-rules';

/** One priced line of an order, as staff list it. */
export type InvoiceLineInput = {
  serviceId: number | null;
  itemName: string;
  quantity: number;
  unitPricePence: number;
};

export type PricedInvoice = {
  lines: InvoiceLineInput[];
  /** Added when the order after discount is below the minimum; null otherwise. */
  minimumLine: { itemName: string; quantity: 1; unitPricePence: number } | null;
  /** Lines plus the minimum-order line. */
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
};

export const MINIMUM_LINE_NAME = `Minimum order charge (${minimumOrder} minimum)`;

/**
 * What staff must correct before an order can be priced, as field → messages (empty when
 * nothing): a line or an order above its ceiling, or a discount larger than the items. Pure.
 */
export function invoiceProblems(
  lines: Pick<InvoiceLineInput, 'quantity' | 'unitPricePence'>[],
  discountPence: number,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  let linesTotal = 0;
  lines.forEach((line, index) => {
    const lineTotal = line.quantity * line.unitPricePence;
    linesTotal += lineTotal;
    if (lineTotal > MAX_LINE_PENCE) {
      problems[`lines.${index}.quantity`] = [
        `This line comes to ${formatGbp(lineTotal)}; a line may come to at most ${formatGbp(MAX_LINE_PENCE)}.`,
      ];
    }
  });
  if (linesTotal > MAX_ORDER_PENCE) {
    problems.lines = [
      `The items come to ${formatGbp(linesTotal)}; an order may come to at most ${formatGbp(MAX_ORDER_PENCE)}.`,
    ];
  }
  if (discountPence > linesTotal) {
    problems.discount = [
      `The discount (${formatGbp(discountPence)}) is larger than the items (${formatGbp(linesTotal)}).`,
    ];
  }
  return problems;
}

/**
 * Prices an order (spec 9: minimum order £25): the lines, less the discount, raised to the
 * minimum by a visible line when below it. An order with no lines costs nothing (nothing was
 * collected). The discount cannot exceed the lines. Integer pence throughout. Pure.
 */
export function priceInvoice(
  lines: InvoiceLineInput[],
  discountPence: number,
  minimumPence = MINIMUM_ORDER_PENCE,
): PricedInvoice {
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new Error('bad quantity');
    if (!Number.isInteger(line.unitPricePence) || line.unitPricePence < 0) {
      throw new Error('bad price');
    }
  }
  if (!Number.isInteger(discountPence) || discountPence < 0) throw new Error('bad discount');
  const linesTotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePence, 0);
  const discount = Math.min(discountPence, linesTotal);
  const afterDiscount = linesTotal - discount;
  const topUp = lines.length > 0 && afterDiscount < minimumPence ? minimumPence - afterDiscount : 0;
  return {
    lines,
    minimumLine:
      topUp > 0 ? { itemName: MINIMUM_LINE_NAME, quantity: 1, unitPricePence: topUp } : null,
    subtotalPence: linesTotal + topUp,
    discountPence: discount,
    totalPence: afterDiscount + topUp,
  };
}

/** What is still to pay: the total less what was paid, never below zero. Pure. */
export function amountDue(totalPence: number, paidPence: number): number {
  return Math.max(0, totalPence - paidPence);
}
