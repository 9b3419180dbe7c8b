import { and, desc, eq, ne } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import type { DbOrTx } from '../../db/client';
import { garments, orderGarments, orders, services } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import type { OrderRow } from '../orders/find-order';
import { canTakeIntake } from '@shared/order-pipeline';

/** What staff type about a garment; every field of a recorded garment but its order and tag. */
export type GarmentDetails = {
  serviceId: number;
  /** The agreed price of an item priced on request (0.00 on the price list). */
  unitPricePence?: number;
  colour: string;
  brand: string;
  treatment: string;
  damageNote: string;
  pocketNote: string;
};

/** Refuses intake outside the shop's part of the pipeline (409). */
export function assertIntakeOpen(deps: Pick<AppServices, 'config'>, order: OrderRow) {
  if (!canTakeIntake(order.status)) {
    throw new ConflictError(
      `Order ${orderNumber(deps.config.brand, order.orderNo)} is ${order.status}: garments are recorded once it is collected and until it is ready.`,
    );
  }
}

/** The price-list item a garment is cleaned as: its name and price now, copied on the row. */
export async function pricedItem(
  tx: DbOrTx,
  details: Pick<GarmentDetails, 'serviceId' | 'unitPricePence'>,
) {
  const [service] = await tx
    .select()
    .from(services)
    .where(eq(services.id, details.serviceId))
    .limit(1);
  if (!service) {
    throw new ValidationError('Please check the garment.', {
      service_id: ['This item is not on the price list.'],
    });
  }
  const price = service.pricePence > 0 ? service.pricePence : (details.unitPricePence ?? 0);
  if (price <= 0) {
    throw new ValidationError('Please check the garment.', {
      unit_price: [`${service.serviceName} is priced on request: please enter the agreed price.`],
    });
  }
  return { serviceId: service.id, itemName: service.serviceName, unitPricePence: price };
}

/**
 * The garment this one is (decision 027): the one staff chose from the customer's earlier
 * garments, else the one an earlier order of the same customer used this tag for, else a new
 * one. Never another customer's (422); never one already on this order (409).
 */
export async function garmentFor(
  tx: DbOrTx,
  input: { order: OrderRow; tagNumber: string; garmentId?: string | null },
): Promise<{ garmentId: string; linked: boolean }> {
  const { order } = input;
  let garmentId: string | null = null;
  if (input.garmentId) {
    const [garment] = await tx
      .select()
      .from(garments)
      .where(eq(garments.id, input.garmentId))
      .limit(1);
    if (!garment) throw new NotFoundError('We could not find that garment.');
    if (!order.customerId || garment.customerId !== order.customerId) {
      throw new ValidationError('Please check the garment.', {
        garment_id: [
          'That garment belongs to another customer: it cannot be linked to this order.',
        ],
      });
    }
    garmentId = garment.id;
  } else if (order.customerId) {
    const [earlier] = await tx
      .select({ garmentId: orderGarments.garmentId })
      .from(orderGarments)
      .innerJoin(orders, eq(orders.id, orderGarments.orderId))
      .innerJoin(garments, eq(garments.id, orderGarments.garmentId))
      .where(
        and(
          eq(orderGarments.tagNumber, input.tagNumber),
          eq(orders.customerId, order.customerId),
          eq(garments.customerId, order.customerId),
          ne(orderGarments.orderId, order.id),
        ),
      )
      .orderBy(desc(orderGarments.createdAt), desc(orderGarments.id))
      .limit(1);
    garmentId = earlier?.garmentId ?? null;
  }
  if (garmentId) {
    const [already] = await tx
      .select({ tag: orderGarments.tagNumber })
      .from(orderGarments)
      .where(and(eq(orderGarments.orderId, order.id), eq(orderGarments.garmentId, garmentId)))
      .limit(1);
    if (already) {
      throw new ConflictError(`This garment is already on this order as tag ${already.tag}.`);
    }
    return { garmentId, linked: true };
  }
  const [created] = await tx
    .insert(garments)
    .values({ customerId: order.customerId })
    .returning({ id: garments.id });
  return { garmentId: created!.id, linked: false };
}

/** How many other orders this garment was on: its history. */
export async function earlierVisitsOf(
  tx: DbOrTx,
  input: { garmentId: string; orderId: string },
): Promise<number> {
  const rows = await tx
    .select({ id: orderGarments.id })
    .from(orderGarments)
    .where(
      and(eq(orderGarments.garmentId, input.garmentId), ne(orderGarments.orderId, input.orderId)),
    );
  return rows.length;
}
