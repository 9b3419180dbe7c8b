import { DateTime } from 'luxon';
import { estimateOrder } from '@shared/estimate';
import { LONDON_ZONE } from '@shared/london-time';
import { formatPence } from '@shared/money';
import { orderNumber, type OrderNumbering } from '@shared/order-number';
import type {
  customerAddresses,
  customerCredits,
  customers,
  orderEvents,
  orderItems,
  payments,
} from '../../db/schema';
import type { OrderRow } from './find-order';

/*
 * What every presenter of orders shares (present-board, present-order-for-staff,
 * present-order-for-customer, present-order-confirmation; the driver's, the approval's and the
 * export's presenters beside their use-cases): the customer as replies name them, the order
 * number, an item line and the estimate. The use-cases return rows and pence; money becomes
 * '12.50' in the presenters and nowhere else on the way out. Field names follow the spec
 * (section 3).
 */

export type ItemRow = typeof orderItems.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type CreditRow = typeof customerCredits.$inferSelect;
export type CustomerRow = Pick<typeof customers.$inferSelect, 'name' | 'email' | 'phone'>;
export type AddressRow = typeof customerAddresses.$inferSelect;

/** A window as the board and the driver read it: "09:00–10:00" in London. */
export function clockWindow(starts: Date, ends: Date): string {
  const hhmm = (instant: Date) =>
    DateTime.fromJSDate(instant, { zone: LONDON_ZONE }).toFormat('HH:mm');
  return `${hhmm(starts)}–${hhmm(ends)}`;
}

/** A customer as every reply names them: the spec's phone_number, never phone. */
export function customerView(c: CustomerRow) {
  return { name: c.name, email: c.email, phone_number: c.phone };
}

/** The order number as every reply shows it, for the presenters of other areas (intake). */
export function orderNoView(numbering: OrderNumbering, o: Pick<OrderRow, 'orderNo'>) {
  return { order_no: orderNumber(numbering, o.orderNo) };
}

/** An item line as tables show it: name, quantity, unit price and line total. */
/**
 * Refunds as refunds (walkthrough 9): a refund lowers what the order costs (its discount rises
 * by it, decision 023), but people read "Refunded £7.50 (credit note CN-000001)" beside what
 * was charged, and the discount line keeps to discounts. Oldest first.
 */
export function refundsView(
  o: Pick<OrderRow, 'discountPence' | 'totalPence'>,
  documents: readonly { number: string; issuedAt: Date; refundPence?: number }[],
) {
  const refunds = documents
    .filter((d) => d.refundPence !== undefined)
    .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime())
    .map((d) => ({ amount: formatPence(d.refundPence!), credit_note: d.number }));
  const refundedPence = documents.reduce((sum, d) => sum + (d.refundPence ?? 0), 0);
  const discountPence = Math.max(0, o.discountPence - refundedPence);
  return {
    refunds,
    /** The discount without the refunds. */
    price_discount: formatPence(discountPence),
    /** What the order came to before any refund. */
    charged_total: formatPence(o.totalPence + (o.discountPence - discountPence)),
  };
}

export function itemLineView(i: Pick<ItemRow, 'itemName' | 'quantity' | 'unitPricePence'>) {
  return {
    item_name: i.itemName,
    quantity: i.quantity,
    price: formatPence(i.unitPricePence),
    line_total: formatPence(i.quantity * i.unitPricePence),
  };
}

/**
 * What the customer said they were sending and the cap they chose (issue 15), as pages and
 * API replies show it: staff at intake, the customer's order and the confirmation. Null for
 * an order placed before estimates existed. Money as '12.50', here and nowhere else.
 */
export function estimateView(o: Pick<OrderRow, 'estimate' | 'estimatePence' | 'priceCapPence'>) {
  if (o.estimate === null && o.priceCapPence === null) return null;
  const stated = o.estimate ?? { items: [], notSure: false };
  const priced = estimateOrder({ lines: stated.items, notSure: stated.notSure });
  return {
    not_sure: stated.notSure,
    items: priced.lines.map((l) => ({
      service_id: l.serviceId,
      item_name: l.name,
      quantity: l.quantity,
      price: formatPence(l.unitPricePence),
      line_total: formatPence(l.linePence),
      call_for_price: l.callForPrice,
    })),
    /** As saved when the order was placed (the price list may have changed since). */
    total: o.estimatePence === null ? null : formatPence(o.estimatePence),
    minimum_applied: priced.minimumApplies,
    price_cap: o.priceCapPence === null ? null : formatPence(o.priceCapPence),
  };
}

export type EstimateView = NonNullable<ReturnType<typeof estimateView>>;
