import { isUuid } from '@shared/text';
import { and, eq } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema';
import type { AppServices } from '../../services';
import { orderAddressLines } from './full-address';

/*
 * "Book again" (issue 18, decision 034): an earlier order's address (with the flat, building
 * and access notes as entered) and notes, to fill the booking form. Only the customer's own
 * order: anyone else's, or an id that is not one, is no order (null), and the form starts
 * empty as usual.
 */

export type OrderToRepeat = {
  line1: string;
  line2: string;
  town: string;
  postcode: string;
  company: string;
  address_type: string;
  door_number: string;
  building: string;
  access_notes: string;
  notes: string;
  /** The address as printed, one line each. */
  lines: string[];
  /**
   * Issue 31: what was sent last time, as estimate lines (the items cleaned, or else the
   * estimate's), and a cap at or above the last bill (whole £5 up), or null for the default.
   */
  items: { serviceId: number; quantity: number }[];
  capPence: number | null;
};

/** A cap at or above the last bill and the last cap, rounded up to whole £5 (null: none). */
export function againCapPence(lastBillPence: number, lastCapPence: number | null): number | null {
  const floor = Math.max(lastBillPence, lastCapPence ?? 0);
  return floor > 0 ? Math.ceil(floor / 500) * 500 : null;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export async function findOrderToRepeat(
  deps: Pick<AppServices, 'db'>,
  input: { customerId: string; orderId: string },
): Promise<OrderToRepeat | null> {
  if (!isUuid(input.orderId)) return null;
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.customerId, input.customerId)))
    .limit(1);
  if (!order) return null;
  // The parts the customer confirmed: the booking's (snake case) or an address-book row's.
  const parts = (order.addressJson ?? {}) as Record<string, unknown>;
  const line1 = str(parts.line1);
  if (!line1) return null;
  const cleaned = await deps.db
    .select({ serviceId: orderItems.serviceId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.kind, 'service')))
    .orderBy(orderItems.id);
  const counted = new Map<number, number>();
  const source = cleaned.length > 0 ? cleaned : (order.estimate?.items ?? []);
  for (const item of source) {
    if (item.serviceId === null) continue;
    counted.set(item.serviceId, (counted.get(item.serviceId) ?? 0) + item.quantity);
  }
  const lastBill = order.totalPence > 0 ? order.totalPence : (order.estimatePence ?? 0);
  return {
    line1,
    line2: str(parts.line2),
    town: str(parts.town) || 'London',
    postcode: order.postcode,
    company: order.companyName || str(parts.company),
    address_type: order.addressType || str(parts.address_type) || 'Residential',
    door_number: order.doorNumber,
    building: str(parts.building),
    access_notes: order.accessNotes,
    notes: order.customerNotes,
    lines: orderAddressLines(order),
    items: [...counted].map(([serviceId, quantity]) => ({ serviceId, quantity })),
    capPence: againCapPence(lastBill, order.priceCapPence),
  };
}
