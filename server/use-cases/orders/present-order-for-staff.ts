import type { OrderDocumentRef } from '../invoices/vat-documents';
import { careSummary, type CarePreferences } from '@shared/care-preferences';
import { londonWindow } from '@shared/london-time';
import { formatGbp, formatPence } from '@shared/money';
import { orderNumber, type OrderNumbering } from '@shared/order-number';
import { canItemise, nextStatuses } from '@shared/order-pipeline';
import { awaitsApproval } from '@shared/order-approval';
import type { orderMessages, priceApprovals } from '../../db/schema';
import { orderAddressLines, savedAddressLines } from '../accounts/full-address';
import { approvalSummaryView, threadView } from '../approvals/present-approval';
import { staffTextView, type TextRow } from '../messages/present-texts';
import type { OrderRow } from './find-order';
import {
  customerView,
  estimateView,
  itemLineView,
  type AddressRow,
  type CreditRow,
  type CustomerRow,
  type EventRow,
  type ItemRow,
  type PaymentRow,
  refundsView,
} from './present-order-parts';

/*
 * What the back office shows of an order and of a customer's orders: the order page, the
 * reply to saving its items, and a customer with their address book and orders.
 */

/** Everything staff see of one order. */
export function adminOrderView(
  numbering: OrderNumbering,
  d: {
    order: OrderRow;
    items: ItemRow[];
    events: EventRow[];
    payments: PaymentRow[];
    credits: CreditRow[];
    savedCard: { cardBrand: string | null; cardLast4: string | null } | null;
    overpaidPence: number;
    approval: typeof priceApprovals.$inferSelect | null;
    messages: (typeof orderMessages.$inferSelect)[];
    texts?: TextRow[];
    now?: Date;
    care?: CarePreferences | null;
    /** The order's VAT documents: its refunds are the credit notes of refunds. */
    documents?: OrderDocumentRef[];
    /** Issue 32: its branch and the moves between branches. */
    branch?: {
      branch: { id: number; name: string } | null;
      moves: { at: Date; from: string | null; to: string; by: string }[];
    };
  },
) {
  const { order } = d;
  const orderNo = orderNumber(numbering, order.orderNo);
  return {
    id: order.id,
    order_no: orderNumber(numbering, order.orderNo),
    status: order.status,
    // A counter ticket is never out for delivery: it is handed over at the counter.
    next_statuses: nextStatuses(order.status).filter(
      (to) => order.channel !== 'counter' || to !== 'out for delivery',
    ),
    can_itemise: canItemise(order.status),
    customer_id: order.customerId,
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    customer_phone: order.customerPhone,
    notes: order.customerNotes,
    access_notes: order.accessNotes,
    /** Issue 18: the customer's garment care preferences, in words. */
    care: d.care ? careSummary(d.care) : [],
    door_number: order.doorNumber,
    company_name: order.companyName,
    full_address: order.fullAddress,
    address_lines: orderAddressLines(order),
    postcode: order.postcode,
    pickup_display: londonWindow(order.pickupStartsAt, order.pickupEndsAt),
    delivery_display: londonWindow(order.deliveryStartsAt, order.deliveryEndsAt),
    created_at: order.createdAt.toISOString(),
    payment_method: order.paymentMethod,
    payment_state: order.paymentState,
    saved_card: d.savedCard ? { brand: d.savedCard.cardBrand, last4: d.savedCard.cardLast4 } : null,
    invoiced_at: order.invoicedAt?.toISOString() ?? null,
    /** What the customer said they were sending, and their cap (issue 15). */
    estimate: estimateView(order),
    subtotal: formatPence(order.subtotalPence),
    discount: formatPence(order.discountPence),
    total: formatPence(order.totalPence),
    paid: formatPence(order.paidPence),
    amount_due: formatPence(order.amountDuePence),
    ...refundsView(order, d.documents ?? []),
    /** Paid above the total, waiting to be refunded or made credit (0.00 when nothing). */
    overpaid: formatPence(d.overpaidPence),
    credits: d.credits.map((c) => ({
      amount: formatPence(c.amountPence),
      reason: c.reason,
      at: c.createdAt.toISOString(),
    })),
    price_cap: order.priceCapPence === null ? null : formatPence(order.priceCapPence),
    approved: order.approvedPence === null ? null : formatPence(order.approvedPence),
    awaiting_approval: awaitsApproval(order),
    approval: approvalSummaryView(d.approval),
    messages: threadView(d.messages),
    /** Issue 17: texts about the order (sent, kept in the outbox, held, suppressed) and replies. */
    texts: (d.texts ?? []).map((t) =>
      staffTextView(t, d.now ?? new Date(), { id: order.id, order_no: orderNo }),
    ),
    items: d.items.map((i) => ({
      id: i.id,
      service_id: i.serviceId,
      kind: i.kind,
      ...itemLineView(i),
    })),
    events: d.events.map((e) => ({
      from: e.fromStatus,
      to: e.toStatus,
      actor: e.actor,
      at: e.at.toISOString(),
    })),
    branch: d.branch?.branch ?? null,
    branch_moves: (d.branch?.moves ?? []).map((m) => ({
      from: m.from,
      to: m.to,
      by: m.by,
      at: m.at.toISOString(),
    })),
    payments: d.payments.map((p) => ({
      kind: p.kind,
      provider: p.provider,
      status: p.status,
      amount: formatPence(p.amountPence),
      card: p.cardLast4 ? `${p.cardBrand ?? 'card'} ····${p.cardLast4}` : null,
      message: p.message,
      at: p.createdAt.toISOString(),
    })),
  };
}

/** The reply to saving an order's items: its new totals. */
export function itemsSavedView(
  numbering: OrderNumbering,
  s: {
    orderNo: number;
    subtotalPence: number;
    discountPence: number;
    totalPence: number;
    amountDuePence: number;
    minimumApplied: boolean;
    overpaid: boolean;
    settlement: string | null;
    approvalRequested: { amountPence: number; capPence: number } | null;
  },
) {
  return {
    order_no: orderNumber(numbering, s.orderNo),
    subtotal: formatPence(s.subtotalPence),
    discount: formatPence(s.discountPence),
    total: formatPence(s.totalPence),
    amount_due: formatPence(s.amountDuePence),
    minimum_applied: s.minimumApplied,
    overpaid: s.overpaid,
    settlement: s.settlement,
    awaiting_approval: s.approvalRequested !== null,
  };
}

/** Why itemising needs a decision: more was paid than the new total (a field error). */
export function overpaidItemsMessage(o: {
  orderNo: string;
  paidPence: number;
  excessPence: number;
  totalPence: number;
}): string {
  const excess = formatGbp(o.excessPence);
  return `${formatGbp(o.paidPence)} has been paid on ${o.orderNo}, ${excess} more than the new total of ${formatGbp(o.totalPence)}. Choose whether to refund ${excess} to the customer or keep it as credit on their account.`;
}

/** One customer as staff see them, with their address book and orders. */
export function customerDetailView(
  numbering: OrderNumbering,
  d: {
    customer: CustomerRow & {
      id: string;
      isGuest: boolean;
      deletedAt: Date | null;
      createdAt: Date;
    };
    addresses: AddressRow[];
    orders: OrderRow[];
  },
) {
  const c = d.customer;
  return {
    id: c.id,
    ...customerView(c),
    guest: c.isGuest,
    erased: c.deletedAt !== null,
    created_at: c.createdAt.toISOString(),
    addresses: d.addresses.map((a) => ({
      id: a.id,
      full_address: savedAddressLines(a).join('\n'),
      postcode: a.postcode,
    })),
    orders: d.orders.map((o) => customerOrderSummaryView(numbering, o)),
  };
}

/** An order in the staff's view of one customer. */
export function customerOrderSummaryView(numbering: OrderNumbering, o: OrderRow) {
  return {
    id: o.id,
    order_no: orderNumber(numbering, o.orderNo),
    status: o.status,
    total: formatPence(o.totalPence),
    amount_due: formatPence(o.amountDuePence),
    created_at: o.createdAt.toISOString(),
  };
}
