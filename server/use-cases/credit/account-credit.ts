import { desc, eq, sql } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { REFERRAL_CREDIT_PENCE, REFERRAL_DISCOUNT_PENCE } from '@shared/promo';
import type { Brand } from '@shared/brand';
import type { DbOrTx } from '../../db/client';
import { customerCredits, customers, orders } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { recordAudit, type Actor } from '../audit/record-audit';
import { creditReferrer, referralCodeOf } from '../promos/referrals';
import type { AppServices } from '../../services';

/** A customer's account credit: the sum of their ledger (never below zero, see useAccountCredit). */
export async function creditBalance(db: DbOrTx, customerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${customerCredits.amountPence}), 0)::int` })
    .from(customerCredits)
    .where(eq(customerCredits.customerId, customerId));
  return Number(row?.total ?? 0);
}

/**
 * /account/credit (issue 18): the balance, its history newest first, and the customer's
 * referral code (made now if it is the first time it is shown) with what it gives.
 */
export async function accountCredit(deps: Pick<AppServices, 'db'>, input: { customerId: string }) {
  const { db } = deps;
  const referralCode = await referralCodeOf(db, input.customerId);
  const history = await db
    .select({
      id: customerCredits.id,
      amountPence: customerCredits.amountPence,
      reason: customerCredits.reason,
      createdAt: customerCredits.createdAt,
    })
    .from(customerCredits)
    .where(eq(customerCredits.customerId, input.customerId))
    .orderBy(desc(customerCredits.createdAt), desc(customerCredits.id));
  return {
    balancePence: history.reduce((sum, h) => sum + h.amountPence, 0),
    history,
    referralCode,
    friendDiscountPence: REFERRAL_DISCOUNT_PENCE,
    referrerCreditPence: REFERRAL_CREDIT_PENCE,
  };
}

/**
 * A step before a card is charged or an invoice paid (issue 18, decision 037), in the caller's
 * transaction: the customer's credit pays what it can of the amount due. The customer's row
 * is locked, so two orders paid at once cannot spend one balance twice; the use is a negative
 * ledger row for the order, and counts as paid (`credit_applied_pence`, `paid_pence`). An
 * order the credit covers is paid, and a referral behind it credited. Returns the pence used.
 */
export async function useAccountCredit(
  tx: DbOrTx,
  input: { orderId: string; now: Date; brand: Brand },
): Promise<number> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
  if (!order?.customerId || order.amountDuePence <= 0) return 0;
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, order.customerId))
    .for('update');
  const balance = await creditBalance(tx, order.customerId);
  const use = Math.min(balance, order.amountDuePence);
  if (use <= 0) return 0;
  await tx.insert(customerCredits).values({
    customerId: order.customerId,
    orderId: order.id,
    amountPence: -use,
    reason: `Used on order ${orderNumber(input.brand, order.orderNo)}`,
    createdAt: input.now,
  });
  const due = order.amountDuePence - use;
  await tx
    .update(orders)
    .set({
      creditAppliedPence: order.creditAppliedPence + use,
      paidPence: order.paidPence + use,
      amountDuePence: due,
      paymentState: due === 0 ? 'paid' : order.paymentState,
    })
    .where(eq(orders.id, order.id));
  if (due === 0)
    await creditReferrer(tx, { orderId: order.id, now: input.now, brand: input.brand });
  return use;
}

/** Goodwill credit from the back office (owner or staff), audited, shown in the account. */
export async function grantGoodwillCredit(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor; customerId: string; amountPence: number; reason: string },
) {
  const now = deps.now();
  const reason = input.reason.trim();
  const errors: Record<string, string[]> = {};
  if (!Number.isInteger(input.amountPence) || input.amountPence < 1 || input.amountPence > 50_000) {
    errors.amount = ['Enter an amount from 0.01 to 500.00.'];
  }
  if (!reason || reason.length > 200) errors.reason = ['Please say why, in under 200 characters.'];
  if (Object.keys(errors).length) throw new ValidationError('Please check the credit.', errors);
  return deps.db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, input.customerId));
    if (!customer) throw new NotFoundError('We could not find that customer.');
    const [row] = await tx
      .insert(customerCredits)
      .values({
        customerId: customer.id,
        amountPence: input.amountPence,
        reason: `Goodwill: ${reason}`,
        staffId: input.actor.id,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'customer.credit',
      entity: 'customer',
      entityId: customer.id,
      after: { amountPence: input.amountPence, reason },
    });
    return { id: row!.id, balancePence: await creditBalance(tx, customer.id) };
  });
}
