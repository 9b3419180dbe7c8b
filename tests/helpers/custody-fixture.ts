import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../server/db/client';
import { garments, orderGarments, orders, stopEvents } from '../../server/db/schema';

/*
 * What the driver's and the intake's use-cases write (issue 16), written straight to the
 * database for the tracking tests while those use-cases are built at the same time. The
 * coordinator points these at the real use-cases after merging (decision 029).
 */

/** A driver's action at a stop: collected (bags), nobody home, or delivered (where left). */
export async function recordStopEvent(
  db: DbOrTx,
  orderId: string,
  event: {
    leg: 'collection' | 'delivery';
    outcome: 'collected' | 'not-home' | 'delivered';
    at: Date;
    bags?: number;
    leftWith?: string;
    photoId?: string | null;
  },
) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [row] = await db
    .insert(stopEvents)
    .values({
      orderId,
      windowStartsAt: event.leg === 'collection' ? order!.pickupStartsAt : order!.deliveryStartsAt,
      leg: event.leg,
      outcome: event.outcome,
      bags: event.bags ?? null,
      leftWith: event.leftWith ?? '',
      photoId: event.photoId ?? null,
      idempotencyKey: randomUUID(),
      at: event.at,
    })
    .returning();
  return row!;
}

/** Intake: `count` garments tagged on the order and the report sent at `reportedAt`. */
export async function recordIntake(
  db: DbOrTx,
  orderId: string,
  input: { count: number; reportedAt: Date },
) {
  for (let i = 1; i <= input.count; i++) {
    const [garment] = await db.insert(garments).values({}).returning();
    await db.insert(orderGarments).values({
      orderId,
      garmentId: garment!.id,
      tagNumber: `T-${orderId.slice(0, 4)}-${i}`,
      itemName: 'Shirt',
      unitPricePence: 350,
    });
  }
  await db.update(orders).set({ intakeReportedAt: input.reportedAt }).where(eq(orders.id, orderId));
}
