import { eq, inArray } from 'drizzle-orm';
import { amountDue, invoiceProblems, priceInvoice, type InvoiceLineInput } from '@shared/invoice';
import { MINIMUM_ORDER_PENCE } from '@shared/money';
import { orderNumber } from '@shared/order-number';
import { canItemise } from '@shared/order-pipeline';
import { counterHandovers, orderItems, orders, services } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';
import { recordAudit, type Actor } from '../audit/record-audit';
import { settleOverpayment, type Settlement } from '../payments/settle-overpayment';
import { currentInvoice, issueInvoice } from '../invoices/vat-documents';
import { findOrder, type OrderRow } from './find-order';
import type { DbOrTx } from '../../db/client';
import { approvedLimitPence, awaitsApproval } from '@shared/order-approval';
import { requestApprovalIfAbove, supersedeOpenApproval } from '../approvals/price-approval';
import type { AppServices } from '../../services';
import { overpaidItemsMessage } from './present-order-for-staff';
import { invoicePromoDiscount } from '@shared/promo';
import { orderPromoRule } from '../promos/order-promo';

/** An item line as the audit log keeps it: pence, never a formatted amount. */
const auditLine = (i: { quantity: number; itemName: string; unitPricePence: number }) => ({
  quantity: i.quantity,
  item: i.itemName,
  unitPricePence: i.unitPricePence,
});

/**
 * The notes of re-listed lines (issue 32): each new line takes the note of the first line
 * before it of the same item (the price list's id, else the name) not already taken, so a
 * line that stays keeps "red wine on the cuff" through a change of quantity or of the other
 * lines; a new item has none. Pure.
 */
export function carriedNotes(
  before: readonly { serviceId: number | null; itemName: string; kind: string; note: string }[],
  lines: readonly { serviceId: number | null; itemName: string }[],
): string[] {
  const left = before.filter((b) => b.kind === 'service');
  const same = (b: (typeof left)[number], l: (typeof lines)[number]) =>
    b.serviceId !== null || l.serviceId !== null
      ? b.serviceId === l.serviceId
      : b.itemName === l.itemName;
  return lines.map((line) => {
    const at = left.findIndex((b) => same(b, line));
    if (at < 0) return '';
    return left.splice(at, 1)[0]!.note;
  });
}

export type ItemLineRequest = { service_id: number; quantity: number; unit_price_pence?: number };

/**
 * Lists and prices an order's items. Above the customer's cap, the itemised invoice goes to
 * them for approval (approvals/price-approval.ts) before the card may be charged. Prices come from the price list; a call-for-price
 * service (0.00) needs the price staff agreed. Totals and the £25 minimum are computed here,
 * in pence; the amount due is the total less what was already paid. Returns pence
 * (itemsSavedView presents them).
 */
export async function setOrderItems(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'payments' | 'logger' | 'now'>,
  input: {
    actor: Actor;
    orderId: string;
    lines: ItemLineRequest[];
    discountPence: number;
    /** What to do with money paid above a lowered total; required when there is some. */
    settle?: Settlement;
  },
) {
  const { actor } = input;
  const now = deps.now();
  const saved = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderId, true);
    const number = orderNumber(deps.config.brand, order.orderNo);
    if (!canItemise(order.status)) {
      throw new ConflictError(
        `Order ${number} is ${order.status}: items are listed once it is collected and before it leaves for delivery.`,
      );
    }
    // A counter ticket's lines that were handed over stay as they were (decision 050).
    const [handedOver] = await tx
      .select({ id: counterHandovers.id })
      .from(counterHandovers)
      .where(eq(counterHandovers.orderId, order.id))
      .limit(1);
    if (handedOver) {
      throw new ConflictError(
        `Ticket ${number} was partly handed over: its items can no longer be re-listed.`,
        'ticket-collected',
      );
    }
    const ids = [...new Set(input.lines.map((l) => l.service_id))];
    const known = ids.length
      ? await tx.select().from(services).where(inArray(services.id, ids))
      : [];
    const errors: Record<string, string[]> = {};
    const lines: InvoiceLineInput[] = input.lines.map((line, index) => {
      const service = known.find((s) => s.id === line.service_id);
      if (!service) {
        errors[`lines.${index}.service_id`] = ['This item is not on the price list.'];
        return { serviceId: null, itemName: '', quantity: line.quantity, unitPricePence: 0 };
      }
      const price = service.pricePence > 0 ? service.pricePence : (line.unit_price_pence ?? 0);
      if (price <= 0) {
        errors[`lines.${index}.unit_price`] = [
          `${service.serviceName} is priced on request: please enter the agreed price.`,
        ];
      }
      return {
        serviceId: service.id,
        itemName: service.serviceName,
        quantity: line.quantity,
        unitPricePence: price,
      };
    });
    Object.assign(errors, invoiceProblems(lines, input.discountPence));
    if (Object.keys(errors).length) throw new ValidationError('Please check the items.', errors);
    return writeOrderItems(
      tx,
      { actor, order, lines, discountPence: input.discountPence, settle: input.settle, now },
      deps,
    );
  });
  if (!saved.overpaid || !input.settle) return { ...saved, settlement: null };
  // The items are saved; the money is settled after, through the provider when refunded. A
  // refused refund leaves the order showing what is paid above its total, for staff to settle.
  try {
    const settled = await settleOverpayment(deps, {
      actor,
      orderId: input.orderId,
      how: input.settle,
    });
    return { ...saved, settlement: settled.message };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    return {
      ...saved,
      settlement: `Items saved, but ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)} The order shows what is paid above its total until it is settled.`,
    };
  }
}

/**
 * Writes an order's priced lines in the caller's transaction, the order row already locked:
 * totals and the £25 minimum, a re-issued VAT invoice when one was issued (decision 023), an
 * approval request above the customer's cap (issue 15), the audit entry. The one writer of
 * order items: staff's items editor (setOrderItems) and intake (garments → lines, decision
 * 027) both come through here.
 */
export async function writeOrderItems(
  tx: DbOrTx,
  input: {
    actor: Actor;
    order: OrderRow;
    lines: InvoiceLineInput[];
    discountPence: number;
    settle?: Settlement;
    now: Date;
    /**
     * 'ask': above the cap, the customer is asked now (staff saved the items, or changed a
     * garment after the intake report). 'hold': garments are still being checked in; the
     * request goes with the intake report (send-intake-report.ts).
     */
    approval?: 'ask' | 'hold';
  },
  deps: Pick<AppServices, 'mail' | 'config' | 'links'>,
) {
  const { actor, order, lines, now } = input;
  const number = orderNumber(deps.config.brand, order.orderNo);
  const errors = invoiceProblems(lines, input.discountPence);
  if (Object.keys(errors).length) throw new ValidationError('Please check the items.', errors);
  const before = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  // The promo or referral code of the order is taken off here, from the items (decision 037):
  // the discount staff see includes it, and follows the items as they change.
  const promo = await orderPromoRule(tx, order);
  const itemsPence = (ls: { quantity: number; unitPricePence: number; kind?: string }[]) =>
    ls
      .filter((l) => l.kind !== 'minimum')
      .reduce((sum, l) => sum + l.quantity * l.unitPricePence, 0);
  const promoBefore = promo ? invoicePromoDiscount(promo, itemsPence(before)) : 0;
  const promoNow = promo ? invoicePromoDiscount(promo, itemsPence(lines)) : 0;
  const otherDiscount = Math.max(0, input.discountPence - promoBefore);
  // The £25 minimum is the delivery service's; a counter ticket has none (decision 049).
  const priced = priceInvoice(
    lines,
    otherDiscount + promoNow,
    order.channel === 'counter' ? 0 : MINIMUM_ORDER_PENCE,
  );
  // Lowering the total below what was paid needs a decision, never a silent loss.
  if (priced.totalPence < order.paidPence && !input.settle) {
    const excess = order.paidPence - priced.totalPence;
    throw new ValidationError(
      'Please choose what happens to the money paid above the total.',
      {
        settle: [
          overpaidItemsMessage({
            orderNo: number,
            paidPence: order.paidPence,
            excessPence: excess,
            totalPence: priced.totalPence,
          }),
        ],
      },
      'settle-required',
    );
  }
  await tx.delete(orderItems).where(eq(orderItems.orderId, order.id));
  const notes = carriedNotes(before, priced.lines);
  const rows = [
    ...priced.lines.map((l, i) => ({ ...l, kind: 'service' as const, note: notes[i]! })),
    ...(priced.minimumLine
      ? [{ ...priced.minimumLine, serviceId: null, kind: 'minimum' as const }]
      : []),
  ];
  if (rows.length) {
    await tx.insert(orderItems).values(rows.map((r) => ({ ...r, orderId: order.id })));
  }
  const totals = {
    subtotalPence: priced.subtotalPence,
    discountPence: priced.discountPence,
    totalPence: priced.totalPence,
    amountDuePence: amountDue(priced.totalPence, order.paidPence),
  };
  const [updated] = await tx.update(orders).set(totals).where(eq(orders.id, order.id)).returning();
  // An invoice already issued is never edited: a credit note cancels it and a new one is
  // issued for the items as they now are (decision 023).
  if (await currentInvoice(tx, order.id)) {
    await issueInvoice(tx, { brand: deps.config.brand, order: updated!, now });
  }
  // Above the customer's cap, the order waits for their approval (issue 15).
  let requested: Awaited<ReturnType<typeof requestApprovalIfAbove>> = null;
  if (input.approval === 'hold') await supersedeOpenApproval(tx, { orderId: order.id, now });
  else requested = await requestApprovalIfAbove(tx, { order: updated!, now }, deps);
  await recordAudit(tx, {
    actor,
    now,
    action: 'order.items',
    entity: 'order',
    entityId: order.id,
    before: {
      items: before.map(auditLine),
      totalPence: order.totalPence,
      discountPence: order.discountPence,
    },
    after: {
      items: rows.map(auditLine),
      totalPence: totals.totalPence,
      discountPence: totals.discountPence,
      ...(requested ? { approvalRequested: requested.approval.id } : {}),
    },
  });
  return {
    orderNo: order.orderNo,
    ...totals,
    minimumApplied: priced.minimumLine !== null,
    overpaid: priced.totalPence < order.paidPence,
    /** The customer was asked to approve the total (above their cap), or null. */
    approvalRequested: requested
      ? { amountPence: requested.approval.amountPence, capPence: requested.capPence }
      : null,
    /** Above the cap during intake: they will be asked with the intake report. */
    approvalHeld:
      input.approval === 'hold' && awaitsApproval(updated!)
        ? { amountPence: updated!.totalPence, capPence: approvedLimitPence(updated!)! }
        : null,
  };
}
