import type { Brand } from '@shared/brand';
import { orderNumber } from '@shared/order-number';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orderGarments, orders } from '../../db/schema';

/*
 * A re-clean (issue 34, decision 063): free, one tap for the customer. It opens an order on
 * the board for those garments (the same garment and tag, at £0), to be collected from the
 * same address one day after the original collection's time of day, or handed in at the
 * branch; it is then tracked to its return like any order.
 */

const DAY = 24 * 60 * 60 * 1000;

/** The same windows moved by whole days to the first one that starts after `now`. */
export function recleanWindows(
  order: Pick<
    typeof orders.$inferSelect,
    'pickupStartsAt' | 'pickupEndsAt' | 'deliveryStartsAt' | 'deliveryEndsAt'
  >,
  now: Date,
) {
  const days = Math.max(1, Math.ceil((now.getTime() - order.pickupStartsAt.getTime()) / DAY));
  const shift = (d: Date) => new Date(d.getTime() + days * DAY);
  return {
    pickupStartsAt: shift(order.pickupStartsAt),
    pickupEndsAt: shift(order.pickupEndsAt),
    deliveryStartsAt: shift(order.deliveryStartsAt),
    deliveryEndsAt: shift(order.deliveryEndsAt),
  };
}

/** Opens the re-clean order for some garments of `order`, in the claim's transaction. */
export async function openReclean(
  tx: DbOrTx,
  input: {
    order: typeof orders.$inferSelect;
    garments: (typeof orderGarments.$inferSelect)[];
    claimId: number;
    now: Date;
    brand: Brand;
  },
) {
  const { order, now } = input;
  const tags = input.garments.map((g) => `tag ${g.tagNumber} (${g.itemName})`).join(', ');
  const [reclean] = await tx
    .insert(orders)
    .values({
      status: 'pending',
      customerId: order.customerId,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      companyName: order.companyName,
      doorNumber: order.doorNumber,
      postcode: order.postcode,
      addressType: order.addressType,
      fullAddress: order.fullAddress,
      addressJson: order.addressJson,
      branchId: order.branchId,
      customerNotes: `Free re-clean (claim ${input.claimId}) of ${tags} from order ${orderNumber(input.brand, order.orderNo)}.`,
      ...recleanWindows(order, now),
      createdAt: now,
      statusChangedAt: now,
    })
    .returning();
  await tx.insert(orderGarments).values(
    input.garments.map((g) => ({
      orderId: reclean!.id,
      garmentId: g.garmentId,
      tagNumber: g.tagNumber,
      serviceId: g.serviceId,
      itemName: g.itemName,
      unitPricePence: 0,
      colour: g.colour,
      brand: g.brand,
      treatment: `Re-clean (claim ${input.claimId})`,
      damageNote: g.damageNote,
      createdAt: now,
    })),
  );
  await tx.insert(orderEvents).values({
    orderId: reclean!.id,
    fromStatus: null,
    toStatus: 'pending',
    actor: 'claim',
    at: now,
  });
  return reclean!;
}
