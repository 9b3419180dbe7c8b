import { careSummary, type CarePreferences } from '@shared/care-preferences';
import { DateTime } from 'luxon';
import { trackingPath } from '@shared/tracking';
import { documentLinks } from '../invoices/present-documents';
import type { OrderDocumentRef } from '../invoices/vat-documents';
import { LONDON_ZONE, londonDate, londonWindow } from '@shared/london-time';
import { orderNumber, type OrderNumbering } from '@shared/order-number';
import { estimateOrder } from '@shared/estimate';
import { formatGbp, formatPence } from '@shared/money';
import { canItemise, nextStatuses } from '@shared/order-pipeline';
import { awaitsApproval } from '@shared/order-approval';
import type {
  customerAddresses,
  customerCredits,
  customers,
  orderEvents,
  orderItems,
  orderMessages,
  payments,
  priceApprovals,
  stopEvents,
} from '../../db/schema';
import { orderAddressLines, savedAddressLines } from '../accounts/full-address';
import type { OrderRow } from './find-order';
import { approvalSummaryView, threadView } from '../approvals/present-approval';
import type { ApprovalState } from '../approvals/price-approval';
import { customerTexts, staffTextView, type TextRow } from '../messages/present-texts';

/**
 * The one presenter of orders: what a page or an API reply shows of an order row (with its
 * lines, customer and address). The use-cases return rows and pence; money becomes '12.50'
 * here and nowhere else on the way out. Field names follow the spec (section 3).
 */

type ItemRow = typeof orderItems.$inferSelect;
type EventRow = typeof orderEvents.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type CreditRow = typeof customerCredits.$inferSelect;
type CustomerRow = Pick<typeof customers.$inferSelect, 'name' | 'email' | 'phone'>;
type AddressRow = typeof customerAddresses.$inferSelect;

function hhmm(instant: Date) {
  return DateTime.fromJSDate(instant, { zone: LONDON_ZONE }).toFormat('HH:mm');
}

/** A customer as every reply names them: the spec's phone_number, never phone. */
export function customerView(c: CustomerRow) {
  return { name: c.name, email: c.email, phone_number: c.phone };
}

/** One order as the board and route sheet show it. */
export function boardRowView(
  numbering: OrderNumbering,
  o: OrderRow,
  kind: 'collection' | 'delivery',
  /** Orders whose customer's latest message waits for an answer. */
  questions: ReadonlySet<string> = new Set(),
  /** Orders booked by a repeat collection (issue 18). */
  repeats: ReadonlySet<string> = new Set(),
) {
  const starts = kind === 'collection' ? o.pickupStartsAt : o.deliveryStartsAt;
  const ends = kind === 'collection' ? o.pickupEndsAt : o.deliveryEndsAt;
  return {
    id: o.id,
    order_no: orderNumber(numbering, o.orderNo),
    status: o.status,
    window: `${hhmm(starts)}–${hhmm(ends)}`,
    starts_at: starts.toISOString(),
    customer_name: o.customerName,
    customer_phone: o.customerPhone,
    door_number: o.doorNumber,
    company_name: o.companyName,
    full_address: o.fullAddress,
    /** What the customer confirmed, each part once: the one thing the driver reads. */
    address_lines: orderAddressLines(o),
    postcode: o.postcode,
    notes: o.customerNotes,
    amount_due: formatPence(o.amountDuePence),
    awaiting_approval: awaitsApproval(o),
    question: questions.has(o.id),
    repeat: repeats.has(o.id),
  };
}

export type BoardRowView = ReturnType<typeof boardRowView>;

/** The board: counts per status and the day's runs, each stop as boardRowView shows it. */
export function boardView(
  numbering: OrderNumbering,
  b: {
    day: string;
    counts: Record<string, number>;
    collections: OrderRow[];
    deliveries: OrderRow[];
    waiting?: OrderRow[];
    questions?: ReadonlySet<string>;
    repeats?: ReadonlySet<string>;
  },
) {
  return {
    day: b.day,
    counts: b.counts,
    waiting: (b.waiting ?? []).map((o) => orderListRowView(numbering, o, b.questions)),
    collections: b.collections.map((o) =>
      boardRowView(numbering, o, 'collection', b.questions, b.repeats),
    ),
    deliveries: b.deliveries.map((o) =>
      boardRowView(numbering, o, 'delivery', b.questions, b.repeats),
    ),
  };
}

/** One row of the staff's order list. */
export function orderListRowView(
  numbering: OrderNumbering,
  o: OrderRow,
  questions?: ReadonlySet<string>,
) {
  return {
    ...boardRowView(numbering, o, 'collection', questions),
    pickup_display: londonWindow(o.pickupStartsAt, o.pickupEndsAt),
    delivery_display: londonWindow(o.deliveryStartsAt, o.deliveryEndsAt),
    total: formatPence(o.totalPence),
  };
}

/** The item table's lines. */
function itemView(i: ItemRow) {
  return {
    item_name: i.itemName,
    quantity: i.quantity,
    price: formatPence(i.unitPricePence),
    line_total: formatPence(i.quantity * i.unitPricePence),
  };
}

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
  },
) {
  const { order } = d;
  const orderNo = orderNumber(numbering, order.orderNo);
  return {
    id: order.id,
    order_no: orderNumber(numbering, order.orderNo),
    status: order.status,
    next_statuses: [...nextStatuses(order.status)],
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
      ...itemView(i),
    })),
    events: d.events.map((e) => ({
      from: e.fromStatus,
      to: e.toStatus,
      actor: e.actor,
      at: e.at.toISOString(),
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

/** An order in the customer's account (GET /orders), in the spec's names. */
export function customerOrderView(
  numbering: OrderNumbering,
  o: OrderRow,
  items: ItemRow[],
  canCancel: boolean,
  documents: OrderDocumentRef[] = [],
  approval: typeof priceApprovals.$inferSelect | null = null,
  texts: { rows: TextRow[]; now: Date } = { rows: [], now: new Date(0) },
  canChange: { collection: boolean; delivery: boolean } = { collection: false, delivery: false },
) {
  // Older orders were priced before lines were kept; their stored subtotal stands.
  const subtotal = items.length
    ? items.reduce((sum, i) => sum + i.unitPricePence * i.quantity, 0)
    : o.subtotalPence;
  return {
    id: o.id,
    order_id: o.id,
    order_no: orderNumber(numbering, o.orderNo),
    order_date: londonDate(o.createdAt),
    customer_name: o.customerName,
    customer_phone: o.customerPhone,
    shipping_address: orderAddressLines(o).join('\n'),
    status: o.status,
    pickup_display: londonWindow(o.pickupStartsAt, o.pickupEndsAt),
    delivery_display: londonWindow(o.deliveryStartsAt, o.deliveryEndsAt),
    payment_method: 'Online Payment',
    subtotal: formatPence(subtotal),
    discount: formatPence(o.discountPence),
    total: formatPence(Math.max(0, subtotal - o.discountPence)),
    amount_due: formatPence(o.amountDuePence),
    invoiced: o.invoicedAt !== null,
    can_cancel: canCancel,
    /** Issue 18: the legs the customer may still move to another window. */
    can_change: canChange,
    tracking_path: trackingPath(o.trackingToken),
    /** Waiting for the customer to approve a total above their cap (issue 15), or null. */
    awaiting_approval: approval
      ? {
          id: approval.id,
          amount: formatPence(approval.amountPence),
          cap: formatPence(o.priceCapPence ?? 0),
          asked: approval.answer === 'question',
        }
      : null,
    items: items.map(itemView),
    /** The VAT invoice, receipt and credit notes, as PDFs for the logged-in customer. */
    documents: documentLinks(`/account/orders/${o.id}`, documents),
    estimate: estimateView(o),
    /** Issue 17: the texts about the order and the customer's replies, oldest first. */
    texts: customerTexts(texts.rows, texts.now),
  };
}

/** GET /orders: the customer, their orders and their address book (spec 3). */
export function customerOrdersView(
  numbering: OrderNumbering,
  d: {
    customer: CustomerRow;
    pendingEmail: string | null;
    /** The instant of the listing: a text held for quiet hours says until when. */
    now?: Date;
    orders: {
      order: OrderRow;
      items: ItemRow[];
      canCancel: boolean;
      canChange?: { collection: boolean; delivery: boolean };
      documents: OrderDocumentRef[];
      approval?: typeof priceApprovals.$inferSelect | null;
      texts?: TextRow[];
    }[];
    addresses: AddressRow[];
  },
) {
  return {
    ...customerView(d.customer),
    /** A new e-mail address waiting for its confirmation link, or null. */
    pending_email: d.pendingEmail,
    orders: d.orders.map((o) =>
      customerOrderView(
        numbering,
        o.order,
        o.items,
        o.canCancel,
        o.documents,
        o.approval ?? null,
        { rows: o.texts ?? [], now: d.now ?? new Date() },
        o.canChange,
      ),
    ),
    addresses: d.addresses.map((a) => ({
      id: a.id,
      full_address: savedAddressLines(a).join('\n'),
      postcode: a.postcode,
      address_type: a.addressType,
    })),
  };
}

export type CustomerOrdersView = ReturnType<typeof customerOrdersView>;
export type CustomerOrderView = CustomerOrdersView['orders'][number];

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

/** The order number as every reply shows it, for the presenters of other areas (intake). */
export function orderNoView(numbering: OrderNumbering, o: Pick<OrderRow, 'orderNo'>) {
  return { order_no: orderNumber(numbering, o.orderNo) };
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

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An order in a customer's data-access export: everything held, secrets left out. */
export function orderExportView(
  numbering: OrderNumbering,

  o: OrderRow,
  held: { items: ItemRow[]; events: EventRow[]; payments: PaymentRow[] },
) {
  return {
    order_no: orderNumber(numbering, o.orderNo),
    status: o.status,
    created_at: iso(o.createdAt),
    name: o.customerName,
    email: o.customerEmail,
    phone_number: o.customerPhone,
    notes: o.customerNotes,
    address: o.fullAddress,
    ip_address: o.ip,
    collection: { from: iso(o.pickupStartsAt), to: iso(o.pickupEndsAt) },
    delivery: { from: iso(o.deliveryStartsAt), to: iso(o.deliveryEndsAt) },
    total: formatPence(o.totalPence),
    amount_due: formatPence(o.amountDuePence),
    items: held.items.map((i) => ({
      item: i.itemName,
      quantity: i.quantity,
      price: formatPence(i.unitPricePence),
    })),
    history: held.events.map((e) => ({ from: e.fromStatus, to: e.toStatus, at: iso(e.at) })),
    payments: held.payments.map((p) => ({
      kind: p.kind,
      provider: p.provider,
      status: p.status,
      amount: formatPence(p.amountPence),
      card: p.cardLast4 ? `${p.cardBrand ?? 'card'} ending ${p.cardLast4}` : null,
      at: iso(p.createdAt),
    })),
  };
}

/** What the payment pages show: nothing personal, as anyone with the link may open them. */
export function paymentOrderView(
  numbering: OrderNumbering,
  o: OrderRow & { discountLabel?: string },
) {
  return {
    /** The invoice's discount (issue 18: with its promo or referral code), or null. */
    discount:
      o.discountPence > 0
        ? { label: o.discountLabel ?? 'Discount', amount: formatPence(o.discountPence) }
        : null,
    /** Account credit used towards the order (issue 18), or null. */
    credit_applied: o.creditAppliedPence > 0 ? formatPence(o.creditAppliedPence) : null,
    total: formatPence(o.totalPence),
    id: o.id,
    order_no: orderNumber(numbering, o.orderNo),
    status: o.status,
    amount_due: formatPence(o.amountDuePence),
    /** Staff e-mailed the invoice and something is still due: the page takes the payment. */
    invoice_due: o.invoicedAt !== null && o.amountDuePence > 0,
    payment_method: o.paymentMethod,
    payment_state: o.paymentState,
  };
}

/**
 * GET /order/{id}: the confirmation fields of spec section 3 and nothing personal, since
 * anyone holding the link may read it.
 */
export function orderConfirmationView(
  numbering: OrderNumbering,

  o: Pick<
    OrderRow,
    | 'id'
    | 'orderNo'
    | 'status'
    | 'createdAt'
    | 'pickupStartsAt'
    | 'pickupEndsAt'
    | 'deliveryStartsAt'
    | 'deliveryEndsAt'
    | 'amountDuePence'
    | 'paymentState'
    | 'estimate'
    | 'estimatePence'
    | 'priceCapPence'
    | 'trackingToken'
  > & { promo?: { label: string; offer: string } | null },
) {
  return {
    id: o.id,
    order_id: o.id,
    order_no: orderNumber(numbering, o.orderNo),
    order_date: londonDate(o.createdAt),
    status: o.status,
    pickup_start_date: o.pickupStartsAt.toISOString(),
    pickup_end_date: o.pickupEndsAt.toISOString(),
    delivery_start_date: o.deliveryStartsAt.toISOString(),
    delivery_end_date: o.deliveryEndsAt.toISOString(),
    amount_due: formatPence(o.amountDuePence),
    payment_state: o.paymentState,
    estimate: estimateView(o),
    tracking_path: trackingPath(o.trackingToken),
    discount: o.promo
      ? `${o.promo.label.replace(/^Discount \((.*)\)$/, '$1')}: ${o.promo.offer}, taken off your invoice`
      : null,
  };
}

/** The order just placed, as POST /api/placeorder answers it (the handler adds its payment link). */
export function placedOrderView(
  numbering: OrderNumbering,
  o: { orderId: string; orderNo: number; status: string },
) {
  return { order_id: o.orderId, order_no: orderNumber(numbering, o.orderNo), status: o.status };
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

/** A request as the customer (the link or their account) sees it. */
export function priceApprovalView(
  numbering: OrderNumbering,
  d: {
    approval: typeof priceApprovals.$inferSelect;
    order: OrderRow;
    items: ItemRow[];
    messages: (typeof orderMessages.$inferSelect)[];
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

/** The estimate and cap in the reply to placing an order. */
export function placedEstimateView(o: {
  estimatePence: number | null;
  priceCapPence: number | null;
}) {
  return {
    estimate_total: o.estimatePence === null ? null : formatPence(o.estimatePence),
    price_cap: o.priceCapPence === null ? null : formatPence(o.priceCapPence),
  };
}

function stateLabel(stop: DriverStop): string {
  const { state } = stop;
  switch (state.kind) {
    case 'collected': {
      const bags = state.event.bags ?? 0;
      return `Collected, ${bags} bag${bags === 1 ? '' : 's'}`;
    }
    case 'delivered':
      return `Delivered: ${state.event.leftWith}`;
    case 'not-home':
      return 'Not home: new time asked for';
    default:
      if (
        stop.leg === 'collection' &&
        !['pending', 'pending payment'].includes(stop.order.status)
      ) {
        return `Collected (${stop.order.status})`;
      }
      if (stop.leg === 'delivery' && stop.order.status === 'ready') return 'Ready to load';
      if (stop.leg === 'delivery') return 'Out for delivery';
      return 'To collect';
  }
}

function actionsOf(stop: DriverStop): ('collect' | 'not-home' | 'deliver')[] {
  const { state, order } = stop;
  if (state.kind === 'collected' || state.kind === 'delivered') return [];
  if (stop.leg === 'collection') {
    if (!['pending', 'pending payment'].includes(order.status)) return [];
    return state.kind === 'not-home' ? ['collect'] : ['collect', 'not-home'];
  }
  if (state.kind === 'not-home') return [];
  if (order.status === 'out for delivery') return ['deliver', 'not-home'];
  if (order.status === 'ready') return ['not-home'];
  return [];
}

// ─── The driver's view (issue 16, decision 026) ───

export type Leg = 'collection' | 'delivery';
export type StopEventRow = typeof stopEvents.$inferSelect;

/** Where a stop stands: to do, or the event that settled it (collected, not home, delivered). */
export type StopState =
  | { kind: 'to-do' }
  | { kind: 'collected'; event: StopEventRow }
  | { kind: 'not-home'; event: StopEventRow }
  | { kind: 'delivered'; event: StopEventRow };

export type DriverStop = {
  leg: Leg;
  order: OrderRow;
  startsAt: Date;
  endsAt: Date;
  postcode: string;
  state: StopState;
  /** Delivery: pieces listed on the order; bags counted at collection (null when unknown). */
  itemCount: number;
  bags: number | null;
  /** Issue 18: the customer's garment care preferences (none chosen: null). */
  care?: CarePreferences | null;
};

/**
 * One stop of the driver's route; `index` its place from 0. Times in London, the address on
 * one line, the links the phone's buttons open, and the actions that apply to the stop now.
 */
export function driverStopView(numbering: OrderNumbering, stop: DriverStop, index: number) {
  const { order } = stop;
  const lines = orderAddressLines(order);
  const postcode = order.postcode.trim();
  const address = [...lines.filter((l) => l.trim() !== postcode), postcode].join(', ');
  const estimate = order.estimate;
  const done = stop.state.kind === 'to-do' ? null : stop.state.event.at;
  return {
    stop_no: index + 1,
    order_id: order.id,
    order_no: orderNumber(numbering, order.orderNo),
    order_status: order.status,
    leg: stop.leg,
    window: `${hhmm(stop.startsAt)}–${hhmm(stop.endsAt)}`,
    starts_at: stop.startsAt.toISOString(),
    customer_name: order.customerName,
    phone_number: order.customerPhone,
    door: order.doorNumber,
    address,
    postcode,
    notes: order.customerNotes,
    access_notes: order.accessNotes,
    care: stop.care ? careSummary(stop.care) : [],
    collect:
      stop.leg === 'collection'
        ? {
            items: (estimate?.items ?? []).map((i) => ({ name: i.name, quantity: i.quantity })),
            not_sure: !estimate || estimate.notSure || estimate.items.length === 0,
          }
        : null,
    deliver: stop.leg === 'delivery' ? { items: stop.itemCount, bags: stop.bags } : null,
    state: stop.state.kind,
    state_label: stateLabel(stop),
    done_at: done ? done.toISOString() : null,
    actions: actionsOf(stop),
    call_url: `tel:${order.customerPhone.replace(/[^\d+]/g, '')}`,
    navigate_url: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`,
  };
}

export type DriverStopView = ReturnType<typeof driverStopView>;
