import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { testPaymentObjects } from '../../db/schema';
import type {
  CardPaymentProvider,
  CardPaymentResult,
  CardSetupResult,
  OffSessionChargeResult,
  PayPalCaptureResult,
  PayPalProvider,
  RefundResult,
} from './payment-provider';

/**
 * The embedded default for running without keys: a stand-in for Stripe and PayPal with the
 * same flows and outcomes. The browser's TEST MODE card form turns Stripe's documented test
 * card numbers into Stripe's test payment-method ids (pm_card_visa …), so no card number
 * reaches the server. The provider's own objects (what Stripe and PayPal would hold) live in
 * the `test_payment_objects` table, so several instances without keys agree on them.
 * Labelled TEST MODE on the page and in the log.
 */

/** Stripe's documented test payment methods and what they do. */
export const TEST_PAYMENT_METHODS = {
  // One fingerprint per test card number, as Stripe gives the same card the same one.
  pm_card_visa: { outcome: 'succeeded', brand: 'visa', last4: '4242', fingerprint: 'tfp_4242' },
  pm_card_chargeDeclined: {
    outcome: 'declined',
    brand: 'visa',
    last4: '0002',
    fingerprint: 'tfp_0002',
  },
  pm_card_authenticationRequired: {
    outcome: 'authenticate',
    brand: 'visa',
    last4: '3155',
    fingerprint: 'tfp_3155',
  },
} as const;
export type TestPaymentMethod = keyof typeof TEST_PAYMENT_METHODS;

/** A SetupIntent or (with an amount) a PaymentIntent: confirmed in the browser with a test card. */
type IntentObject = {
  orderId: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'failed';
  paymentMethod?: TestPaymentMethod;
  message?: string;
  amountPence?: number;
};
export type TestPayPalOrder = {
  orderId: string;
  amountPence: number;
  description: string;
  status: 'CREATED' | 'APPROVED' | 'DECLINED' | 'COMPLETED';
  returnUrl: string;
  cancelUrl: string;
};

const AUTH_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export type TestModeProvider = CardPaymentProvider &
  PayPalProvider & {
    readonly name: 'test';
    /**
     * What Stripe.js confirmCardSetup / confirmCardPayment do in the browser, for the TEST
     * MODE form: `intentId` is a setup (seti_…) or a payment (pi_…).
     */
    confirmIntent(input: {
      intentId: string;
      clientSecret: string;
      paymentMethod: string;
      /** The test 3-D Secure step's answer. */
      authenticated?: boolean;
    }): Promise<{ status: IntentObject['status']; message?: string }>;
    /** The TEST MODE PayPal approval page shows this order. */
    payPalOrder(paypalOrderId: string): Promise<TestPayPalOrder | undefined>;
    /** What the buyer does on PayPal's approval page: where PayPal then sends them, or null. */
    approvePayPal(paypalOrderId: string, approve: boolean): Promise<string | null>;
  };

/** What a test card does to an intent when the browser confirms it. */
function confirmWithTestCard(
  intent: IntentObject,
  paymentMethod: string,
  authenticated: boolean | undefined,
): IntentObject {
  const method = TEST_PAYMENT_METHODS[paymentMethod as TestPaymentMethod];
  const next: IntentObject = { ...intent, message: undefined };
  if (!method) return { ...next, status: 'failed', message: 'Your card number is incorrect.' };
  next.paymentMethod = paymentMethod as TestPaymentMethod;
  if (method.outcome === 'declined') {
    return { ...next, status: 'failed', message: 'Your card was declined.' };
  }
  if (method.outcome === 'authenticate' && authenticated === undefined) {
    return { ...next, status: 'requires_action' };
  }
  if (method.outcome === 'authenticate' && !authenticated) {
    return { ...next, status: 'failed', message: AUTH_FAILED };
  }
  return { ...next, status: 'succeeded' };
}

export function createTestModeProvider(db: Database): TestModeProvider {
  async function load<T>(objectId: string, kind: 'setup' | 'payment' | 'paypal') {
    const [row] = await db
      .select()
      .from(testPaymentObjects)
      .where(and(eq(testPaymentObjects.id, objectId), eq(testPaymentObjects.kind, kind)))
      .limit(1);
    return row ? (row.data as T) : undefined;
  }
  async function save(objectId: string, data: IntentObject | TestPayPalOrder) {
    await db.update(testPaymentObjects).set({ data }).where(eq(testPaymentObjects.id, objectId));
  }

  /** As Stripe and PayPal do: a refund asked for again with the same key is the same refund. */
  async function testRefund(key: string, of: string, amountPence: number): Promise<RefundResult> {
    const refundId = id('re');
    await db
      .insert(testPaymentObjects)
      .values({ id: refundId, kind: 'refund', idempotencyKey: key, data: { of, amountPence } })
      .onConflictDoNothing({ target: testPaymentObjects.idempotencyKey });
    const [first] = await db
      .select({ id: testPaymentObjects.id })
      .from(testPaymentObjects)
      .where(eq(testPaymentObjects.idempotencyKey, key));
    return { status: 'succeeded', refundId: first!.id };
  }

  return {
    name: 'test',
    publishableKey: null,
    clientId: null,
    async startCardSetup({ orderId }) {
      const setupId = id('seti');
      const data: IntentObject = {
        orderId,
        clientSecret: `${setupId}_secret_${randomBytes(8).toString('hex')}`,
        status: 'requires_payment_method',
      };
      await db.insert(testPaymentObjects).values({ id: setupId, kind: 'setup', data });
      return { setupId, clientSecret: data.clientSecret, providerCustomerId: 'cus_test' };
    },
    async confirmIntent({ intentId, clientSecret, paymentMethod, authenticated }) {
      const kind = intentId.startsWith('pi_') ? 'payment' : 'setup';
      const intent = await load<IntentObject>(intentId, kind);
      if (!intent || intent.clientSecret !== clientSecret) {
        return { status: 'failed', message: 'This card form has expired. Please reload the page.' };
      }
      if (intent.status === 'succeeded') return { status: intent.status };
      const next = confirmWithTestCard(intent, paymentMethod, authenticated);
      await save(intentId, next);
      return { status: next.status, message: next.message };
    },
    async retrieveCardSetup(setupId): Promise<CardSetupResult> {
      const setup = await load<IntentObject>(setupId, 'setup');
      if (!setup) return { status: 'failed', setupId, orderId: '', message: 'No such setup.' };
      if (setup.status === 'succeeded' && setup.paymentMethod) {
        const method = TEST_PAYMENT_METHODS[setup.paymentMethod];
        return {
          status: 'succeeded',
          setupId,
          providerCustomerId: 'cus_test',
          paymentMethodId: setup.paymentMethod,
          orderId: setup.orderId,
          cardBrand: method.brand,
          cardLast4: method.last4,
          cardFingerprint: method.fingerprint,
        };
      }
      if (setup.status === 'requires_action') {
        return { status: 'requires_action', setupId, orderId: setup.orderId };
      }
      return {
        status: 'failed',
        setupId,
        orderId: setup.orderId,
        message: setup.message ?? 'The card was not saved.',
      };
    },
    async startCardPayment({ orderId, amountPence, idempotencyKey }) {
      const paymentId = id('pi');
      const data: IntentObject = {
        orderId,
        amountPence,
        clientSecret: `${paymentId}_secret_${randomBytes(8).toString('hex')}`,
        status: 'requires_payment_method',
      };
      await db
        .insert(testPaymentObjects)
        .values({ id: paymentId, kind: 'payment', idempotencyKey, data })
        .onConflictDoNothing({ target: testPaymentObjects.idempotencyKey });
      // Asked again with the same key: the payment made the first time.
      const [row] = await db
        .select()
        .from(testPaymentObjects)
        .where(eq(testPaymentObjects.idempotencyKey, idempotencyKey));
      return {
        paymentId: row!.id,
        clientSecret: (row!.data as IntentObject).clientSecret,
        providerCustomerId: 'cus_test',
      };
    },
    async retrieveCardPayment(paymentId): Promise<CardPaymentResult> {
      const payment = await load<IntentObject>(paymentId, 'payment');
      if (!payment)
        return { status: 'failed', paymentId, orderId: '', message: 'No such payment.' };
      if (payment.status === 'succeeded' && payment.paymentMethod) {
        const method = TEST_PAYMENT_METHODS[payment.paymentMethod];
        return {
          status: 'succeeded',
          paymentId,
          orderId: payment.orderId,
          amountPence: payment.amountPence ?? 0,
          currency: 'GBP',
          providerCustomerId: 'cus_test',
          paymentMethodId: payment.paymentMethod,
          cardBrand: method.brand,
          cardLast4: method.last4,
        };
      }
      if (payment.status === 'requires_action') {
        return { status: 'requires_action', paymentId, orderId: payment.orderId };
      }
      return {
        status: 'failed',
        paymentId,
        orderId: payment.orderId,
        message: payment.message ?? 'The card was not charged.',
      };
    },
    async chargeOffSession({ paymentMethodId, idempotencyKey }): Promise<OffSessionChargeResult> {
      const method = TEST_PAYMENT_METHODS[paymentMethodId as TestPaymentMethod];
      const chargeId = id('pi');
      const result: OffSessionChargeResult =
        !method || method.outcome === 'declined'
          ? { status: 'declined', chargeId, message: 'Your card was declined.' }
          : method.outcome === 'authenticate'
            ? {
                status: 'authentication_required',
                chargeId,
                message: 'Your bank asks you to confirm this payment.',
              }
            : { status: 'succeeded', chargeId };
      // As Stripe does: the same key answers with the first charge's result.
      await db
        .insert(testPaymentObjects)
        .values({ id: chargeId, kind: 'charge', idempotencyKey, data: result })
        .onConflictDoNothing({ target: testPaymentObjects.idempotencyKey });
      const [first] = await db
        .select()
        .from(testPaymentObjects)
        .where(eq(testPaymentObjects.idempotencyKey, idempotencyKey));
      return first!.data as OffSessionChargeResult;
    },
    refundPayment: ({ paymentId, amountPence, idempotencyKey }) =>
      testRefund(`card:${idempotencyKey}`, paymentId, amountPence),
    refundCapture: ({ captureId, amountPence, requestId }) =>
      testRefund(`paypal:${requestId}`, captureId, amountPence),
    async createOrder({ orderId, amountPence, description, requestId, returnUrl, cancelUrl }) {
      const [known] = await db
        .select({ id: testPaymentObjects.id })
        .from(testPaymentObjects)
        .where(eq(testPaymentObjects.idempotencyKey, `paypal:${requestId}`));
      // As PayPal does with a repeated PayPal-Request-Id: the same order.
      if (known) return { paypalOrderId: known.id, approveUrl: `/payment/test-paypal/${known.id}` };
      const paypalOrderId = id('PAYPAL').toUpperCase();
      const data: TestPayPalOrder = {
        orderId,
        amountPence,
        description,
        status: 'CREATED',
        returnUrl,
        cancelUrl,
      };
      await db
        .insert(testPaymentObjects)
        .values({ id: paypalOrderId, kind: 'paypal', idempotencyKey: `paypal:${requestId}`, data })
        .onConflictDoNothing({ target: testPaymentObjects.idempotencyKey });
      // Our own TEST MODE stand-in for PayPal's approval page.
      return { paypalOrderId, approveUrl: `/payment/test-paypal/${paypalOrderId}` };
    },
    payPalOrder: (paypalOrderId) => load<TestPayPalOrder>(paypalOrderId, 'paypal'),
    async approvePayPal(paypalOrderId, approve) {
      const order = await load<TestPayPalOrder>(paypalOrderId, 'paypal');
      if (!order || order.status !== 'CREATED') return null;
      await save(paypalOrderId, { ...order, status: approve ? 'APPROVED' : 'DECLINED' });
      // As PayPal does: the order id as token, and a payer id when approved.
      const next = new URL(approve ? order.returnUrl : order.cancelUrl);
      next.searchParams.set('token', paypalOrderId);
      if (approve) next.searchParams.set('PayerID', 'TESTPAYER');
      return next.toString();
    },
    async captureOrder(paypalOrderId): Promise<PayPalCaptureResult> {
      const order = await load<TestPayPalOrder>(paypalOrderId, 'paypal');
      if (!order) return { status: 'failed', paypalOrderId, message: 'No such PayPal order.' };
      // Captured once, whichever instance asks first.
      const [captured] = await db
        .update(testPaymentObjects)
        .set({ data: { ...order, status: 'COMPLETED' } })
        .where(
          and(
            eq(testPaymentObjects.id, paypalOrderId),
            sql`${testPaymentObjects.data}->>'status' = 'APPROVED'`,
          ),
        )
        .returning({ id: testPaymentObjects.id });
      if (!captured) {
        return {
          status: 'failed',
          paypalOrderId,
          message:
            order.status === 'COMPLETED'
              ? 'Order already captured.'
              : 'The PayPal payment was not approved.',
        };
      }
      return {
        status: 'captured',
        paypalOrderId,
        captureId: id('CAPTURE'),
        amountPence: order.amountPence,
        currency: 'GBP',
        referenceId: order.orderId,
      };
    },
  };
}
