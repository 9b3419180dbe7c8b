import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Brand } from '@shared/brand';
import { orderNumber } from '@shared/order-number';
import { vatBreakdown, type VatLineInput } from '@shared/vat';
import type { FinancialDocument } from '../../adapters/pdf/financial-document';
import { documentFileName } from '../../adapters/pdf/financial-document';
import { renderDocumentPdf } from '../../adapters/pdf/render-document-pdf';
import type { MailAttachment } from '../../adapters/mail/mail-service';
import type { DbOrTx } from '../../db/client';
import { ConflictError } from '../../errors';
import type { orders } from '../../db/schema';
import {
  counterTickets,
  documentNumbers,
  financialDocuments,
  orderItems,
  payments,
} from '../../db/schema';
import { discountLabel } from '../promos/order-promo';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type DocumentRow = typeof financialDocuments.$inferSelect;
type Series = (typeof documentNumbers.$inferSelect)['series'];

const PREFIX: Record<Series, string> = { invoice: 'INV', 'credit-note': 'CN' };

/**
 * The next number of a series, in the caller's transaction: the counter row is locked until
 * it commits (concurrent issuers queue) and a rollback gives the number back. No gaps.
 */
async function nextNumber(tx: DbOrTx, series: Series) {
  const [row] = await tx
    .insert(documentNumbers)
    .values({ series, last: 1 })
    .onConflictDoUpdate({
      target: documentNumbers.series,
      set: { last: sql`${documentNumbers.last} + 1` },
    })
    .returning({ last: documentNumbers.last });
  const seq = row!.last;
  return { seq, number: `${PREFIX[series]}-${String(seq).padStart(6, '0')}` };
}

function seller(brand: Brand): FinancialDocument['seller'] {
  return {
    name: brand.name,
    address: [brand.headOffice.line1, brand.headOffice.town, brand.headOffice.postcode],
    vatNumber: brand.vatNumber,
    companyNumber: brand.companyNumber,
    email: brand.email,
    phone: brand.phone,
  };
}

function buyer(order: OrderRow): FinancialDocument['buyer'] {
  return {
    name: order.companyName ? `${order.customerName}, ${order.companyName}` : order.customerName,
    address: order.fullAddress.split('\n').filter(Boolean),
    email: order.customerEmail,
  };
}

/** What was supplied, VAT included: the order's lines and its discount as a negative line. */
function linesOf(order: OrderRow, items: ItemRow[], discount = 'Discount'): VatLineInput[] {
  const lines: VatLineInput[] = items.map((i) => ({
    description: i.itemName,
    quantity: i.quantity,
    unitGrossPence: i.unitPricePence,
  }));
  if (order.discountPence > 0) {
    lines.push({ description: discount, quantity: 1, unitGrossPence: -order.discountPence });
  }
  return lines;
}

/**
 * A refund's credit note (a provider's refund, with its payment row, or cash from the
 * counter's till, decision 053), as against one that cancels its invoice for a new one.
 */
const refundNote = sql`(${financialDocuments.paymentId} is not null or ${financialDocuments.snapshot}->'credits'->>'cashRefund' = 'true')`;

/** What refunds' credit notes have given back against an invoice, in pence. */
async function refundedAgainst(db: DbOrTx, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${financialDocuments.totalPence}), 0)::int` })
    .from(financialDocuments)
    .where(
      and(
        eq(financialDocuments.kind, 'credit-note'),
        eq(financialDocuments.creditsId, invoiceId),
        refundNote,
      ),
    );
  return Number(row?.total ?? 0);
}

/** The invoice of an order that no credit note has cancelled, or null. */
export async function currentInvoice(db: DbOrTx, orderId: string): Promise<DocumentRow | null> {
  const invoices = await db
    .select()
    .from(financialDocuments)
    .where(and(eq(financialDocuments.orderId, orderId), eq(financialDocuments.kind, 'invoice')))
    .orderBy(desc(financialDocuments.seq));
  if (invoices.length === 0) return null;
  const cancelled = await db
    .select({ id: financialDocuments.creditsId })
    .from(financialDocuments)
    .where(
      and(
        eq(financialDocuments.kind, 'credit-note'),
        inArray(
          financialDocuments.creditsId,
          invoices.map((i) => i.id),
        ),
        sql`not ${refundNote}`,
      ),
    );
  const gone = new Set(cancelled.map((c) => c.id));
  return invoices.find((i) => !gone.has(i.id)) ?? null;
}

/**
 * The VAT invoice of an order as it stands, issued now if it has none, in the caller's
 * transaction (with the order row locked by the caller). An invoice whose total no longer
 * matches the order (staff changed the items after invoicing) is cancelled by a credit note
 * and replaced: an issued invoice is never edited.
 */
export async function issueInvoice(
  tx: DbOrTx,
  { brand, order, now }: { brand: Brand; order: OrderRow; now: Date },
): Promise<DocumentRow> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const vat = vatBreakdown(linesOf(order, items, await discountLabel(tx, order)));
  if (vat.grossPence !== order.totalPence) {
    // Totals are written with the items (setOrderItems); anything else is not invoiced.
    throw new ConflictError(
      `The items of order ${orderNumber(brand, order.orderNo)} do not add up to its total: list the items again before invoicing.`,
    );
  }
  const existing = await currentInvoice(tx, order.id);
  // Refunds made since (each with its credit note) lowered the order by their amount and
  // raised its discount to match: the invoice with them is still the order as it stands.
  const refunded = existing ? await refundedAgainst(tx, existing.id) : 0;
  if (existing && existing.totalPence - refunded === order.totalPence) {
    // jsonb keeps keys in its own order: compare the lines field by field.
    const key = (lines: VatLineInput[]) =>
      JSON.stringify(
        lines
          .filter((l) => l.unitGrossPence >= 0)
          .map((l) => [l.description, l.quantity, l.unitGrossPence]),
      );
    if (key((existing.snapshot as FinancialDocument).vat.lines) === key(vat.lines)) {
      return existing;
    }
  }
  const { seq, number } = await nextNumber(tx, 'invoice');
  if (existing) {
    const lines: VatLineInput[] = (existing.snapshot as FinancialDocument).vat.lines;
    await issueCreditNote(tx, {
      brand,
      invoice: existing,
      order,
      lines: refunded
        ? [
            ...lines,
            {
              description: 'Less refunds already credited',
              quantity: 1,
              unitGrossPence: -refunded,
            },
          ]
        : lines,
      reason: `Cancelled and replaced by invoice ${number}.`,
      now,
    });
  }
  const snapshot: FinancialDocument = {
    kind: 'invoice',
    number,
    issuedAt: now.toISOString(),
    orderNumber: orderNumber(brand, order.orderNo),
    seller: seller(brand),
    buyer: buyer(order),
    vat,
  };
  const [row] = await tx
    .insert(financialDocuments)
    .values({
      kind: 'invoice',
      seq,
      number,
      orderId: order.id,
      issuedAt: now,
      totalPence: vat.grossPence,
      vatPence: vat.vatPence,
      snapshot,
    })
    .returning();
  return row!;
}

/**
 * A credit note against an invoice, in the caller's transaction: for the whole invoice (it is
 * cancelled) or, with `paymentId`, for money refunded.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  input: {
    brand: Brand;
    invoice: DocumentRow;
    order: OrderRow;
    lines: VatLineInput[];
    reason: string;
    now: Date;
    /** The refund this credit note documents. */
    paymentId?: string;
    /** A refund in cash from the counter's till (no payment row): it credits, not cancels. */
    cashRefund?: boolean;
  },
): Promise<DocumentRow> {
  const { seq, number } = await nextNumber(tx, 'credit-note');
  const vat = vatBreakdown(
    input.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitGrossPence: l.unitGrossPence,
      ...(l.outsideScope ? { outsideScope: true } : {}),
    })),
  );
  const snapshot: FinancialDocument = {
    kind: 'credit-note',
    number,
    issuedAt: input.now.toISOString(),
    orderNumber: orderNumber(input.brand, input.order.orderNo),
    seller: seller(input.brand),
    buyer: (input.invoice.snapshot as FinancialDocument).buyer,
    vat,
    credits: {
      invoiceNumber: input.invoice.number,
      reason: input.reason,
      ...(input.cashRefund ? { cashRefund: true } : {}),
    },
  };
  const [row] = await tx
    .insert(financialDocuments)
    .values({
      kind: 'credit-note',
      seq,
      number,
      orderId: input.order.id,
      issuedAt: input.now,
      totalPence: vat.grossPence,
      vatPence: vat.vatPence,
      creditsId: input.invoice.id,
      paymentId: input.paymentId ?? null,
      snapshot,
    })
    .returning();
  return row!;
}

const methodOf = (p: typeof payments.$inferSelect) =>
  p.provider === 'paypal'
    ? 'PayPal'
    : p.cardLast4
      ? `${p.cardBrand ? p.cardBrand[0]!.toUpperCase() + p.cardBrand.slice(1) : 'Card'} ending ${p.cardLast4}`
      : p.provider === 'test'
        ? 'Test card'
        : 'Card';

/** The charges that succeeded on these orders, oldest first: what receipts list. */
export function succeededCharges(db: DbOrTx, orderIds: string[]) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.orderId, orderIds),
        eq(payments.kind, 'charge'),
        eq(payments.status, 'succeeded'),
      ),
    )
    .orderBy(asc(payments.updatedAt));
}

/** The receipt of an order: its current invoice with the charges that succeeded, or null. */
export async function receiptOf(db: DbOrTx, orderId: string): Promise<FinancialDocument | null> {
  const invoice = await currentInvoice(db, orderId);
  if (!invoice) return null;
  const paid = await succeededCharges(db, [orderId]);
  if (paid.length === 0) return null;
  return {
    ...(invoice.snapshot as FinancialDocument),
    kind: 'receipt',
    issuedAt: paid.at(-1)!.updatedAt.toISOString(),
    payments: paid.map((p) => ({
      at: p.updatedAt.toISOString(),
      method: methodOf(p),
      amountPence: p.amountPence,
    })),
  };
}

/** An order's VAT documents, newest first, and whether a receipt can be made. */
export async function documentsOfOrder(db: DbOrTx, orderId: string) {
  const rows = await db
    .select()
    .from(financialDocuments)
    .where(eq(financialDocuments.orderId, orderId))
    .orderBy(desc(financialDocuments.issuedAt), desc(financialDocuments.seq));
  return rows;
}

/** A document as a PDF attachment. */
export async function pdfAttachment(doc: FinancialDocument): Promise<MailAttachment> {
  return {
    filename: documentFileName(doc),
    contentType: 'application/pdf',
    content: await renderDocumentPdf(doc),
  };
}

/**
 * One document of an order as a PDF, by its number ('INV-000012', 'CN-000003', or
 * 'receipt'); null when the order has no such document.
 */
export async function orderDocumentPdf(db: DbOrTx, orderId: string, number: string) {
  let doc: FinancialDocument | null;
  if (number === 'receipt') {
    doc = await receiptOf(db, orderId);
  } else {
    const [row] = await db
      .select()
      .from(financialDocuments)
      .where(and(eq(financialDocuments.orderId, orderId), eq(financialDocuments.number, number)))
      .limit(1);
    doc = row ? (row.snapshot as FinancialDocument) : null;
  }
  return doc ? pdfAttachment(doc) : null;
}

/** A counter ticket's 80 mm receipt, by the number it is listed and fetched under. */
export const COUNTER_RECEIPT = 'ticket';

/** A document of an order as listed to people: its kind and number ('receipt' for a receipt). */
export type OrderDocumentRef = {
  kind: 'invoice' | 'credit-note' | 'receipt' | 'ticket';
  number: string;
  issuedAt: Date;
  /** A credit note of a refund: the money given back, in pence. */
  refundPence?: number;
};

/**
 * The VAT documents of several orders at once, newest first: every invoice and credit note
 * issued, and a receipt where the current invoice has been paid (in part or whole).
 */
export async function documentsOfOrders(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, OrderDocumentRef[]>> {
  const byOrder = new Map<string, OrderDocumentRef[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(financialDocuments)
    .where(inArray(financialDocuments.orderId, orderIds))
    .orderBy(desc(financialDocuments.issuedAt), desc(financialDocuments.seq));
  const paid = (await succeededCharges(db, orderIds)).reverse();
  const tickets = await db
    .select({ orderId: counterTickets.orderId, at: counterTickets.createdAt })
    .from(counterTickets)
    .where(inArray(counterTickets.orderId, orderIds));
  for (const id of orderIds) {
    const docs = rows.filter((r) => r.orderId === id);
    const list = byOrder.get(id)!;
    const ticket = tickets.find((t) => t.orderId === id);
    if (ticket) list.push({ kind: 'ticket', number: COUNTER_RECEIPT, issuedAt: ticket.at });
    const lastPayment = paid.find((p) => p.orderId === id);
    if (lastPayment && docs.some((d) => d.kind === 'invoice')) {
      list.push({ kind: 'receipt', number: 'receipt', issuedAt: lastPayment.updatedAt });
    }
    for (const d of docs) {
      list.push({
        kind: d.kind,
        number: d.number,
        issuedAt: d.issuedAt,
        ...(d.paymentId ? { refundPence: d.totalPence } : {}),
      });
    }
  }
  return byOrder;
}
