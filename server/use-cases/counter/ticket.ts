import { asc, eq } from 'drizzle-orm';
import { branchScope } from '../../auth/branch-scope';
import type { CurrentStaff } from '../../auth/staff';
import { renderTicketReceipt } from '../../adapters/pdf/render-ticket-receipt';
import {
  branches,
  counterHandoverLines,
  counterHandovers,
  counterTickets,
  customers,
  orderItems,
  orders,
} from '../../db/schema';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { shopSettingsIn } from '../admin/shop-settings';
import { currentInvoice } from '../invoices/vat-documents';
import { ticketReceipt, ticketView, type TicketFacts } from './present-ticket';
import { cashPaidOn } from './till';

/*
 * A counter ticket read back (issue 32, decision 049), for its page and its receipt: only
 * staff whose branch scope shows the ticket's branch (the owner: any; staff of another
 * branch: 403, unless the owner lets any counter collect it, decision 050). With each line
 * whether it was handed over, and the hand-overs.
 */

export async function counterTicket(
  deps: Pick<AppServices, 'db'>,
  input: { staff: Pick<CurrentStaff, 'id' | 'role' | 'sessionBranchId'>; orderId: string },
) {
  const { db } = deps;
  const t = await readTicket(db, input.orderId);
  if (!t) throw new NotFoundError('We could not find that ticket.');
  const scope = await branchScope(db, input.staff);
  if (scope.branchIds && !scope.branchIds.includes(t.branch.id)) {
    // Another counter may collect it when the owner allows (decision 050), so it may read it.
    const elsewhere = scope.current !== null && (await shopSettingsIn(db)).counterCollectElsewhere;
    if (!elsewhere) throw new ForbiddenError(`This ticket is ${t.branch.name}’s.`);
  }
  return t;
}

/** A ticket with its lines, hand-overs and money, for whoever the caller found may see it. */
async function readTicket(db: AppServices['db'], orderId: string) {
  const [row] = await db
    .select({ order: orders, ticket: counterTickets, branch: branches, customer: customers })
    .from(counterTickets)
    .innerJoin(orders, eq(orders.id, counterTickets.orderId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(branches, eq(branches.id, counterTickets.branchId))
    .where(eq(counterTickets.orderId, orderId));
  if (!row) return null;
  const items = await db
    .select({ item: orderItems, handoverId: counterHandoverLines.handoverId })
    .from(orderItems)
    .leftJoin(counterHandoverLines, eq(counterHandoverLines.orderItemId, orderItems.id))
    .where(eq(orderItems.orderId, row.order.id))
    .orderBy(asc(orderItems.id));
  const handovers = await db
    .select({ handover: counterHandovers, branchName: branches.name })
    .from(counterHandovers)
    .innerJoin(branches, eq(branches.id, counterHandovers.branchId))
    .where(eq(counterHandovers.orderId, row.order.id))
    .orderBy(asc(counterHandovers.id));
  const invoice = await currentInvoice(db, row.order.id);
  const facts: TicketFacts = {
    order: row.order,
    ticket: row.ticket,
    items: items.map((i) => ({ ...i.item, handedOver: i.handoverId !== null })),
    branchName: row.branch.name,
    invoiceNumber: invoice?.number ?? null,
    handovers: handovers.map((h) => ({ ...h.handover, branchName: h.branchName })),
    cashPaidPence: await cashPaidOn(db, row.order.id),
    customerAccount:
      row.customer !== null && !row.customer.isGuest && row.customer.passwordHash !== null,
  };
  return { ...facts, branch: row.branch };
}

/** A ticket as its page shows it (the API's view), for the counter's ticket screen. */
export async function counterTicketView(
  deps: Pick<AppServices, 'db' | 'config'>,
  input: { staff: Pick<CurrentStaff, 'id' | 'role' | 'sessionBranchId'>; orderId: string },
) {
  return ticketView(deps.config.brand, await counterTicket(deps, input));
}

/** The ticket's 80 mm receipt as a PDF, with its file name (staff: the ticket's branch). */
export async function ticketReceiptPdf(
  deps: Pick<AppServices, 'db' | 'config'>,
  input: { staff: Pick<CurrentStaff, 'id' | 'role' | 'sessionBranchId'>; orderId: string },
) {
  return receiptPdf(deps, await counterTicket(deps, input));
}

/**
 * The same receipt for the ticket's customer (their account, or the payment link's holder:
 * the caller has checked), or null when the order is no counter ticket.
 */
export async function customerTicketReceiptPdf(
  deps: Pick<AppServices, 'db' | 'config'>,
  input: { orderId: string },
) {
  const t = await readTicket(deps.db, input.orderId);
  return t ? receiptPdf(deps, t) : null;
}

async function receiptPdf(
  deps: Pick<AppServices, 'config'>,
  t: NonNullable<Awaited<ReturnType<typeof readTicket>>>,
) {
  const { branch } = t;
  const receipt = ticketReceipt(deps.config.brand, {
    ...t,
    branch: {
      name: branch.name,
      address: [branch.addressLine1, branch.addressLine2, branch.postcode]
        .filter(Boolean)
        .join(', '),
      phone: branch.phone,
    },
  });
  return { pdf: await renderTicketReceipt(receipt), filename: `ticket-${receipt.number}.pdf` };
}
