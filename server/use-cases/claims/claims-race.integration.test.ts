import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { onPostgres } from '@tests/helpers/test-database';
import { recordGarmentRows } from '@tests/helpers/intake-fixtures';
import {
  claimDisputes,
  claimPayments,
  claims,
  customerCredits,
  orderEvents,
  orders,
  payments,
} from '../../db/schema';
import { deliveredShirts, offeredClaim } from '@tests/helpers/claim-fixtures';
import { AppError } from '../../errors';
import { sendIntakeReport } from '../intake-report/send-intake-report';
import { acceptOffer } from './accept-offer';
import { disputeClaim } from './dispute';
import { recordFinding } from './find-fault';
import { makeClaim } from './make-claim';

/*
 * Issue 34: a claim is paid once, even when accepted many times at the same moment. The
 * database decides (the claim's row lock, and `claim_payments` keyed by the claim): on
 * PostgreSQL (`npm run test:pg`) the accepts run on separate connections at once; on PGlite
 * they are serialised, and the answer must be the same.
 */

const start = new Date('2026-12-01T09:00:00Z');
let clock = start;
let world: UseCaseWorld;

beforeAll(async () => {
  world = await createUseCaseWorld(start);
  world.services.now = () => clock;
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe(`accepting one offer ${onPostgres() ? 'on PostgreSQL' : 'on PGlite'}`, () => {
  it('8 accepts at once pay once: one payment row, one credit, seven 409 claim-paid', async () => {
    const db = world.database.db;
    const order = await world.insertOrder(new Date('2026-11-30T09:00:00Z'), 'collected');
    const [shirt] = await recordGarmentRows(world.services, world.actor, order.id, [
      { tag: 'R-1', item: 'Shirt on hanger' },
    ]);
    await sendIntakeReport(world.services, { actor: world.actor, orderId: order.id });
    await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    await db.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: 'out for delivery',
      toStatus: 'delivered',
      actor: 'driver',
      at: new Date(start.getTime() + 60 * 60 * 1000),
    });
    clock = new Date(start.getTime() + 2 * 60 * 60 * 1000);
    const made = await makeClaim(world.services, {
      customerId: world.customerId,
      orderId: order.id,
      note: '',
      items: [
        {
          order_garment_id: shirt!.id,
          kind: 'damaged',
          damage_kind: 'shrunk',
          category: 'shirts',
          age_months: 2,
          note: '',
        },
      ],
    });
    const found = await recordFinding(world.services, {
      actor: world.actor,
      claimId: made.claim.id,
      findings: [{ claim_item_id: made.items[0]!.id, fault: 'ours' }],
      reason: '',
    });
    expect(found.claim.status).toBe('offered');

    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        acceptOffer(world.services, {
          customerId: world.customerId,
          claimId: made.claim.id,
          method: 'credit',
        }),
      ),
    );
    const paid = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(paid).toHaveLength(1);
    expect(refused).toHaveLength(7);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('claim-paid');
    }
    expect(
      await db.select().from(claimPayments).where(eq(claimPayments.claimId, made.claim.id)),
    ).toHaveLength(1);
    // Shirts 24 months: 2 months is the first band, average 75 % of the £40 ceiling = £30,
    // + £3.50 cleaning = £33.50, + 10 % bonus = £36.85.
    const credits = await db
      .select()
      .from(customerCredits)
      .where(eq(customerCredits.orderId, order.id));
    expect(credits.map((c) => c.amountPence)).toEqual([3685]);
    const [claim] = await db.select().from(claims).where(eq(claims.id, made.claim.id));
    expect(claim!.status).toBe('paid');
  });
});

/** A delivered order of `shirts` shirts paid `cardPence` by card (TEST MODE), claimed at `clock`. */
async function cardPaidOrder(tag: string, shirts: number, cardPence: number) {
  const at = new Date(clock.getTime() - 2 * 60 * 60 * 1000);
  const services = { ...world.services, now: () => at };
  const { order, garments } = await deliveredShirts(services, world.actor, {
    customerId: world.customerId,
    at,
    tags: Array.from({ length: shirts }, (_, i) => `${tag}-${i + 1}`),
  });
  await world.database.db.insert(payments).values({
    orderId: order.id,
    provider: 'test',
    kind: 'charge',
    providerRef: `pi_race_${tag}`,
    status: 'succeeded',
    amountPence: cardPence,
  });
  await world.database.db
    .update(orders)
    .set({ paidPence: cardPence })
    .where(eq(orders.id, order.id));
  return { order, garments };
}

const codesOf = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as AppError).code] : []));
/** A shirt 30 months old said to cost nothing new: the offer is its £3.50 cleaning charge. */
const cleaningOnly = { age_months: 30, replacement_cost: 0 };

describe(`refunds and disputes at the same moment ${onPostgres() ? 'on PostgreSQL' : 'on PGlite'}`, () => {
  it('8 accepts by refund at once: one refund through the provider, seven 409 claim-paid', async () => {
    const { order, garments } = await cardPaidOrder('RR', 1, 350);
    const { claimId } = await offeredClaim(world.services, world.actor, {
      customerId: world.customerId,
      orderId: order.id,
      garmentId: garments[0]!.id,
      item: cleaningOnly,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        acceptOffer(world.services, { customerId: world.customerId, claimId, method: 'refund' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(codesOf(results)).toEqual(Array.from({ length: 7 }, () => 'claim-paid'));
    const refunds = await world.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'refund')));
    expect(refunds.map((r) => r.amountPence)).toEqual([350]);
  });

  it('two claims on one order refunded at once: the card money goes back once', async () => {
    // £3.50 by card; each claim's offer is £3.50: only one can go back to the card.
    const { order, garments } = await cardPaidOrder('RT', 2, 350);
    const claimIds: number[] = [];
    for (const garment of garments) {
      const { claimId } = await offeredClaim(world.services, world.actor, {
        customerId: world.customerId,
        orderId: order.id,
        garmentId: garment.id,
        item: cleaningOnly,
      });
      claimIds.push(claimId);
    }
    const results = await Promise.allSettled(
      claimIds.map((claimId) =>
        acceptOffer(world.services, { customerId: world.customerId, claimId, method: 'refund' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(codesOf(results)).toEqual(['claim-refund-too-large']);
    const refunds = await world.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'refund')));
    expect(refunds.map((r) => r.amountPence)).toEqual([350]);
  });

  it('accept and dispute at once: paid with no open dispute, or disputed with nothing paid', async () => {
    const { order, garments } = await cardPaidOrder('RD', 4, 0);
    for (const garment of garments) {
      const { claimId } = await offeredClaim(world.services, world.actor, {
        customerId: world.customerId,
        orderId: order.id,
        garmentId: garment.id,
      });
      const results = await Promise.allSettled([
        disputeClaim(world.services, {
          customerId: world.customerId,
          claimId,
          reason: 'Too low',
        }),
        acceptOffer(world.services, { customerId: world.customerId, claimId, method: 'credit' }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const [claim] = await world.database.db.select().from(claims).where(eq(claims.id, claimId));
      const disputes = await world.database.db
        .select()
        .from(claimDisputes)
        .where(eq(claimDisputes.claimId, claimId));
      const paid = await world.database.db
        .select()
        .from(claimPayments)
        .where(eq(claimPayments.claimId, claimId));
      if (claim!.status === 'paid') {
        expect(disputes).toEqual([]);
        expect(paid).toHaveLength(1);
        expect(codesOf(results)).toEqual(['claim-paid']);
      } else {
        expect(claim!.status).toBe('disputed');
        expect(disputes).toHaveLength(1);
        expect(paid).toEqual([]);
        expect(codesOf(results)).toEqual(['claim-not-offered']);
      }
    }
  });
});
