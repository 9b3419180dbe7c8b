import { desc, eq } from 'drizzle-orm';
import { orderGarments, orders } from '../../db/schema';
import type { AppServices } from '../../services';
import { photosOf, type PhotoRef } from './intake-report';

/**
 * The customer's garments and their history (issue 16, decision 028): every garment recorded
 * on the customer's own orders, grouped by `garments.id` (a returning garment linked at intake
 * is one garment across its orders), newest visit first, each visit with its order, treatment,
 * notes and photos. Only the customer's own orders count: a visit on anyone else's order is
 * never shown.
 */
export async function customerGarments(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: { customerId: string },
) {
  const rows = await deps.db
    .select({ garment: orderGarments, order: orders })
    .from(orderGarments)
    .innerJoin(orders, eq(orders.id, orderGarments.orderId))
    .where(eq(orders.customerId, input.customerId))
    .orderBy(desc(orders.pickupStartsAt), desc(orderGarments.id));
  const photos = await photosOf(
    deps,
    rows.map((r) => r.garment.id),
  );
  const byGarment = new Map<
    string,
    {
      garment: typeof orderGarments.$inferSelect;
      order: typeof orders.$inferSelect;
      photos: PhotoRef[];
    }[]
  >();
  for (const r of rows) {
    const visits = byGarment.get(r.garment.garmentId) ?? [];
    visits.push({ ...r, photos: photos.get(r.garment.id) ?? [] });
    byGarment.set(r.garment.garmentId, visits);
  }
  return [...byGarment.entries()].map(([garmentId, visits]) => ({ garmentId, visits }));
}
