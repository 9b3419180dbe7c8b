import { asc, eq } from 'drizzle-orm';
import type { InvoiceLineInput } from '@shared/invoice';
import type { DbOrTx } from '../../db/client';
import { orderGarments } from '../../db/schema';
import type { AppServices } from '../../services';
import type { Actor } from '../audit/record-audit';
import type { OrderRow } from '../orders/find-order';
import { writeOrderItems } from '../orders/set-order-items';

/**
 * The invoice lines of an order made from its garments (decision 027): one line per item and
 * unit price, in the order the items were first recorded. Pure.
 */
export function linesFromGarments(
  garments: readonly { serviceId: number | null; itemName: string; unitPricePence: number }[],
): InvoiceLineInput[] {
  const lines: InvoiceLineInput[] = [];
  for (const g of garments) {
    const line = lines.find(
      (l) =>
        l.serviceId === g.serviceId &&
        l.itemName === g.itemName &&
        l.unitPricePence === g.unitPricePence,
    );
    if (line) line.quantity += 1;
    else
      lines.push({
        serviceId: g.serviceId,
        itemName: g.itemName,
        quantity: 1,
        unitPricePence: g.unitPricePence,
      });
  }
  return lines;
}

/**
 * Rewrites the order's items from its garments in the caller's transaction (the order row
 * locked), through the one writer of items: totals, the £25 minimum, a re-issued VAT invoice,
 * an approval request above the cap once the intake report has gone. The order's discount stays, up to the new items' total.
 */
export async function rewriteItemsFromGarments(
  tx: DbOrTx,
  input: { actor: Actor; order: OrderRow; now: Date },
  deps: Pick<AppServices, 'mail' | 'config' | 'links'>,
) {
  const garments = await tx
    .select()
    .from(orderGarments)
    .where(eq(orderGarments.orderId, input.order.id))
    .orderBy(asc(orderGarments.id));
  const lines = linesFromGarments(garments);
  const itemsTotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePence, 0);
  return writeOrderItems(
    tx,
    {
      actor: input.actor,
      order: input.order,
      lines,
      discountPence: Math.min(input.order.discountPence, itemsTotal),
      now: input.now,
      // Before the intake report the customer is asked once, with it; after it, a change of
      // garments is a new total to approve.
      approval: input.order.intakeReportedAt ? 'ask' : 'hold',
    },
    deps,
  );
}
