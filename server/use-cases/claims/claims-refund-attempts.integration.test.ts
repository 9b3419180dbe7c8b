import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { auditLog, claimPayments, claims, outbox, payments } from '../../db/schema';
import type { AppError } from '../../errors';
import type { TestDatabase } from '@tests/helpers/test-database';
import { startClaimsWorld, type ClaimsWorld } from '@tests/helpers/claims-world';
import { deliveredShirts, offeredClaim } from '@tests/helpers/claim-fixtures';
import type { StripeStandIn } from '@tests/helpers/stripe-stand-in';
import { acceptOffer } from './accept-offer';
import { answerDispute, disputeClaim } from './dispute';
import { checkStuckClaimPayment } from './check-stuck-payment';
import { finishPayingClaims } from './repair-claim-payments';

/*
 * Decision 063's refund attempts (review of 2026-12-07, round 2), through the official Stripe
 * SDK and its stand-in: each accept is an attempt with its own idempotency keys (a later accept
 * of a raised offer is not refused as a reused key); a key reused with other parameters is a
 * refusal, not a lost answer; a part answered is never asked again, also once Stripe forgot
 * its key; past 20 hours unanswered the claim is left to staff, no longer asked.
 */

const HOUR = 60 * 60 * 1000;
const start = new Date('2026-12-01T09:00:00Z');
let clock = start;
let database: TestDatabase;
let services: AppServices;
let stripe: StripeStandIn;
let customerId = '';
let actor: { id: string; name: string; role: 'owner' };
let seq = 0;

let world: ClaimsWorld<'owner'>;
beforeAll(async () => {
  world = await startClaimsWorld({ now: () => clock, role: 'owner' });
  ({ database, services, stripe, actor, customerId } = world);
}, 60_000);
afterAll(() => world?.close());

/** A delivered shirt's order paid by the card charges given (`takes`: what Stripe refunds). */
async function paidOrder(charges: { pence: number; takes?: number }[]) {
  clock = start;
  const run = ++seq;
  const { order, garments } = await deliveredShirts(services, actor, {
    customerId,
    at: start,
    tags: [`R${run}-1`],
  });
  const refs = await world.payByCard(order.id, charges, {
    at: start,
    refPrefix: `pi_attempts_${run}`,
  });
  clock = new Date(start.getTime() + 2 * HOUR);
  const { claimId } = await offeredClaim(services, actor, {
    customerId,
    orderId: order.id,
    garmentId: garments[0]!.id,
  });
  return { orderId: order.id, refs, claimId };
}

const paymentOf = async (claimId: number) =>
  (await database.db.select().from(claimPayments).where(eq(claimPayments.claimId, claimId)))[0];
const statusOf = async (claimId: number) =>
  (await database.db.select().from(claims).where(eq(claims.id, claimId)))[0]!.status;
const refundsOf = (ref: string) => stripe.refunds.filter((r) => r.paymentIntent === ref);
const refundCalls = () => stripe.calls.filter((c) => c.startsWith('POST /v1/refunds')).length;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

describe('each accept is an attempt with its own keys', () => {
  it('refused, then disputed and raised: the new accept is refunded, not stuck paying', async () => {
    // The £33.50 refund is refused (the card takes back £1 only), the row freed.
    const { refs, claimId } = await paidOrder([{ pence: 5000, takes: 100 }]);
    const refused = await refusal(acceptOffer(services, { customerId, claimId, method: 'refund' }));
    expect(refused?.code).toBe('payment-refused');
    expect(await paymentOf(claimId)).toBeUndefined();
    // The card could take it back now; the owner raises the offer after a dispute.
    stripe.intents.get(refs[0]!)!.amount = 5000;
    await disputeClaim(services, { customerId, claimId, reason: 'Too low' });
    await answerDispute(services, {
      actor,
      claimId,
      answer: { answer: 'raise', amount: 4000, reason: 'A new shirt costs more.' },
    });
    // With the claim's and charge's key again (other amount), Stripe refuses the key, and
    // that was taken for a lost answer: paying for ever.
    const paid = await acceptOffer(services, { customerId, claimId, method: 'refund' });
    expect(paid).toMatchObject({ pending: false, refundedPence: 4000, creditPence: 0 });
    expect(refundsOf(refs[0]!).map((r) => r.amount)).toEqual([4000]);
    expect(await statusOf(claimId)).toBe('paid');
  });

  it('a key reused with other parameters is a refusal, not a lost answer', async () => {
    const { refs } = await paidOrder([{ pence: 5000 }]);
    const ask = (amountPence: number) =>
      services.payments.card.refundPayment({
        paymentId: refs[0]!,
        amountPence,
        idempotencyKey: `reused-${seq}`,
      });
    expect(await ask(100)).toMatchObject({ status: 'succeeded' });
    expect(await ask(200)).toMatchObject({ status: 'failed' });
    expect(refundsOf(refs[0]!).map((r) => r.amount)).toEqual([100]);
  });
});

describe('the repair job', () => {
  it('never asks a recorded part again, even once Stripe has forgotten its key', async () => {
    // £33.50: the newest charge (£30) goes back; the older (£3.50) gets no answer.
    const { orderId, refs, claimId } = await paidOrder([
      { pence: 350 },
      { pence: 3000, takes: 6000 },
    ]);
    stripe.failRefundsOf(refs[0]!, 1);
    const first = await acceptOffer(services, { customerId, claimId, method: 'refund' });
    expect(first.pending).toBe(true);
    expect((await paymentOf(claimId))!.refundPlan).toEqual([
      expect.objectContaining({ chargeId: expect.any(String), outcome: expect.any(Object) }),
      expect.not.objectContaining({ outcome: expect.anything() }),
    ]);
    stripe.forgetIdempotencyKeys();
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await finishPayingClaims(services)).toBe(1);
    expect(refundsOf(refs[1]!).map((r) => r.amount)).toEqual([3000]);
    expect(refundsOf(refs[0]!).map((r) => r.amount)).toEqual([350]);
    expect(await paymentOf(claimId)).toMatchObject({
      status: 'paid',
      refundedPence: 3350,
      creditPence: 0,
    });
    const recorded = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund')));
    expect(recorded.map((r) => r.amountPence).sort()).toEqual([3000, 350].sort());
  });

  it('past 20 hours unanswered: no longer asked, left to staff, told and audited', async () => {
    const { refs, claimId } = await paidOrder([{ pence: 5000 }]);
    stripe.failRefundsOf(refs[0]!);
    const first = await acceptOffer(services, { customerId, claimId, method: 'refund' });
    expect(first.pending).toBe(true);
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await finishPayingClaims(services)).toBe(0);
    expect(await paymentOf(claimId)).toMatchObject({ status: 'paying' });
    const asked = refundCalls();
    clock = new Date(clock.getTime() + 20 * HOUR);
    expect(await finishPayingClaims(services)).toBe(0);
    expect(refundCalls()).toBe(asked);
    expect(await paymentOf(claimId)).toMatchObject({ status: 'needs-attention' });
    expect(await statusOf(claimId)).toBe('offered');
    const told = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'claim-needs-attention'));
    expect(told).toHaveLength(1);
    expect(told[0]!.toAddress).toBe(services.config.brand.email);
    expect(told[0]!.textBody).toContain(`Claim ${claimId}`);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'claim.payment-needs-attention'),
          eq(auditLog.entityId, String(claimId)),
        ),
      );
    expect(audited).toHaveLength(1);
    // The next runs ask nothing; the customer cannot accept or dispute it meanwhile.
    await finishPayingClaims(services);
    expect(refundCalls()).toBe(asked);
    const again = await refusal(acceptOffer(services, { customerId, claimId, method: 'credit' }));
    expect(again?.code).toBe('claim-paid');
    expect(again?.message).toContain('being checked by the shop');
    stripe.failRefundsOf(refs[0]!, 0);
  });
});

describe('the owner checks a refund left needing attention, in the provider’s dashboard', () => {
  /** A claim whose £33.50 refund no one answered for 20 hours. */
  async function stuckClaim() {
    const made = await paidOrder([{ pence: 5000 }]);
    stripe.failRefundsOf(made.refs[0]!);
    await acceptOffer(services, { customerId, claimId: made.claimId, method: 'refund' });
    clock = new Date(clock.getTime() + 21 * HOUR);
    await finishPayingClaims(services);
    expect(await paymentOf(made.claimId)).toMatchObject({ status: 'needs-attention' });
    stripe.failRefundsOf(made.refs[0]!, 0);
    return made;
  }
  const checkedAudits = async (claimId: number) =>
    database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'claim.payment-checked'), eq(auditLog.entityId, String(claimId))),
      );

  it('made: recorded with its reference and credit note, the claim paid, nothing asked', async () => {
    const { orderId, claimId } = await stuckClaim();
    const asked = refundCalls();
    const staff = { id: actor.id, name: 'Sam', role: 'staff' as const };
    const notOwner = await refusal(
      checkStuckClaimPayment(services, { actor: staff, claimId, check: { found: 'not-refunded' } }),
    );
    expect(notOwner?.code).toBe('forbidden');
    const wrongCount = await refusal(
      checkStuckClaimPayment(services, {
        actor,
        claimId,
        check: { found: 'refunded', refund_refs: ['re_dash_1', 're_dash_2'] },
      }),
    );
    expect(wrongCount?.code).toBe('validation-failed');
    const paid = await checkStuckClaimPayment(services, {
      actor,
      claimId,
      check: { found: 'refunded', refund_refs: ['re_dash_1'] },
    });
    expect(paid).toMatchObject({ refundedPence: 3350, creditPence: 0, pending: false });
    expect(refundCalls()).toBe(asked);
    expect(await paymentOf(claimId)).toMatchObject({ status: 'paid', refundedPence: 3350 });
    expect(await statusOf(claimId)).toBe('paid');
    const recorded = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund')));
    expect(recorded.map((r) => [r.providerRef, r.amountPence])).toEqual([['re_dash_1', 3350]]);
    expect(await checkedAudits(claimId)).toHaveLength(1);
    // Checked once: a second check is refused, nothing recorded twice.
    const twice = await refusal(
      checkStuckClaimPayment(services, { actor, claimId, check: { found: 'not-refunded' } }),
    );
    expect(twice?.code).toBe('already-done');
  });

  it('not made: the payment freed, the customer told the offer stands, to take as credit', async () => {
    const { claimId } = await stuckClaim();
    const checked = await checkStuckClaimPayment(services, {
      actor,
      claimId,
      check: { found: 'not-refunded' },
    });
    expect(checked).toEqual({ notMade: true });
    expect(await paymentOf(claimId)).toBeUndefined();
    expect(await statusOf(claimId)).toBe('offered');
    const credit = await acceptOffer(services, { customerId, claimId, method: 'credit' });
    expect(credit).toMatchObject({ method: 'credit', pending: false });
    expect(await checkedAudits(claimId)).toHaveLength(1);
  });
});
