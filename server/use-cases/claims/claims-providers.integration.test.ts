import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { financialDocuments, orderEvents, orders, payments } from '../../db/schema';
import type { TestDatabase } from '@tests/helpers/test-database';
import { startClaimsWorld, type ClaimsWorld } from '@tests/helpers/claims-world';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { recordGarmentRows } from '@tests/helpers/intake-fixtures';
import type { StripeStandIn } from '@tests/helpers/stripe-stand-in';
import type { PayPalStandIn } from '@tests/helpers/paypal-stand-in';
import { issueInvoice } from '../invoices/vat-documents';
import { sendIntakeReport } from '../intake-report/send-intake-report';
import { acceptOffer } from './accept-offer';
import { recordFinding } from './find-fault';
import { makeClaim } from './make-claim';

/*
 * Issue 34: accepting an offer by refund goes back through the provider that took the money,
 * with the official Stripe SDK and PayPal's REST API against their local stand-ins (the card's
 * PaymentIntent, PayPal's capture), and a credit note for each refund.
 */

const start = new Date('2026-12-01T09:00:00Z');
let clock = start;
let database: TestDatabase;
let services: AppServices;
let stripe: StripeStandIn;
let paypal: PayPalStandIn;
let customerId = '';
let actor: { id: string; name: string; role: 'staff' };

let world: ClaimsWorld<'staff'>;
beforeAll(async () => {
  world = await startClaimsWorld({ now: () => clock, role: 'staff', paypal: true });
  ({ database, services, stripe, actor, customerId } = world);
  paypal = world.paypal!;
}, 60_000);
afterAll(() => world?.close());

/** A delivered order of one shirt (£3.50), paid by `provider`, with its invoice; an offer made. */
async function offeredClaim(provider: 'stripe' | 'paypal', ref: string) {
  clock = start;
  const db = database.db;
  const order = await insertOrderRow(db, new Date('2026-11-30T09:00:00Z'), {
    customerId,
    status: 'collected',
  });
  const [shirt] = await recordGarmentRows(services, actor, order.id, [
    { tag: `${ref}-1`, item: 'Shirt on hanger' },
  ]);
  await sendIntakeReport(services, { actor, orderId: order.id });
  if (provider === 'stripe') {
    stripe.paidIntent(ref, 350);
  } else {
    paypal.orders.set(ref, {
      id: ref,
      status: 'COMPLETED',
      referenceId: order.id,
      description: 'order',
      currency: 'GBP',
      value: '3.50',
    });
  }
  await db.insert(payments).values({
    orderId: order.id,
    provider,
    kind: 'charge',
    providerRef: ref,
    captureRef: provider === 'paypal' ? `CAP${ref}` : null,
    status: 'succeeded',
    amountPence: 350,
    cardLast4: provider === 'stripe' ? '4242' : null,
  });
  const [paid] = await db
    .update(orders)
    .set({ paidPence: 350, amountDuePence: 0, status: 'delivered' })
    .where(eq(orders.id, order.id))
    .returning();
  await db.transaction((tx) =>
    issueInvoice(tx, { brand: services.config.brand, order: paid!, now: start }),
  );
  await db.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: 'out for delivery',
    toStatus: 'delivered',
    actor: 'driver',
    at: new Date(start.getTime() + 60 * 60 * 1000),
  });
  clock = new Date(start.getTime() + 2 * 60 * 60 * 1000);
  // Older than a shirt's life and said to cost nothing new: only the £3.50 cleaning charge
  // comes back, what the order paid.
  const made = await makeClaim(services, {
    customerId,
    orderId: order.id,
    note: '',
    items: [
      {
        order_garment_id: shirt!.id,
        kind: 'damaged',
        damage_kind: 'stain-left',
        category: 'shirts',
        age_months: 30,
        replacement_cost: 0,
        note: '',
      },
    ],
  });
  await recordFinding(services, {
    actor,
    claimId: made.claim.id,
    findings: [{ claim_item_id: made.items[0]!.id, fault: 'ours' }],
    reason: '',
  });
  return { orderId: order.id, claimId: made.claim.id };
}

async function creditNoteOf(orderId: string) {
  const [refund] = await database.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund')));
  const [note] = await database.db
    .select()
    .from(financialDocuments)
    .where(eq(financialDocuments.paymentId, refund!.id));
  return { refund, note };
}

describe('accepting by refund through the providers', () => {
  it('Stripe: refunded against the PaymentIntent, with a credit note', async () => {
    const { orderId, claimId } = await offeredClaim('stripe', 'pi_claim_1');
    const paid = await acceptOffer(services, { customerId, claimId, method: 'refund' });
    expect(paid).toMatchObject({ method: 'refund', paidPence: 350 });
    expect(stripe.refunds).toEqual([
      expect.objectContaining({ paymentIntent: 'pi_claim_1', amount: 350 }),
    ]);
    const { refund, note } = await creditNoteOf(orderId);
    expect(refund).toMatchObject({ provider: 'stripe', status: 'succeeded', amountPence: 350 });
    expect(note).toMatchObject({ kind: 'credit-note', totalPence: 350 });
  });

  it('PayPal: refunded against the capture, with a credit note', async () => {
    const { orderId, claimId } = await offeredClaim('paypal', 'PPCLAIM1');
    const paid = await acceptOffer(services, { customerId, claimId, method: 'refund' });
    expect(paid).toMatchObject({ method: 'refund', paidPence: 350 });
    expect(paypal.refunds).toEqual([
      expect.objectContaining({ captureId: 'CAPPPCLAIM1', amount: 350 }),
    ]);
    const { refund, note } = await creditNoteOf(orderId);
    expect(refund).toMatchObject({ provider: 'paypal', status: 'succeeded', amountPence: 350 });
    expect(note).toMatchObject({ kind: 'credit-note', totalPence: 350 });
  });
});
