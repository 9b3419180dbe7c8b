import { desc, eq } from 'drizzle-orm';
import { orderGarments, orders } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { DbOrTx } from '../../db/client';
import type { AppServices } from '../../services';
import { normaliseTag } from './tags';

/**
 * The garment a scanned or typed tag is on: the newest use of the tag when several orders
 * used it (decision 027). 404 when no garment has it.
 */
export async function findTag(deps: Pick<AppServices, 'db'>, input: { tag: string }) {
  const found = await garmentTagged(deps.db, input.tag);
  if (!found) throw new NotFoundError(`No garment has the tag ${normaliseTag(input.tag)}.`);
  return found;
}

/** The garment with a tag (its newest use), or null. */
export async function garmentTagged(db: DbOrTx, typed: string) {
  const tag = normaliseTag(typed);
  const [found] = await db
    .select({
      orderId: orderGarments.orderId,
      orderGarmentId: orderGarments.id,
      tagNumber: orderGarments.tagNumber,
      itemName: orderGarments.itemName,
      orderNo: orders.orderNo,
    })
    .from(orderGarments)
    .innerJoin(orders, eq(orders.id, orderGarments.orderId))
    .where(eq(orderGarments.tagNumber, tag))
    .orderBy(desc(orderGarments.createdAt), desc(orderGarments.id))
    .limit(1);
  return found ?? null;
}
