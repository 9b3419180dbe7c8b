import { and, eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { orderGarments } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import { findOrder } from '../orders/find-order';
import { rewriteItemsFromGarments } from './garment-lines';
import {
  assertIntakeOpen,
  earlierVisitsOf,
  pricedItem,
  type GarmentDetails,
} from './garment-rules';
import { tagTaken } from './record-garment';
import { normaliseTag } from './tags';

/**
 * Corrects a recorded garment: its tag, item (name and current price copied again when the
 * item changes), colour, brand, treatment, damage and pockets. The order's items follow.
 */
export async function editGarment(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: GarmentDetails & {
    actor: Actor;
    orderId: string;
    orderGarmentId: number;
    tagNumber: string;
  },
) {
  const now = deps.now();
  const tagNumber = normaliseTag(input.tagNumber);
  try {
    return await deps.db.transaction(async (tx) => {
      const order = await findOrder(tx, input.orderId, true);
      const [before] = await tx
        .select()
        .from(orderGarments)
        .where(and(eq(orderGarments.id, input.orderGarmentId), eq(orderGarments.orderId, order.id)))
        .limit(1);
      if (!before) throw new NotFoundError('We could not find that garment on this order.');
      assertIntakeOpen(deps, order);
      // The same item keeps the price it was taken in at; another item is priced as it is now.
      const item =
        before.serviceId === input.serviceId &&
        (input.unitPricePence === undefined || input.unitPricePence === before.unitPricePence)
          ? {
              serviceId: before.serviceId,
              itemName: before.itemName,
              unitPricePence: before.unitPricePence,
            }
          : await pricedItem(tx, input);
      const [row] = await tx
        .update(orderGarments)
        .set({
          tagNumber,
          ...item,
          colour: input.colour,
          brand: input.brand,
          treatment: input.treatment,
          damageNote: input.damageNote,
          pocketNote: input.pocketNote,
        })
        .where(eq(orderGarments.id, before.id))
        .returning();
      const totals = await rewriteItemsFromGarments(tx, { actor: input.actor, order, now }, deps);
      await recordAudit(tx, {
        actor: input.actor,
        now,
        action: 'garment.edit',
        entity: 'order',
        entityId: order.id,
        before: { tag: before.tagNumber, item: before.itemName, damage: before.damageNote },
        after: { tag: row!.tagNumber, item: row!.itemName, damage: row!.damageNote },
      });
      const earlierVisits = await earlierVisitsOf(tx, {
        garmentId: row!.garmentId,
        orderId: order.id,
      });
      return { garment: row!, earlierVisits, totals };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'order_garments_tag_uq')) {
      const order = await findOrder(deps.db, input.orderId);
      throw tagTaken(deps, order.orderNo, tagNumber);
    }
    throw error;
  }
}
