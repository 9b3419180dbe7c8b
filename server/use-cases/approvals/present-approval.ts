import { formatGbp, formatPence } from '@shared/money';
import { orderNumber, type OrderNumbering } from '@shared/order-number';
import type { orderItems, orderMessages, orders, priceApprovals } from '../../db/schema';
import type { ApprovalState } from './price-approval';

/*
 * What the approval page, the API and the back office show of an approval request and an
 * order's thread. Money becomes '12.50' (or '£12.50' in sentences) here, never in the
 * use-cases (decision 020).
 */

type MessageRow = typeof orderMessages.$inferSelect;
type ApprovalRow = typeof priceApprovals.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** An order's thread, oldest first. */
export function threadView(messages: MessageRow[]) {
  return messages.map((m) => ({ author: m.author, body: m.body, at: m.createdAt.toISOString() }));
}

/** The latest request of an order, as staff see it. */
export function approvalSummaryView(a: ApprovalRow | null) {
  if (!a) return null;
  return {
    id: a.id,
    amount: formatPence(a.amountPence),
    answer: a.answer,
    answered_via: a.answeredVia,
    requested_at: a.requestedAt.toISOString(),
    expires_at: a.expiresAt.toISOString(),
    reminded_at: a.remindedAt?.toISOString() ?? null,
    answered_at: a.answeredAt?.toISOString() ?? null,
  };
}

/** What the customer is told once they have answered. */
export const approvalText = {
  approved: (orderNo: string, amountPence: number) =>
    `Thank you: you approved ${formatGbp(amountPence)} for order ${orderNo}. We will take the payment with the card you saved and bring your clean items back as booked.`,
  asked: (orderNo: string) =>
    `Thank you: your question about order ${orderNo} is with our team. We will answer by e-mail, usually the same working day; you can approve here at any time.`,
  /** For staff checking garments in above the cap: the request goes with the intake report. */
  held: (r: { amountPence: number; capPence: number }) =>
    `${formatGbp(r.amountPence)} is above the customer's limit of ${formatGbp(r.capPence)}: when you send the intake report, we will ask them to approve it.`,
  /** For staff, when saving the items asked the customer. */
  requested: (r: { amountPence: number; capPence: number }) =>
    `${formatGbp(r.amountPence)} is above the customer's limit of ${formatGbp(r.capPence)}: we have e-mailed them the invoice to approve. The card can be charged once they approve.`,
} as const;

/** A request as the customer (the link or their account) sees it. */
export function priceApprovalView(
  numbering: OrderNumbering,
  d: {
    approval: ApprovalRow;
    order: OrderRow;
    items: ItemRow[];
    messages: MessageRow[];
    state: ApprovalState;
    capPence: number | null;
  },
) {
  const { approval, order } = d;
  return {
    id: approval.id,
    order_id: order.id,
    order_no: orderNumber(numbering, order.orderNo),
    state: d.state,
    amount: formatPence(approval.amountPence),
    cap: d.capPence === null ? null : formatPence(d.capPence),
    subtotal: formatPence(order.subtotalPence),
    discount: formatPence(order.discountPence),
    expires_at: approval.expiresAt.toISOString(),
    answered_at: approval.answeredAt?.toISOString() ?? null,
    items: d.items.map((i) => ({
      item_name: i.itemName,
      quantity: i.quantity,
      price: formatPence(i.unitPricePence),
      line_total: formatPence(i.quantity * i.unitPricePence),
    })),
    messages: threadView(d.messages),
  };
}

export type PriceApprovalView = ReturnType<typeof priceApprovalView>;
