import { randomInt } from 'node:crypto';
import { and, eq, exists, isNull } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { REFERRAL_CREDIT_PENCE } from '@shared/promo';
import type { Brand } from '@shared/brand';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { customerCredits, customers, orders, referrals } from '../../db/schema';

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A referral code for people: the first name's letters and four random characters. */
export function newReferralCode(name: string): string {
  const stem =
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z]/g, ' ')
      .trim()
      .split(/\s+/)[0]
      ?.slice(0, 8)
      .toUpperCase() || 'FRIEND';
  let tail = '';
  for (let i = 0; i < 4; i++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `${stem}-${tail}`;
}

/**
 * The customer's referral code (issue 18), made the first time it is shown: written by a
 * conditional update (two pages at once keep one code), a clash with another customer's code
 * tried again with another.
 */
export async function referralCodeOf(db: DbOrTx, customerId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .select({ code: customers.referralCode, name: customers.name })
      .from(customers)
      .where(eq(customers.id, customerId))
      .limit(1);
    if (!row) throw new Error('no such customer');
    if (row.code) return row.code;
    try {
      await db
        .update(customers)
        .set({ referralCode: newReferralCode(row.name) })
        .where(and(eq(customers.id, customerId), isNull(customers.referralCode)));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not make a referral code');
}

/**
 * A step of a payment that left the order paid, and of the move to delivered, in its
 * transaction: when the order came from a friend's referral code, the friend is credited
 * once the order is **delivered and paid** (issue 31, N3), whichever of the two comes last.
 * `referrals.credited_at` is set by a conditional update that reads the order's status and
 * payment in the same transaction, so a replayed webhook or two confirmations at once credit
 * once; an order paid but not yet delivered (or delivered but not paid), or cancelled, earns
 * nothing yet.
 */
export async function creditReferrer(
  tx: DbOrTx,
  input: { orderId: string; now: Date; brand: Brand },
): Promise<boolean> {
  const [claimed] = await tx
    .update(referrals)
    .set({ creditedAt: input.now })
    .where(
      and(
        eq(referrals.orderId, input.orderId),
        isNull(referrals.creditedAt),
        // Delivered and paid in full: a cancelled order (cancelled is final) never is, so a
        // payment that crossed the cancel earns nothing (decision 037).
        exists(
          tx
            .select({ id: orders.id })
            .from(orders)
            .where(
              and(
                eq(orders.id, referrals.orderId),
                eq(orders.status, 'delivered'),
                eq(orders.paymentState, 'paid'),
              ),
            ),
        ),
      ),
    )
    .returning();
  if (!claimed) return false;
  const [order] = await tx
    .select({ orderNo: orders.orderNo, name: orders.customerName })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  const [credit] = await tx
    .insert(customerCredits)
    .values({
      customerId: claimed.referrerId,
      orderId: null,
      amountPence: REFERRAL_CREDIT_PENCE,
      reason: `Thank you for referring ${order!.name.split(' ')[0]} (order ${orderNumber(input.brand, order!.orderNo)})`,
      createdAt: input.now,
    })
    .returning({ id: customerCredits.id });
  await tx.update(referrals).set({ creditId: credit!.id }).where(eq(referrals.id, claimed.id));
  return true;
}
