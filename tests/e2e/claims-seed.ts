import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/passwords';
import { customers, orderEvents, orders, stopEvents } from '../../server/db/schema';
import type { AppServices } from '../../server/services';
import type { Actor } from '../../server/use-cases/audit/record-audit';
import { sendIntakeReport } from '../../server/use-cases/intake-report/send-intake-report';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { photographGarment, recordGarmentRows } from '@tests/helpers/intake-fixtures';

/**
 * The claims spec (issue 34, tests/e2e/claims.spec.ts) starts, per Playwright project, from a
 * registered customer whose order was delivered two hours ago: a shirt, an overcoat
 * and another shirt recorded at intake (by the e2e staff member, the first two with a photo each), the intake report sent,
 * the driver's delivery with its bag and seal. And a guest (no account) per project whose
 * order of the same kind had its intake report e-mailed through the intake use-case: the
 * guest claims from that e-mail's signed link.
 */
export const E2E_CLAIM_CUSTOMERS = {
  desktop: 'claims-desktop@e2e.test',
  mobile: 'claims-mobile@e2e.test',
} as const;
export const E2E_CLAIM_PASSWORD = 'Secret@123';
export const E2E_CLAIM_GUESTS = {
  desktop: 'claims-guest-desktop@e2e.test',
  mobile: 'claims-guest-mobile@e2e.test',
} as const;

const HOUR = 3_600_000;

type SeedServices = Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'storage' | 'now'>;

export async function seedClaimOrders(services: SeedServices, actor: Actor) {
  const passwordHash = await hashPassword(E2E_CLAIM_PASSWORD);
  for (const email of Object.values(E2E_CLAIM_CUSTOMERS)) {
    await seedDeliveredOrder(services, actor, { name: 'Dorothy Vaughan', email, passwordHash });
  }
  for (const email of Object.values(E2E_CLAIM_GUESTS)) {
    await seedDeliveredOrder(services, actor, { name: 'Mae Jemison', email, isGuest: true });
  }
}

/**
 * A customer's order delivered two hours ago, its intake report of the day before: set on
 * the row for a registered customer, sent (its e-mail and link) for a guest.
 */
async function seedDeliveredOrder(
  services: SeedServices,
  actor: Actor,
  person: { name: string; email: string; passwordHash?: string; isGuest?: boolean },
) {
  const { db } = services;
  const now = services.now().getTime();
  const { name, email } = person;
  const [customer] = await db
    .insert(customers)
    .values({ ...person, phone: '07700900456' })
    .returning();
  // Collected and delivered on earlier days, as far as the boards and the driver's day go
  // (today's lists are other specs'); the delivery itself two hours ago, by its events.
  const order = await insertOrderRow(db, new Date(now - 100 * HOUR), {
    status: 'collected',
    customerId: customer!.id,
    customerName: name,
    customerEmail: email,
  });
  const [shirt, coat] = await recordGarmentRows(services, actor, order.id, [
    { tag: 'CL-01', item: 'Shirt on hanger', colour: 'Blue', brand: 'Hawes' },
    { tag: 'CL-02', item: 'Overcoat (wool)', colour: 'Navy', damage: 'Worn cuffs' },
    { tag: 'CL-03', item: 'Shirt on hanger', colour: 'White', damage: 'Frayed collar' },
  ]);
  await photographGarment(services, shirt!, 'garment', '#93c5fd');
  await photographGarment(services, coat!, 'garment', '#1e3a8a');
  const deliveredAt = new Date(now - 2 * HOUR);
  const reportedAt = new Date(now - 26 * HOUR);
  if (person.isGuest) {
    await sendIntakeReport({ ...services, now: () => reportedAt }, { actor, orderId: order.id });
  }
  await db
    .update(orders)
    .set({ status: 'delivered', intakeReportedAt: reportedAt })
    .where(eq(orders.id, order.id));
  await db.insert(orderEvents).values([
    {
      orderId: order.id,
      fromStatus: 'collected',
      toStatus: 'cleaning',
      actor: actor.name,
      at: new Date(now - 26 * HOUR),
    },
    {
      orderId: order.id,
      fromStatus: 'cleaning',
      toStatus: 'ready',
      actor: actor.name,
      at: new Date(now - 6 * HOUR),
    },
    {
      orderId: order.id,
      fromStatus: 'ready',
      toStatus: 'out for delivery',
      actor: 'driver',
      at: new Date(now - 3 * HOUR),
    },
    {
      orderId: order.id,
      fromStatus: 'out for delivery',
      toStatus: 'delivered',
      actor: 'driver',
      at: deliveredAt,
    },
  ]);
  await db.insert(stopEvents).values({
    orderId: order.id,
    leg: 'delivery',
    outcome: 'delivered',
    windowStartsAt: order.deliveryStartsAt,
    bags: 1,
    sealNumbers: ['S-4411'],
    leftWith: 'Handed to the customer',
    idempotencyKey: randomUUID(),
    at: deliveredAt,
  });
}
