import { londonDate } from '@shared/london-time';
import { formatPence } from '@shared/money';
import { orderNumber, type OrderNumbering } from '@shared/order-number';
import { trackingPath } from '@shared/tracking';
import type { OrderRow } from './find-order';
import { estimateView } from './present-order-parts';

/*
 * An order as whoever placed it or holds its link sees it, logged in or not: the reply to
 * placing it, its confirmation and its payment pages. Nothing personal, since anyone holding
 * the link may read them.
 */

/** The order just placed, as POST /api/placeorder answers it (the handler adds its payment link). */
export function placedOrderView(
  numbering: OrderNumbering,
  o: { orderId: string; orderNo: number; status: string },
) {
  return { order_id: o.orderId, order_no: orderNumber(numbering, o.orderNo), status: o.status };
}

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
