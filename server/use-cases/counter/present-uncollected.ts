import { formatPence } from '@shared/money';
import type { OrderNumbering } from '@shared/order-number';
import { orderNoView } from '../orders/present-order-parts';
import type { UncollectedTicket } from './uncollected';

/* An uncollected ticket as the contract's UncollectedTicket: money as '12.50'. */
export function uncollectedTicketView(numbering: OrderNumbering, t: UncollectedTicket) {
  return {
    id: t.order.id,
    ...orderNoView(numbering, t.order),
    customer: t.order.customerName,
    phone: t.order.customerPhone,
    branch: t.branch,
    rack: t.ticket.rack,
    ready_at: t.ticket.readyAt!.toISOString(),
    days: t.days,
    amount_due: formatPence(t.order.amountDuePence),
    total: formatPence(t.order.totalPence),
    reminders: t.notices.map((n) => ({
      days: n.stage,
      sent_at: n.sentAt.toISOString(),
      text: n.text,
      emailed: n.emailed,
    })),
    awaiting_decision: t.awaitingDecision,
    decision: t.ticket.uncollectedDecision,
    decided_at: t.ticket.decidedAt?.toISOString() ?? null,
    decided_by: t.decidedBy,
  };
}
