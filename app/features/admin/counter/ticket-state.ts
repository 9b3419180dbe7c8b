/*
 * The counter's ticket as it is being written (issue 32, decision 049): pure helpers the
 * sections share. Money in pence; formatted where it is shown.
 */

export type PriceItem = {
  id: number;
  name: string;
  pricePence: number;
  /** Working days it takes when longer than the branch's turnaround; null: the branch's. */
  turnaroundDays: number | null;
};
export type PriceCategory = { id: number; name: string; items: PriceItem[] };
export type CounterCustomer = {
  id: string;
  name: string;
  email: string;
  phone_number: string;
  account: boolean;
};

export type DraftLine = {
  item: PriceItem;
  quantity: number;
  /** Call-for-price items: the price agreed, as typed in pounds. */
  price: string;
  note: string;
};

/** Most pieces of one item on a ticket (the API's limit). */
export const MAX_QUANTITY = 99;

/** '12.50' → 1250; null when it is no amount. */
export function penceOf(pounds: string): number | null {
  const m = /^\s*£?\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(pounds);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** A line's unit price in pence (null: a call-for-price item not priced yet). */
export function unitPence(line: DraftLine): number | null {
  if (line.item.pricePence > 0) return line.item.pricePence;
  const p = penceOf(line.price);
  return p && p > 0 ? p : null;
}

export function totalPence(lines: DraftLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity * (unitPence(l) ?? 0), 0);
}

/** Adds one of an item: a new line, or one more on its line. */
export function addItem(lines: DraftLine[], item: PriceItem): DraftLine[] {
  const at = lines.findIndex((l) => l.item.id === item.id);
  if (at < 0) return [...lines, { item, quantity: 1, price: '', note: '' }];
  return lines.map((l, i) =>
    i === at ? { ...l, quantity: Math.min(MAX_QUANTITY, l.quantity + 1) } : l,
  );
}

export function pounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}
