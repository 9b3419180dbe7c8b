import { desc, eq } from 'drizzle-orm';
import { orderGarments, orders } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { DbOrTx } from '../../db/client';
import type { AppServices } from '../../services';
import { recordScans, type Scanner } from './garment-scans';
import { normaliseTag } from './tags';

/**
 * The garment a scanned or typed tag is on: the newest use of the tag when several orders
 * used it (decision 027). 404 when no garment has it. The garment found is logged as
 * looked up by the staff member (its scans, issue 34).
 */
export async function findTag(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Scanner; tag: string },
) {
  const found = await garmentTagged(deps.db, input.tag);
  if (!found) throw new NotFoundError(`No garment has the tag ${normaliseTag(input.tag)}.`);
  await recordScans(deps.db, {
    scanner: input.actor,
    what: 'looked-up',
    orderGarmentIds: [found.orderGarmentId],
    now: deps.now(),
  });
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
