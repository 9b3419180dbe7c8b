import { londonWindow } from '@shared/london-time';
import { formatPence } from '@shared/money';
import { orderNumber, type OrderNumbering } from '@shared/order-number';
import { awaitsApproval } from '@shared/order-approval';
import { orderAddressLines } from '../accounts/full-address';
import type { OrderRow } from './find-order';
import { clockWindow } from './present-order-parts';

/*
 * The staff's lists of orders: the board (counts per status, the day's collections and
 * deliveries, the orders waiting on their customer), the route sheet and the order list.
 */

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
    window: clockWindow(starts, ends),
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
