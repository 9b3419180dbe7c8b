/**
 * The statuses an order can be in: the one list, read by the database schema (the column's
 * enum), the API contract and the order pipeline (shared/order-pipeline.ts). Pure.
 */
export const orderStatuses = [
  'pending',
  'pending payment',
  'collected',
  'cleaning',
  'ready',
  'out for delivery',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value);
}
