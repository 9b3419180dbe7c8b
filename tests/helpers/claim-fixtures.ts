import { eq } from 'drizzle-orm';
import type { ClaimInput } from '@shared/claims/input';
import type { Actor } from '../../server/use-cases/audit/record-audit';
import { orderEvents, orders } from '../../server/db/schema';
import type { AppServices } from '../../server/services';
import { sendIntakeReport } from '../../server/use-cases/intake-report/send-intake-report';
import { recordFinding } from '../../server/use-cases/claims/find-fault';
import { makeClaim } from '../../server/use-cases/claims/make-claim';
import { insertOrderRow } from './fixtures';
import { recordGarmentRows } from './intake-fixtures';

/*
 * Claims (issue 34) for tests: a delivered order of shirts with its intake report, a claim of
 * damage on it, and staff's finding "ours" making the offer.
 */

const HOUR = 60 * 60 * 1000;

/**
 * A collected order of `tags` shirts (£3.50 each), intake report sent at `at`, delivered an
 * hour later (a driver's move), for `customerId`; `values` sets more of the order's row.
 */
export async function deliveredShirts(
  services: AppServices,
  actor: Actor,
  input: {
    customerId: string;
    at: Date;
    tags: string[];
    values?: Partial<typeof orders.$inferInsert>;
  },
) {
  const db = services.db;
  const order = await insertOrderRow(db, new Date(input.at.getTime() - 24 * HOUR), {
    customerId: input.customerId,
    status: 'collected',
    ...input.values,
  });
  const garments = await recordGarmentRows(
    services,
    actor,
    order.id,
    input.tags.map((tag) => ({ tag, item: 'Shirt on hanger' })),
  );
  await sendIntakeReport(services, { actor, orderId: order.id });
  const [delivered] = await db
    .update(orders)
    .set({ status: 'delivered' })
    .where(eq(orders.id, order.id))
    .returning();
  await db.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: 'out for delivery',
    toStatus: 'delivered',
    actor: 'driver',
    at: new Date(input.at.getTime() + HOUR),
  });
  return { order: delivered!, garments };
}

/** One damaged shirt claimed (or `item` as given), and staff's finding "ours" on it. */
export async function offeredClaim(
  services: AppServices,
  actor: Actor,
  input: {
    customerId: string;
    orderId: string;
    garmentId: number;
    item?: Partial<ClaimInput['items'][number]>;
  },
) {
  const made = await makeClaim(services, {
    customerId: input.customerId,
    orderId: input.orderId,
    note: '',
    items: [
      {
        order_garment_id: input.garmentId,
        kind: 'damaged',
        damage_kind: 'stain-left',
        category: 'shirts',
        age_months: 2,
        note: '',
        ...input.item,
      } as ClaimInput['items'][number],
    ],
  });
  const found = await recordFinding(services, {
    actor,
    claimId: made.claim.id,
    findings: [{ claim_item_id: made.items[0]!.id, fault: 'ours' }],
    reason: '',
  });
  return { claimId: made.claim.id, itemId: made.items[0]!.id, found };
}
