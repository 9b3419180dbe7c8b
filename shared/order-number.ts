import type { Brand } from './brand';

/** What numbering orders needs of the brand: its prefix ("LD" makes LD-100001). */
export type OrderNumbering = Pick<Brand, 'orderPrefix'>;

/** An order's number as people see it: the brand's prefix, a dash, the number. */
export function orderNumber(numbering: OrderNumbering, orderNo: number): string {
  return `${numbering.orderPrefix}-${orderNo}`;
}

/** The order number in what someone typed ("LD-100001", "ld-100001" or "100001"), or null. */
export function orderNoIn(numbering: OrderNumbering, typed: string): number | null {
  const text = typed.trim();
  const prefix = `${numbering.orderPrefix}-`;
  const digits = text.toUpperCase().startsWith(prefix.toUpperCase())
    ? text.slice(prefix.length)
    : text;
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}
