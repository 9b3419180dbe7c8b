import { eq } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { isUniqueViolation } from '../../db/errors';
import { orderGarments } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';
import { findOrder } from '../orders/find-order';
import { rewriteItemsFromGarments } from './garment-lines';
import {
  assertIntakeOpen,
  earlierVisitsOf,
  garmentFor,
  pricedItem,
  type GarmentDetails,
} from './garment-rules';
import { recordScans, type Scanner } from './garment-scans';
import { normaliseTag, suggestTag } from './tags';

/**
 * The most garments one order holds: a very large household order, with room to spare. It
 * bounds what one order costs the server (its label sheet, its page, its invoice).
 */
export const MAX_GARMENTS_PER_ORDER = 200;

/** A tag already used on the order: the unique index decided (409). */
export function tagTaken(
  deps: Pick<AppServices, 'config'>,
  orderNo: number,
  tag: string,
): ConflictError {
  return new ConflictError(
    `Tag ${tag} is already on order ${orderNumber(deps.config.brand, orderNo)}: use another tag number.`,
  );
}

/**
 * Records a garment of an order at intake (decision 027): its tag (the next free one when
 * none is given), the price-list item it is cleaned as (name and price copied), what it looks
 * like, damage and pockets; linked to the same garment from an earlier order of the customer
 * when staff chose one or the tag was that garment's. The order's items are rewritten from
 * its garments in the same transaction.
 */
export async function recordGarment(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: GarmentDetails & {
    actor: Actor & Scanner;
    orderId: string;
    tagNumber?: string | null;
    garmentId?: string | null;
  },
) {
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const order = await findOrder(tx, input.orderId, true);
      assertIntakeOpen(deps, order);
      const existing = await tx
        .select({ tag: orderGarments.tagNumber })
        .from(orderGarments)
        .where(eq(orderGarments.orderId, order.id));
      // The order row is locked: two garments recorded at once are counted one after the other.
      if (existing.length >= MAX_GARMENTS_PER_ORDER) {
        throw new ValidationError(
          `An order holds at most ${MAX_GARMENTS_PER_ORDER} garments: start a second order for the rest.`,
        );
      }
      const tagNumber = input.tagNumber
        ? normaliseTag(input.tagNumber)
        : suggestTag(
            order.orderNo,
            existing.map((e) => e.tag),
          );
      const item = await pricedItem(tx, input);
      const { garmentId, linked } = await garmentFor(tx, {
        order,
        tagNumber,
        garmentId: input.garmentId,
      });
      const [row] = await tx
        .insert(orderGarments)
        .values({
          orderId: order.id,
          garmentId,
          tagNumber,
          ...item,
          colour: input.colour,
          brand: input.brand,
          treatment: input.treatment,
          damageNote: input.damageNote,
          pocketNote: input.pocketNote,
          staffId: input.actor.id,
          createdAt: now,
        })
        .returning();
      // The tagging is the garment's first scan (issue 34).
      await recordScans(tx, {
        scanner: input.actor,
        what: 'tagged',
        orderGarmentIds: [row!.id],
        now,
      });
      const totals = await rewriteItemsFromGarments(tx, { actor: input.actor, order, now }, deps);
      await recordAudit(tx, {
        actor: input.actor,
        now,
        action: 'garment.record',
        entity: 'order',
        entityId: order.id,
        before: null,
        after: { tag: tagNumber, item: item.itemName, garmentId, linked },
      });
      const earlierVisits = await earlierVisitsOf(tx, { garmentId, orderId: order.id });
      return { garment: row!, linked, earlierVisits, totals };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'order_garments_tag_uq')) {
      const order = await findOrder(deps.db, input.orderId);
      throw tagTaken(deps, order.orderNo, normaliseTag(input.tagNumber ?? ''));
    }
    throw error;
  }
}
