import { asc, desc, eq, inArray } from 'drizzle-orm';
import { orderGarments, orders, photos } from '../../db/schema';
import type { AppServices } from '../../services';
import { findOrder } from '../orders/find-order';
import { photoUrl } from '../photos/photo-url';
import { canTakeIntake } from '@shared/order-pipeline';
import { suggestTag } from './tags';

export type GarmentRow = typeof orderGarments.$inferSelect;
export type GarmentPhoto = { id: string; kind: 'garment' | 'damage'; orderGarmentId: number };
export type SignedPhoto = GarmentPhoto & { url: string };

/** The photos with their signed, expiring URLs (photos/photo-url.ts). */
async function signed(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  rows: GarmentPhoto[],
): Promise<SignedPhoto[]> {
  return Promise.all(rows.map(async (p) => ({ ...p, url: await photoUrl(deps, p.id) })));
}

/** The photos of these order garments, oldest first. */
async function photosOf(
  deps: Pick<AppServices, 'db'>,
  orderGarmentIds: number[],
): Promise<GarmentPhoto[]> {
  if (!orderGarmentIds.length) return [];
  const rows = await deps.db
    .select({ id: photos.id, kind: photos.kind, orderGarmentId: photos.orderGarmentId })
    .from(photos)
    .where(inArray(photos.orderGarmentId, orderGarmentIds))
    .orderBy(asc(photos.createdAt));
  return rows.flatMap((p) =>
    (p.kind === 'garment' || p.kind === 'damage') && p.orderGarmentId !== null
      ? [{ id: p.id, kind: p.kind, orderGarmentId: p.orderGarmentId }]
      : [],
  );
}

/**
 * An order's intake: its garments (with their photos), the next free tag, whether intake is
 * open, and the customer's garments from earlier orders that a garment may be linked to, each
 * with its visits (its history: order, tag, treatment, damage note).
 */
export async function listGarments(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: { orderId: string },
) {
  const order = await findOrder(deps.db, input.orderId);
  const garments = await deps.db
    .select()
    .from(orderGarments)
    .where(eq(orderGarments.orderId, order.id))
    .orderBy(asc(orderGarments.id));
  const onThisOrder = new Set(garments.map((g) => g.garmentId));
  const earlierRows = order.customerId
    ? await deps.db
        .select({ row: orderGarments, orderNo: orders.orderNo })
        .from(orderGarments)
        .innerJoin(orders, eq(orders.id, orderGarments.orderId))
        .where(eq(orders.customerId, order.customerId))
        .orderBy(desc(orderGarments.createdAt), desc(orderGarments.id))
    : [];
  const earlier = new Map<
    string,
    { latest: GarmentRow; visits: { orderNo: number; row: GarmentRow }[] }
  >();
  const earlierVisits = new Map<string, number>();
  for (const { row, orderNo } of earlierRows) {
    if (row.orderId === order.id) continue;
    earlierVisits.set(row.garmentId, (earlierVisits.get(row.garmentId) ?? 0) + 1);
    if (onThisOrder.has(row.garmentId)) continue;
    const entry = earlier.get(row.garmentId);
    if (entry) entry.visits.push({ orderNo, row });
    else earlier.set(row.garmentId, { latest: row, visits: [{ orderNo, row }] });
  }
  const allPhotos = await photosOf(deps, [
    ...garments.map((g) => g.id),
    ...[...earlier.values()].map((e) => e.latest.id),
  ]);
  return {
    order,
    photos: await signed(deps, allPhotos),
    open: canTakeIntake(order.status),
    suggestedTag: suggestTag(
      order.orderNo,
      garments.map((g) => g.tagNumber),
    ),
    garments,
    earlierVisits,
    earlier: [...earlier.entries()].map(([garmentId, e]) => ({ garmentId, ...e })),
  };
}
