import { randomBytes } from 'node:crypto';
import type {
  CardPaymentProvider,
  CardPaymentResult,
  CardSetupResult,
  OffSessionChargeResult,
  PayPalCaptureResult,
  PayPalProvider,
} from './payment-provider';

/**
 * The embedded default for running without keys: a stand-in for Stripe and PayPal with the
 * same flows and outcomes. The browser's TEST MODE card form turns Stripe's documented test
 * card numbers into Stripe's test payment-method ids (pm_card_visa …), so no card number
 * reaches the server; the provider's objects live in this process (test mode is for one
 * instance: a demo, a developer, the browser tests). Labelled TEST MODE on the page.
 */

/** Stripe's documented test payment methods and what they do. */
export const TEST_PAYMENT_METHODS = {
  pm_card_visa: { outcome: 'succeeded', brand: 'visa', last4: '4242' },
  pm_card_chargeDeclined: { outcome: 'declined', brand: 'visa', last4: '0002' },
  pm_card_authenticationRequired: { outcome: 'authenticate', brand: 'visa', last4: '3155' },
} as const;
export type TestPaymentMethod = keyof typeof TEST_PAYMENT_METHODS;

/** A SetupIntent or a PaymentIntent: confirmed in the browser with a test card. */
type IntentObject = {
  orderId: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'failed';
  paymentMethod?: TestPaymentMethod;
  message?: string;
};
type PaymentObject = IntentObject & { amountPence: number };
export type TestPayPalOrder = {
  orderId: string;
  amountPence: number;
  description: string;
  status: 'CREATED' | 'APPROVED' | 'DECLINED' | 'COMPLETED';
  returnUrl: string;
  cancelUrl: string;
};

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
    }): { status: IntentObject['status']; message?: string };
    /** The TEST MODE PayPal approval page shows this order. */
    payPalOrder(paypalOrderId: string): TestPayPalOrder | undefined;
    /** What the buyer does on PayPal's approval page: where PayPal then sends them, or null. */
    approvePayPal(paypalOrderId: string, approve: boolean): string | null;
  };

export function createTestModeProvider(): TestModeProvider {
  const setups = new Map<string, IntentObject>();
  const cardPayments = new Map<string, PaymentObject>();
  const paymentsByKey = new Map<string, string>();
  const paypalOrders = new Map<string, TestPayPalOrder>();
  return {
    name: 'test',
    publishableKey: null,
    clientId: null,
    async startCardSetup({ orderId }) {
      const setupId = id('seti');
      const clientSecret = `${setupId}_secret_${randomBytes(8).toString('hex')}`;
      setups.set(setupId, { orderId, clientSecret, status: 'requires_payment_method' });
      return { setupId, clientSecret, providerCustomerId: id('cus') };
    },
    confirmIntent({ intentId, clientSecret, paymentMethod, authenticated }) {
      const intent = setups.get(intentId) ?? cardPayments.get(intentId);
      if (!intent || intent.clientSecret !== clientSecret) {
        return { status: 'failed', message: 'No such setup.' };
      }
      if (intent.status === 'succeeded') return { status: intent.status };
      const method = TEST_PAYMENT_METHODS[paymentMethod as TestPaymentMethod];
      if (!method) {
        intent.status = 'failed';
        intent.message = 'Your card number is incorrect.';
      } else if (method.outcome === 'declined') {
        intent.status = 'failed';
        intent.message = 'Your card was declined.';
      } else if (method.outcome === 'authenticate' && authenticated === undefined) {
        intent.status = 'requires_action';
      } else if (method.outcome === 'authenticate' && !authenticated) {
        intent.status = 'failed';
        intent.message =
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
      } else {
        intent.status = 'succeeded';
        intent.message = undefined;
      }
      intent.paymentMethod = paymentMethod as TestPaymentMethod;
      return { status: intent.status, message: intent.message };
    },
    async retrieveCardSetup(setupId): Promise<CardSetupResult> {
      const setup = setups.get(setupId);
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
      const known = paymentsByKey.get(idempotencyKey);
      const paymentId = known ?? id('pi');
      if (!known) {
        paymentsByKey.set(idempotencyKey, paymentId);
        cardPayments.set(paymentId, {
          orderId,
          amountPence,
          clientSecret: `${paymentId}_secret_${randomBytes(8).toString('hex')}`,
          status: 'requires_payment_method',
        });
      }
      return {
        paymentId,
        clientSecret: cardPayments.get(paymentId)!.clientSecret,
        providerCustomerId: 'cus_test',
      };
    },
    async retrieveCardPayment(paymentId): Promise<CardPaymentResult> {
      const payment = cardPayments.get(paymentId);
      if (!payment)
        return { status: 'failed', paymentId, orderId: '', message: 'No such payment.' };
      if (payment.status === 'succeeded' && payment.paymentMethod) {
        const method = TEST_PAYMENT_METHODS[payment.paymentMethod];
        return {
          status: 'succeeded',
          paymentId,
          orderId: payment.orderId,
          amountPence: payment.amountPence,
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
    async chargeOffSession({ paymentMethodId }): Promise<OffSessionChargeResult> {
      const method = TEST_PAYMENT_METHODS[paymentMethodId as TestPaymentMethod];
      if (!method || method.outcome === 'declined') {
        return { status: 'declined', message: 'Your card was declined.' };
      }
      if (method.outcome === 'authenticate') {
        return {
          status: 'authentication_required',
          chargeId: id('pi'),
          message: 'Your bank asks you to confirm this payment.',
        };
      }
      return { status: 'succeeded', chargeId: id('pi') };
    },
    async createOrder({ orderId, amountPence, description, returnUrl, cancelUrl }) {
      const paypalOrderId = id('PAYPAL').toUpperCase();
      paypalOrders.set(paypalOrderId, {
        orderId,
        amountPence,
        description,
        status: 'CREATED',
        returnUrl,
        cancelUrl,
      });
      // Our own TEST MODE stand-in for PayPal's approval page.
      return { paypalOrderId, approveUrl: `/payment/test-paypal/${paypalOrderId}` };
    },
    payPalOrder(paypalOrderId) {
      return paypalOrders.get(paypalOrderId);
    },
    approvePayPal(paypalOrderId, approve) {
      const order = paypalOrders.get(paypalOrderId);
      if (!order || order.status !== 'CREATED') return null;
      order.status = approve ? 'APPROVED' : 'DECLINED';
      // As PayPal does: the order id as token, and a payer id when approved.
      const next = new URL(approve ? order.returnUrl : order.cancelUrl);
      next.searchParams.set('token', paypalOrderId);
      if (approve) next.searchParams.set('PayerID', 'TESTPAYER');
      return next.toString();
    },
    async captureOrder(paypalOrderId): Promise<PayPalCaptureResult> {
      const order = paypalOrders.get(paypalOrderId);
      if (!order) return { status: 'failed', paypalOrderId, message: 'No such PayPal order.' };
      if (order.status === 'DECLINED' || order.status === 'CREATED') {
        return {
          status: 'failed',
          paypalOrderId,
          message: 'The PayPal payment was not approved.',
        };
      }
      order.status = 'COMPLETED';
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
