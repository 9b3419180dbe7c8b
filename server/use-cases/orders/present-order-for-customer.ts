import { londonDate, londonWindow } from '@shared/london-time';
import { formatPence } from '@shared/money';
import { orderNumber, type OrderNumbering } from '@shared/order-number';
import { trackingPath } from '@shared/tracking';
import type { priceApprovals } from '../../db/schema';
import { orderAddressLines, savedAddressLines } from '../accounts/full-address';
import { documentLinks } from '../invoices/present-documents';
import type { OrderDocumentRef } from '../invoices/vat-documents';
import { customerTexts, type TextRow } from '../messages/present-texts';
import type { OrderRow } from './find-order';
import {
  customerView,
  estimateView,
  itemLineView,
  refundsView,
  type AddressRow,
  type CustomerRow,
  type ItemRow,
} from './present-order-parts';

/*
 * What a logged-in customer sees of their orders (GET /api/orders and the account's pages):
 * totals, windows, what they may still change, their documents, approvals and texts.
 */
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
    channel: o.channel,
    pickup_display: londonWindow(o.pickupStartsAt, o.pickupEndsAt),
    delivery_display: londonWindow(o.deliveryStartsAt, o.deliveryEndsAt),
    payment_method: 'Online Payment',
    subtotal: formatPence(subtotal),
    discount: formatPence(o.discountPence),
    total: formatPence(Math.max(0, subtotal - o.discountPence)),
    amount_due: formatPence(o.amountDuePence),
    ...refundsView(
      { discountPence: o.discountPence, totalPence: Math.max(0, subtotal - o.discountPence) },
      documents,
    ),
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
    items: items.map(itemLineView),
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
