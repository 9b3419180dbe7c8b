import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { defaultClaimTable } from '@shared/claims/table';
import type { AppServices } from '../../services';
import {
  claimPayments,
  claims,
  customerCredits,
  financialDocuments,
  outbox,
  payments,
} from '../../db/schema';
import type { AppError } from '../../errors';
import type { TestDatabase } from '@tests/helpers/test-database';
import { startClaimsWorld, type ClaimsWorld } from '@tests/helpers/claims-world';
import { deliveredShirts, offeredClaim } from '@tests/helpers/claim-fixtures';
import type { StripeStandIn } from '@tests/helpers/stripe-stand-in';
import { acceptOffer } from './accept-offer';
import { saveClaimTable } from './claim-table';
import { disputeClaim } from './dispute';
import { finishPayingClaims } from './repair-claim-payments';

/*
 * Decision 063's payment defects, fixed, through the official Stripe SDK and its stand-in:
 * only card money goes back to the card, planned under the order's lock (a second claim cannot
 * plan what a first is still refunding); a refused part goes on as credit and is said; a lost
 * answer leaves the claim paying and the repair job finishes it with the same key (one refund);
 * a refusal frees the claim; the credit bonus is the offer's own.
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

/**
 * A delivered order of `shirts` shirts paid by the card charges given (each a PaymentIntent of
 * the stand-in, `takes` what the stand-in will refund of it) and `otherPence` in cash or
 * credit; claims made two hours after the delivery.
 */
async function paidOrder(input: {
  shirts: number;
  charges: { pence: number; takes?: number }[];
  otherPence?: number;
}) {
  clock = start;
  const run = ++seq;
  const { order, garments } = await deliveredShirts(services, actor, {
    customerId,
    at: start,
    tags: Array.from({ length: input.shirts }, (_, i) => `P${run}-${i + 1}`),
  });
  await world.payByCard(order.id, input.charges, {
    at: start,
    refPrefix: `pi_claims_${run}`,
    otherPence: input.otherPence,
  });
  clock = new Date(start.getTime() + 2 * HOUR);
  return { orderId: order.id, garments };
}

/** A shirt 30 months old said to cost nothing new: the offer is its £3.50 cleaning charge. */
const cleaningOnly = { age_months: 30, replacement_cost: 0 };

const paymentOf = async (claimId: number) =>
  (await database.db.select().from(claimPayments).where(eq(claimPayments.claimId, claimId)))[0];
const statusOf = async (claimId: number) =>
  (await database.db.select().from(claims).where(eq(claims.id, claimId)))[0]!.status;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

describe('what can go back to the card', () => {
  it('only card money: an order paid mostly in cash cannot refund the offer to the card', async () => {
    // £33.50 offer; £3.50 by card, £50 in cash: the old check (what the order paid) passed it
    // and the refund stopped at £3.50, recorded as paid in full.
    const { orderId, garments } = await paidOrder({
      shirts: 1,
      charges: [{ pence: 350 }],
      otherPence: 5000,
    });
    const { claimId } = await offeredClaim(services, actor, {
      customerId,
      orderId,
      garmentId: garments[0]!.id,
    });
    const error = await refusal(acceptOffer(services, { customerId, claimId, method: 'refund' }));
    expect(error?.code).toBe('claim-refund-too-large');
    expect(await paymentOf(claimId)).toBeUndefined();
    expect(stripe.refunds.filter((r) => r.paymentIntent.startsWith(`pi_claims_${seq}_`))).toEqual(
      [],
    );
  });

  it('a second claim cannot plan the card money a first claim is still refunding', async () => {
    const { orderId, garments } = await paidOrder({ shirts: 2, charges: [{ pence: 700 }] });
    const first = await offeredClaim(services, actor, {
      customerId,
      orderId,
      garmentId: garments[0]!.id,
      item: { ...cleaningOnly, age_months: 30 },
    });
    const second = await offeredClaim(services, actor, {
      customerId,
      orderId,
      garmentId: garments[1]!.id,
      item: { age_months: 20 },
    });
    // The first's answer is lost: it stays paying with £3.50 of the £7 planned.
    stripe.loseRefundAnswers(1);
    const pending = await acceptOffer(services, {
      customerId,
      claimId: first.claimId,
      method: 'refund',
    });
    expect(pending.pending).toBe(true);
    // The second's offer (£3.50 + a 20-month shirt's value) is more than the £3.50 left.
    const error = await refusal(
      acceptOffer(services, { customerId, claimId: second.claimId, method: 'refund' }),
    );
    expect(error?.code).toBe('claim-refund-too-large');
  });

  it('a part the card refuses goes on the account as credit, and the customer is told', async () => {
    // £33.50: the newest charge (£30) is refused by the provider, the older £3.50 goes back.
    const { orderId, garments } = await paidOrder({
      shirts: 1,
      charges: [{ pence: 350 }, { pence: 3000, takes: 100 }],
    });
    const { claimId } = await offeredClaim(services, actor, {
      customerId,
      orderId,
      garmentId: garments[0]!.id,
    });
    const paid = await acceptOffer(services, { customerId, claimId, method: 'refund' });
    expect(paid).toMatchObject({
      pending: false,
      paidPence: 3350,
      refundedPence: 350,
      creditPence: 3000,
    });
    expect(await paymentOf(claimId)).toMatchObject({
      status: 'paid',
      refundedPence: 350,
      creditPence: 3000,
    });
    const credits = await database.db
      .select()
      .from(customerCredits)
      .where(eq(customerCredits.orderId, orderId));
    expect(credits.map((c) => c.amountPence)).toEqual([3000]);
    expect(await statusOf(claimId)).toBe('paid');
    // The credit notes (the refund's, the credit's) credit VAT on the £3.50 cleaning charge
    // only: the compensation is outside the scope of VAT.
    const notes = await database.db
      .select()
      .from(financialDocuments)
      .where(
        and(eq(financialDocuments.orderId, orderId), eq(financialDocuments.kind, 'credit-note')),
      );
    expect(notes.reduce((sum, n) => sum + n.totalPence, 0)).toBe(3350);
    expect(notes.reduce((sum, n) => sum + n.vatPence, 0)).toBe(58);
  });
});

describe('after a failure', () => {
  it('a lost answer: the claim stays paying; the repair job finishes it, refunded once', async () => {
    const { orderId, garments } = await paidOrder({ shirts: 1, charges: [{ pence: 350 }] });
    const { claimId } = await offeredClaim(services, actor, {
      customerId,
      orderId,
      garmentId: garments[0]!.id,
      item: cleaningOnly,
    });
    const ref = `pi_claims_${seq}_0`;
    stripe.loseRefundAnswers(1);
    const first = await acceptOffer(services, { customerId, claimId, method: 'refund' });
    expect(first.pending).toBe(true);
    expect(await paymentOf(claimId)).toMatchObject({ status: 'paying' });
    expect(await statusOf(claimId)).toBe('offered');
    expect(stripe.refunds.filter((r) => r.paymentIntent === ref)).toHaveLength(1);
    // Accepting again, or disputing, is refused: the claim is being paid (no open dispute
    // can be left on a claim the repair job then pays).
    const again = await refusal(acceptOffer(services, { customerId, claimId, method: 'credit' }));
    expect(again?.code).toBe('claim-paid');
    const dispute = await refusal(disputeClaim(services, { customerId, claimId, reason: 'Low' }));
    expect(dispute?.code).toBe('claim-paid');

    clock = new Date(clock.getTime() + 5 * 60_000);
    // (It also finishes the first claim left paying above.)
    expect(await finishPayingClaims(services)).toBeGreaterThanOrEqual(1);
    expect(stripe.refunds.filter((r) => r.paymentIntent === ref)).toHaveLength(1);
    const recorded = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund')));
    expect(recorded.map((r) => r.amountPence)).toEqual([350]);
    expect(await paymentOf(claimId)).toMatchObject({ status: 'paid', refundedPence: 350 });
    expect(await statusOf(claimId)).toBe('paid');
    expect(await finishPayingClaims(services)).toBe(0);
  });

  it('refused outright: nothing paid, the claim free to take as credit', async () => {
    const { orderId, garments } = await paidOrder({
      shirts: 1,
      charges: [{ pence: 350, takes: 100 }],
    });
    const { claimId } = await offeredClaim(services, actor, {
      customerId,
      orderId,
      garmentId: garments[0]!.id,
      item: cleaningOnly,
    });
    const error = await refusal(acceptOffer(services, { customerId, claimId, method: 'refund' }));
    expect(error?.code).toBe('payment-refused');
    expect(await paymentOf(claimId)).toBeUndefined();
    // Told by e-mail as well (after a repair job's attempt the customer is not waiting).
    const told = await database.db.select().from(outbox).where(eq(outbox.template, 'claim-answer'));
    expect(told.map((m) => m.textBody).join('\n')).toContain('refused the refund');
    const credit = await acceptOffer(services, { customerId, claimId, method: 'credit' });
    expect(credit).toMatchObject({ paidPence: 385, creditPence: 385 });
  });
});

describe('the credit bonus', () => {
  it('is the offer’s own: the owner raising it afterwards does not change what is paid', async () => {
    const { orderId, garments } = await paidOrder({ shirts: 1, charges: [{ pence: 350 }] });
    const { claimId } = await offeredClaim(services, actor, {
      customerId,
      orderId,
      garmentId: garments[0]!.id,
    });
    await saveClaimTable(services, {
      actor,
      table: {
        ...defaultClaimTable,
        settings: { ...defaultClaimTable.settings, creditBonusPercent: 50 },
      },
    });
    const paid = await acceptOffer(services, { customerId, claimId, method: 'credit' });
    // £33.50 with the 10 % of the offer's table: £36.85 (not £50.25).
    expect(paid.paidPence).toBe(3685);
    await saveClaimTable(services, { actor, table: defaultClaimTable });
  });
});
