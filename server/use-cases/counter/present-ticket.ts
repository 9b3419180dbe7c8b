import { formatGbp, formatPence, MAX_UNIT_PRICE_PENCE } from '@shared/money';
import type { OrderNumbering } from '@shared/order-number';
import type { TicketReceipt } from '../../adapters/pdf/render-ticket-receipt';
import type { counterTickets, customers, orderItems, orders } from '../../db/schema';
import { customerView, orderNoView } from '../orders/present-order-parts';

/*
 * The counter's presenter (issue 32, decision 049): a ticket as the API and the counter page
 * show it (money as '12.50'), its receipt, and the counter's messages that name amounts.
 */

/** The spec's terms (section 9), word for word, printed on every receipt. */
export const TICKET_TERMS = 'Items may be disposed of after 90 days undelivered.';

type OrderRow = typeof orders.$inferSelect;
type TicketRow = typeof counterTickets.$inferSelect;
type ItemRow = Pick<
  typeof orderItems.$inferSelect,
  'itemName' | 'quantity' | 'unitPricePence' | 'note'
>;
type CustomerRow = typeof customers.$inferSelect;

export function cashShortMessages(input: { totalPence: number; tenderedPence: number }) {
  return {
    message: `The ticket comes to ${formatGbp(input.totalPence)}: ${formatGbp(input.tenderedPence)} tendered is not enough.`,
    field: `Take at least ${formatGbp(input.totalPence)}, or choose pay at collection.`,
  };
}

export function priceTooHighMessage(): string {
  return `A price may be at most ${formatGbp(MAX_UNIT_PRICE_PENCE)}.`;
}

/** A customer as the counter lists them: who, and whether they have an online account. */
export function counterCustomerView(c: CustomerRow) {
  return { id: c.id, ...customerView(c), account: !c.isGuest && c.passwordHash !== null };
}

/** The order a typed or scanned number names, to open. */
export function foundTicketView(numbering: OrderNumbering, t: { id: string; orderNo: number }) {
  return { id: t.id, ...orderNoView(numbering, t) };
}

export type TicketFacts = {
  order: OrderRow;
  ticket: TicketRow;
  items: ItemRow[];
  branchName: string;
  invoiceNumber: string | null;
};

/** A ticket as the API replies with it. */
export function ticketView(numbering: OrderNumbering, t: TicketFacts) {
  const { order, ticket } = t;
  return {
    id: order.id,
    ...orderNoView(numbering, order),
    branch: t.branchName,
    customer_name: order.customerName,
    promised_ready_at: ticket.promisedReadyAt.toISOString(),
    items: t.items.map((i) => ({
      name: i.itemName,
      quantity: i.quantity,
      unit_price: formatPence(i.unitPricePence),
      line_total: formatPence(i.quantity * i.unitPricePence),
      note: i.note,
    })),
    total: formatPence(order.totalPence),
    paid: formatPence(order.paidPence),
    due: formatPence(order.amountDuePence),
    payment: ticket.payment,
    tendered: ticket.tenderedPence === null ? null : formatPence(ticket.tenderedPence),
    change: ticket.changePence === null ? null : formatPence(ticket.changePence),
    invoice_number: t.invoiceNumber,
    receipt_url: `/admin/counter/tickets/${order.id}/receipt`,
  };
}

/** What the receipt prints. */
export function ticketReceipt(
  brand: OrderNumbering & { name: string },
  t: TicketFacts & { branch: { name: string; address: string; phone: string } },
): TicketReceipt {
  const { order, ticket } = t;
  return {
    brandName: brand.name,
    branch: t.branch,
    number: orderNoView(brand, order).order_no,
    droppedAt: order.createdAt,
    customerName: order.customerName,
    lines: t.items.map((i) => ({
      name: i.itemName,
      quantity: i.quantity,
      unitPricePence: i.unitPricePence,
      note: i.note,
    })),
    totalPence: order.totalPence,
    paidPence: order.paidPence,
    tenderedPence: ticket.tenderedPence,
    changePence: ticket.changePence,
    duePence: order.amountDuePence,
    promisedReadyAt: ticket.promisedReadyAt,
    invoiceNumber: t.invoiceNumber,
    terms: TICKET_TERMS,
  };
}
