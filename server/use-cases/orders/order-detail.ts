import { asc, eq } from 'drizzle-orm';
import { londonWindow, orderNumber } from '@shared/london-time';
import { formatPence } from '@shared/money';
import { canItemise, nextStatuses } from '@shared/order-pipeline';
import type { Database } from '../../db/client';
import { customerCredits, orderEvents, orderItems, payments } from '../../db/schema';
import { orderAddressLines } from '../accounts/full-address';
import { savedCardOf } from '../payments/charge-order';
import { overpaidPence } from '../payments/settle-overpayment';
import { findOrder } from './find-order';

/** Everything staff see of one order. */
export async function adminOrderDetail(db: Database, id: string) {
  const order = await findOrder(db, id);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.id));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, id))
    .orderBy(asc(payments.createdAt));
  const card = await savedCardOf(db, id);
  const credits = await db
    .select()
    .from(customerCredits)
    .where(eq(customerCredits.orderId, id))
    .orderBy(asc(customerCredits.id));
  return {
    id: order.id,
    order_no: orderNumber(order.orderNo),
    status: order.status,
    next_statuses: [...nextStatuses(order.status)],
    can_itemise: canItemise(order.status),
    customer_id: order.customerId,
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    customer_phone: order.customerPhone,
    notes: order.customerNotes,
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
    saved_card: card ? { brand: card.cardBrand, last4: card.cardLast4 } : null,
    invoiced_at: order.invoicedAt?.toISOString() ?? null,
    subtotal: formatPence(order.subtotalPence),
    discount: formatPence(order.discountPence),
    total: formatPence(order.totalPence),
    paid: formatPence(order.paidPence),
    amount_due: formatPence(order.amountDuePence),
    /** Paid above the total, waiting to be refunded or made credit (0.00 when nothing). */
    overpaid: formatPence(overpaidPence(order)),
    credits: credits.map((c) => ({
      amount: formatPence(c.amountPence),
      reason: c.reason,
      at: c.createdAt.toISOString(),
    })),
    items: items.map((i) => ({
      id: i.id,
      service_id: i.serviceId,
      kind: i.kind,
      item_name: i.itemName,
      quantity: i.quantity,
      price: formatPence(i.unitPricePence),
      line_total: formatPence(i.quantity * i.unitPricePence),
    })),
    events: events.map((e) => ({
      from: e.fromStatus,
      to: e.toStatus,
      actor: e.actor,
      at: e.at.toISOString(),
    })),
    payments: paymentRows.map((p) => ({
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
