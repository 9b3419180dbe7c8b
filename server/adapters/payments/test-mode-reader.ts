import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { testPaymentObjects } from '../../db/schema';
import {
  SIMULATED_REGISTRATION_CODES,
  pairingCodeRefused,
  readerBusy,
  readerIdle,
  type CardReaderProvider,
  type ReaderPaymentState,
} from './card-reader';

/**
 * TEST MODE's simulated card reader (decision 053), the counter's stand-in for Stripe
 * Terminal with no keys: readers `tmr_simulated…` exist, a payment waits on the reader until
 * the screen's TEST MODE buttons present an approved or a declined test card. Its payments
 * live in `test_payment_objects` (kind 'reader'), so several instances agree on them.
 */

type ReaderPayment = {
  readerId: string;
  orderId: string;
  amountPence: number;
  status: 'in_progress' | 'succeeded' | 'failed' | 'canceled';
  message?: string;
};

export const SIMULATED_READER_PREFIX = 'tmr_simulated';
const DECLINED = 'Your card was declined.';

export function createTestModeReader(db: Database): CardReaderProvider {
  const load = async (paymentId: string) => {
    const [row] = await db
      .select()
      .from(testPaymentObjects)
      .where(and(eq(testPaymentObjects.id, paymentId), eq(testPaymentObjects.kind, 'reader')));
    return row ? (row.data as ReaderPayment) : undefined;
  };
  const save = (paymentId: string, data: ReaderPayment) =>
    db.update(testPaymentObjects).set({ data }).where(eq(testPaymentObjects.id, paymentId));
  /** The payment the reader is asking a card for, if any. */
  const inProgress = async (readerId: string) => {
    const [row] = await db
      .select()
      .from(testPaymentObjects)
      .where(
        and(
          eq(testPaymentObjects.kind, 'reader'),
          sql`${testPaymentObjects.data}->>'readerId' = ${readerId}`,
          sql`${testPaymentObjects.data}->>'status' = 'in_progress'`,
        ),
      )
      .limit(1);
    return row ? { id: row.id, data: row.data as ReaderPayment } : undefined;
  };

  return {
    name: 'test',
    simulated: true,
    async readerExists(readerId) {
      return readerId.startsWith(SIMULATED_READER_PREFIX);
    },
    async startReaderPayment(input) {
      const [again] = await db
        .select()
        .from(testPaymentObjects)
        .where(eq(testPaymentObjects.idempotencyKey, input.idempotencyKey));
      if (again) return { paymentId: again.id };
      const busy = await inProgress(input.readerId);
      if (busy) throw readerBusy();
      const paymentId = `pi_test_${randomBytes(12).toString('hex')}`;
      const data: ReaderPayment = {
        readerId: input.readerId,
        orderId: input.orderId,
        amountPence: input.amountPence,
        status: 'in_progress',
      };
      await db
        .insert(testPaymentObjects)
        .values({ id: paymentId, kind: 'reader', idempotencyKey: input.idempotencyKey, data });
      return { paymentId };
    },
    async readerPaymentState({ paymentId }): Promise<ReaderPaymentState> {
      const payment = await load(paymentId);
      if (!payment) return { status: 'failed', message: 'No such payment.' };
      if (payment.status === 'succeeded') {
        return {
          status: 'succeeded',
          amountPence: payment.amountPence,
          cardBrand: 'visa',
          cardLast4: '4242',
        };
      }
      if (payment.status === 'failed') return { status: 'failed', message: DECLINED };
      if (payment.status === 'canceled') {
        return { status: 'canceled', message: 'The card payment was cancelled.' };
      }
      return { status: 'waiting' };
    },
    async cancelReaderAction(readerId) {
      const busy = await inProgress(readerId);
      if (busy) await save(busy.id, { ...busy.data, status: 'canceled' });
    },
    async presentTestCard({ readerId, outcome }) {
      const busy = await inProgress(readerId);
      if (!busy) throw readerIdle();
      await save(busy.id, {
        ...busy.data,
        status: outcome === 'approved' ? 'succeeded' : 'failed',
        message: outcome === 'approved' ? undefined : DECLINED,
      });
    },
    async registerReader({ registrationCode }) {
      // Stripe's test-mode pairing codes register a simulated reader here too.
      if (!SIMULATED_REGISTRATION_CODES.includes(registrationCode)) throw pairingCodeRefused();
      return { readerId: `${SIMULATED_READER_PREFIX}_${randomBytes(6).toString('hex')}` };
    },
  };
}
