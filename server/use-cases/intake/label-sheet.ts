import { asc, eq } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { renderLabelSheet } from '../../adapters/pdf/render-label-sheet';
import { orderGarments } from '../../db/schema';
import type { AppServices } from '../../services';
import { findOrder } from '../orders/find-order';

/** Sheets being drawn, per order: one at a time, shared by whoever asks meanwhile. */
const drawing = new Map<string, Promise<{ pdf: Buffer; filename: string }>>();

/**
 * The label sheet of an order's garments as a PDF, one 62 × 29 mm label each (decision 027).
 * One sheet per order is drawn at a time on an instance: staff pressing Print again, or two
 * desks at once, get the sheet already being drawn.
 */
export function garmentLabelSheet(
  deps: Pick<AppServices, 'db' | 'config'>,
  input: { orderId: string },
): Promise<{ pdf: Buffer; filename: string }> {
  let sheet = drawing.get(input.orderId);
  if (!sheet) {
    sheet = drawSheet(deps, input).finally(() => drawing.delete(input.orderId));
    drawing.set(input.orderId, sheet);
  }
  return sheet;
}

async function drawSheet(deps: Pick<AppServices, 'db' | 'config'>, input: { orderId: string }) {
  const order = await findOrder(deps.db, input.orderId);
  const number = orderNumber(deps.config.brand, order.orderNo);
  const garments = await deps.db
    .select()
    .from(orderGarments)
    .where(eq(orderGarments.orderId, order.id))
    .orderBy(asc(orderGarments.id));
  const pdf = await renderLabelSheet(
    garments.map((g) => ({ tag: g.tagNumber, orderNumber: number, itemName: g.itemName })),
    { title: `Garment labels ${number}`, author: deps.config.brand.name },
  );
  return { pdf, filename: `labels-${number}.pdf` };
}
