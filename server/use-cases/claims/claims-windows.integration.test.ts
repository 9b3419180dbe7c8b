import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClaimInput } from '@shared/claims/input';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { recordGarmentRows } from '@tests/helpers/intake-fixtures';
import {
  branches,
  claimOffers,
  counterTickets,
  orderEvents,
  orders,
  outbox,
} from '../../db/schema';
import type { AppError } from '../../errors';
import { sendIntakeReport } from '../intake-report/send-intake-report';
import { recordFinding } from './find-fault';
import { makeClaim } from './make-claim';

/*
 * Decision 063's windows, fixed: a garment seen short at delivery is claimed as missing in the
 * 48 hours after it, though the intake report's window has closed; a counter ticket (no intake
 * report) is claimed from its collection at the counter, missing or damaged; "not mine" found
 * ours is a mix-up put right by staff, with no replacement-value offer, and the customer's own
 * garment may then be claimed as missing.
 */

const HOUR = 60 * 60 * 1000;
const start = new Date('2026-12-01T09:00:00Z');
let world: UseCaseWorld;

beforeAll(async () => {
  world = await createUseCaseWorld(start);
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const at = (hours: number) => ({
  ...world.services,
  now: () => new Date(start.getTime() + hours * HOUR),
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

/** An order of one shirt (intake report at `start` unless a counter ticket), delivered at `hours`. */
async function order(tag: string, input: { deliveredAfterHours: number; counter?: boolean }) {
  const db = world.database.db;
  const row = await world.insertOrder(new Date(start.getTime() - 24 * HOUR), 'collected');
  const [shirt] = await recordGarmentRows(at(0), world.actor, row.id, [
    { tag, item: 'Shirt on hanger' },
  ]);
  if (input.counter) {
    const [branch] = await db.select().from(branches).limit(1);
    await db.insert(counterTickets).values({
      orderId: row.id,
      branchId: branch!.id,
      promisedReadyAt: start,
      payment: 'cash',
      collectedAt: new Date(start.getTime() + input.deliveredAfterHours * HOUR),
    });
  } else {
    await sendIntakeReport(at(0), { actor: world.actor, orderId: row.id });
  }
  await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, row.id));
  await db.insert(orderEvents).values({
    orderId: row.id,
    fromStatus: input.counter ? 'ready' : 'out for delivery',
    toStatus: 'delivered',
    actor: input.counter ? 'counter' : 'driver',
    at: new Date(start.getTime() + input.deliveredAfterHours * HOUR),
  });
  return { orderId: row.id, garmentId: shirt!.id };
}

const claim = (
  hours: number,
  target: { orderId: string; garmentId: number },
  item: Partial<ClaimInput['items'][number]>,
) =>
  makeClaim(at(hours), {
    customerId: world.customerId,
    orderId: target.orderId,
    note: '',
    items: [
      {
        order_garment_id: target.garmentId,
        kind: 'missing',
        category: 'shirts',
        age_months: 6,
        note: '',
        ...item,
      } as ClaimInput['items'][number],
    ],
  });

describe('the windows (decision 063)', () => {
  it('missing, seen short at a delivery after the intake report’s window: claimable 48 h', async () => {
    // Report at 0 h (its window ends at 48 h), delivered at 60 h.
    const target = await order('W-1', { deliveredAfterHours: 60 });
    const made = await claim(61, target, { kind: 'missing' });
    expect(made.claim.status).toBe('open');
    const late = await refusal(claim(109, await order('W-2', { deliveredAfterHours: 60 }), {}));
    expect(late?.code).toBe('claim-window-closed');
  });

  it('a counter ticket: missing and damage claimable from its collection at the counter', async () => {
    const missing = await order('W-3', { deliveredAfterHours: 10, counter: true });
    expect((await claim(11, missing, { kind: 'missing' })).claim.status).toBe('open');
    const damaged = await order('W-4', { deliveredAfterHours: 10, counter: true });
    const made = await claim(11, damaged, { kind: 'damaged', damage_kind: 'pressing' });
    expect(made.claim.status).toBe('open');
  });

  it('“not mine” found ours is a mix-up: no offer, the customer told; then claimable as missing', async () => {
    const target = await order('W-5', { deliveredAfterHours: 2 });
    const made = await claim(3, target, { kind: 'not-mine' });
    const found = await recordFinding(at(4), {
      actor: world.actor,
      claimId: made.claim.id,
      findings: [{ claim_item_id: made.items[0]!.id, fault: 'ours' }],
      reason: 'Your bag had Mr Smith’s shirt: we will swap them on Tuesday.',
    });
    expect(found.claim.status).toBe('mix-up');
    expect(found.offer).toBeNull();
    const offers = await world.database.db
      .select()
      .from(claimOffers)
      .where(eq(claimOffers.claimId, made.claim.id));
    expect(offers).toEqual([]);
    const mails = await world.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'claim-answer'));
    expect(mails.map((m) => m.textBody).join('\n')).toContain('Mr Smith’s shirt');
    const missing = await claim(5, target, { kind: 'missing' });
    expect(missing.claim.status).toBe('open');
  });
});
