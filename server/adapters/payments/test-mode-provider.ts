import { randomBytes } from 'node:crypto';
import type {
  CardPaymentProvider,
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

type SetupObject = {
  orderId: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'failed';
  paymentMethod?: TestPaymentMethod;
  message?: string;
};
type PayPalObject = {
  orderId: string;
  amountPence: number;
  status: 'CREATED' | 'APPROVED' | 'DECLINED' | 'COMPLETED';
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export type TestModeProvider = CardPaymentProvider &
  PayPalProvider & {
    readonly name: 'test';
    /** What Stripe.js confirmCardSetup does in the browser, for the TEST MODE form. */
    confirmSetup(input: {
      setupId: string;
      clientSecret: string;
      paymentMethod: string;
      /** The test 3-D Secure step's answer. */
      authenticated?: boolean;
    }): { status: SetupObject['status']; message?: string };
    /** What the buyer does on PayPal's approval page. */
    approvePayPal(paypalOrderId: string, approve: boolean): boolean;
  };

export function createTestModeProvider(): TestModeProvider {
  const setups = new Map<string, SetupObject>();
  const paypalOrders = new Map<string, PayPalObject>();
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
    confirmSetup({ setupId, clientSecret, paymentMethod, authenticated }) {
      const setup = setups.get(setupId);
      if (!setup || setup.clientSecret !== clientSecret) {
        return { status: 'failed', message: 'No such setup.' };
      }
      const method = TEST_PAYMENT_METHODS[paymentMethod as TestPaymentMethod];
      if (!method) {
        setup.status = 'failed';
        setup.message = 'Your card number is incorrect.';
      } else if (method.outcome === 'declined') {
        setup.status = 'failed';
        setup.message = 'Your card was declined.';
      } else if (method.outcome === 'authenticate' && authenticated === undefined) {
        setup.status = 'requires_action';
      } else if (method.outcome === 'authenticate' && !authenticated) {
        setup.status = 'failed';
        setup.message =
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
      } else {
        setup.status = 'succeeded';
        setup.message = undefined;
      }
      setup.paymentMethod = paymentMethod as TestPaymentMethod;
      return { status: setup.status, message: setup.message };
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
    async createVerificationOrder({ orderId, amountPence }) {
      const paypalOrderId = id('PAYPAL').toUpperCase();
      paypalOrders.set(paypalOrderId, { orderId, amountPence, status: 'CREATED' });
      return { paypalOrderId };
    },
    approvePayPal(paypalOrderId, approve) {
      const order = paypalOrders.get(paypalOrderId);
      if (!order || order.status !== 'CREATED') return false;
      order.status = approve ? 'APPROVED' : 'DECLINED';
      return true;
    },
    async captureVerificationOrder(paypalOrderId): Promise<PayPalCaptureResult> {
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
