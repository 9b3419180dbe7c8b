import { formatGbp, formatPence, MAX_UNIT_PRICE_PENCE } from '@shared/money';
import type { OrderNumbering } from '@shared/order-number';
import type { TicketReceipt } from '../../adapters/pdf/render-ticket-receipt';
import type {
  counterHandovers,
  counterTickets,
  customers,
  orderItems,
  orders,
} from '../../db/schema';
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
> & { id?: number; handedOver?: boolean; serviceId?: number | null };
type HandoverRow = typeof counterHandovers.$inferSelect & { branchName: string };
type CustomerRow = typeof customers.$inferSelect;

export function cashShortMessages(input: { totalPence: number; tenderedPence: number }) {
  return {
    message: `The ticket comes to ${formatGbp(input.totalPence)}: ${formatGbp(input.tenderedPence)} tendered is not enough.`,
    field: `Take at least ${formatGbp(input.totalPence)}, or choose pay at collection.`,
  };
}

/** What staff read once a ticket is marked ready: who was told, and how. */
export function readyMessage(r: {
  number: string;
  rack: string;
  first: boolean;
  told: { text: string; emailed: boolean };
}): string {
  if (!r.first) return `Ticket ${r.number} now hangs on ${r.rack}.`;
  const told = [r.told.text === 'queued' ? 'texted' : null, r.told.emailed ? 'e-mailed' : null];
  const how = told.filter(Boolean).join(' and ');
  return `Ticket ${r.number} is ready on ${r.rack}. ${how ? `The customer was ${how}.` : 'The customer has no e-mail or texts to be told by.'}`;
}

/** What staff read after a hand-over: collected or part, and the change to give. */
export function collectedMessage(r: {
  number: string;
  whole: boolean;
  lines: number[];
  handover: { changePence: number | null };
}): string {
  const what = r.whole
    ? `Ticket ${r.number} collected`
    : `${r.lines.length} line${r.lines.length === 1 ? '' : 's'} of ticket ${r.number} handed over`;
  const change = r.handover.changePence;
  return change !== null ? `${what}: give ${formatGbp(change)} change.` : `${what}.`;
}

export function unpaidMessage(input: { duePence: number; number: string }): string {
  return `${formatGbp(input.duePence)} is due on ticket ${input.number}: take it, or say why it goes unpaid.`;
}

export function priceTooHighMessage(): string {
  return `A price may be at most ${formatGbp(MAX_UNIT_PRICE_PENCE)}.`;
}

/** A customer as the counter lists them: who, and whether they have an online account. */
export function counterCustomerView(c: CustomerRow) {
  return { id: c.id, ...customerView(c), account: !c.isGuest && c.passwordHash !== null };
}

/** The order a typed or scanned number names, to open. */
export function foundTicketView(
  numbering: OrderNumbering,
  t: { id: string; orderNo: number; channel: 'online' | 'counter' },
) {
  return { id: t.id, ...orderNoView(numbering, t), channel: t.channel };
}

export type TicketFacts = {
  order: OrderRow;
  ticket: TicketRow;
  items: ItemRow[];
  branchName: string;
  invoiceNumber: string | null;
  handovers?: HandoverRow[];
  /** Paid in cash on it and not refunded (the till's entries): the most a cash refund gives. */
  cashPaidPence?: number;
  /** The customer has an online account (their credit or saved card may pay, decision 053). */
  customerAccount?: boolean;
};

/** A hand-over at the counter as the API shows it. */
function handoverView(h: HandoverRow) {
  return {
    at: h.at.toISOString(),
    by: h.staffName,
    branch: h.branchName,
    paid: formatPence(h.paidPence),
    tendered: h.tenderedPence === null ? null : formatPence(h.tenderedPence),
    change: h.changePence === null ? null : formatPence(h.changePence),
    unpaid_reason: h.unpaidReason,
  };
}

/** A ticket as the API replies with it. */
export function ticketView(numbering: OrderNumbering, t: TicketFacts) {
  const { order, ticket } = t;
  return {
    id: order.id,
    ...orderNoView(numbering, order),
    branch: t.branchName,
    customer_name: order.customerName,
    promised_ready_at: ticket.promisedReadyAt.toISOString(),
    status: order.status,
    rack: ticket.rack,
    ready_at: ticket.readyAt?.toISOString() ?? null,
    collected_at: ticket.collectedAt?.toISOString() ?? null,
    items: t.items.map((i) => ({
      id: i.id ?? 0,
      handed_over: i.handedOver ?? false,
      garment: i.serviceId !== null,
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
    speed: ticket.speed,
    tendered: ticket.tenderedPence === null ? null : formatPence(ticket.tenderedPence),
    change: ticket.changePence === null ? null : formatPence(ticket.changePence),
    invoice_number: t.invoiceNumber,
    customer_account: t.customerAccount ?? false,
    cash_refundable: formatPence(t.cashPaidPence ?? 0),
    receipt_url: `/admin/counter/tickets/${order.id}/receipt`,
    handovers: (t.handovers ?? []).map(handoverView),
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
