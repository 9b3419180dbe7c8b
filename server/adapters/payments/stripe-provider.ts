import Stripe from 'stripe';
import { ConflictError } from '../../errors';
import {
  PaymentProviderError,
  type CardPaymentProvider,
  type CardPaymentResult,
  type CardSetupResult,
  type OffSessionChargeResult,
  type RefundResult,
} from './payment-provider';

/**
 * Stripe on the official SDK: a SetupIntent saves the card for later off-session use at
 * £0.00; the charge after cleaning is an off-session PaymentIntent. Our order id travels in
 * metadata.order_id, and every outcome is read back from Stripe, never from the browser.
 * `apiBase` points the SDK at a local stand-in in tests.
 */
export function createStripeCardProvider(options: {
  secretKey: string;
  publishableKey: string;
  apiBase?: string;
}): CardPaymentProvider {
  const stripe = stripeClient(options);

  const unavailable = (error: unknown): never => {
    if (error instanceof Stripe.errors.StripeError && error.type === 'StripeCardError') throw error;
    // Stripe answered, and refused what we asked (an amount under its minimum, say): not an
    // outage, and retrying will not help.
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripeIdempotencyError
    ) {
      throw new ConflictError(
        `This payment cannot be taken online (${error.message}). Please call us to pay.`,
      );
    }
    throw new PaymentProviderError();
  };

  /** One Stripe customer per order, however often the customer retries. */
  const customerFor = async (input: {
    orderId: string;
    customerEmail: string;
    customerName: string;
    providerCustomerId?: string;
  }) =>
    input.providerCustomerId ??
    (
      await stripe.customers.create(
        {
          email: input.customerEmail,
          name: input.customerName,
          metadata: { order_id: input.orderId },
        },
        { idempotencyKey: `customer:${input.orderId}` },
      )
    ).id;

  const cardOf = (method: Stripe.PaymentMethod | string | null) => {
    const card = typeof method === 'object' && method ? method.card : undefined;
    return {
      paymentMethodId: typeof method === 'string' ? method : (method?.id ?? ''),
      cardBrand: card?.brand,
      cardLast4: card?.last4,
      cardFingerprint: card?.fingerprint ?? undefined,
    };
  };
  const customerIdOf = (customer: string | Stripe.Customer | Stripe.DeletedCustomer | null) =>
    typeof customer === 'string' ? customer : (customer?.id ?? '');

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    async startCardSetup(input) {
      const { orderId } = input;
      try {
        const customerId = await customerFor(input);
        const setup = await stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          // Issue 31: the Payment Element's methods, Apple Pay and Google Pay among them (card
          // wallets); none that leaves the page for a bank's site (decision 046).
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { order_id: orderId },
        });
        if (!setup.client_secret) throw new PaymentProviderError();
        return {
          clientSecret: setup.client_secret,
          setupId: setup.id,
          providerCustomerId: customerId,
        };
      } catch (error) {
        return unavailable(error);
      }
    },
    async retrieveCardSetup(setupId): Promise<CardSetupResult> {
      let setup: Stripe.SetupIntent;
      try {
        setup = await stripe.setupIntents.retrieve(setupId, { expand: ['payment_method'] });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: 'failed', setupId, orderId: '', message: 'No such card setup.' };
        }
        return unavailable(error);
      }
      const orderId = setup.metadata?.order_id ?? '';
      if (setup.status === 'succeeded') {
        return {
          status: 'succeeded',
          setupId,
          orderId,
          providerCustomerId: customerIdOf(setup.customer),
          ...cardOf(setup.payment_method as Stripe.PaymentMethod | string | null),
        };
      }
      // Not confirmed yet (no card tried, or the bank's step is open): nothing has failed.
      const untried = setup.status === 'requires_payment_method' && !setup.last_setup_error;
      if (setup.status === 'requires_action' || setup.status === 'processing' || untried) {
        return {
          status: setup.status === 'processing' ? 'processing' : 'requires_action',
          setupId,
          orderId,
        };
      }
      return {
        status: 'failed',
        setupId,
        orderId,
        message: setup.last_setup_error?.message ?? 'The card was not saved.',
      };
    },
    async startCardPayment(input) {
      try {
        const customerId = await customerFor(input);
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: 'gbp',
            customer: customerId,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: input.description,
            metadata: { order_id: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!intent.client_secret) throw new PaymentProviderError();
        return {
          clientSecret: intent.client_secret,
          paymentId: intent.id,
          providerCustomerId: customerId,
        };
      } catch (error) {
        return unavailable(error);
      }
    },
    async retrieveCardPayment(paymentId): Promise<CardPaymentResult> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['payment_method'] });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: 'failed', paymentId, orderId: '', message: 'No such payment.' };
        }
        return unavailable(error);
      }
      const orderId = intent.metadata?.order_id ?? '';
      if (intent.status === 'succeeded') {
        return {
          status: 'succeeded',
          paymentId,
          orderId,
          amountPence: intent.amount_received || intent.amount,
          currency: intent.currency.toUpperCase(),
          providerCustomerId: customerIdOf(intent.customer),
          ...cardOf(intent.payment_method as Stripe.PaymentMethod | string | null),
        };
      }
      if (intent.status === 'processing') return { status: 'processing', paymentId, orderId };
      const untried = intent.status === 'requires_payment_method' && !intent.last_payment_error;
      if (
        intent.status === 'requires_action' ||
        intent.status === 'requires_confirmation' ||
        untried
      ) {
        return { status: 'requires_action', paymentId, orderId };
      }
      return {
        status: 'failed',
        paymentId,
        orderId,
        message:
          intent.last_payment_error?.message ??
          (intent.status === 'canceled'
            ? 'The payment was cancelled.'
            : 'The card was not charged.'),
      };
    },
    async chargeOffSession(input): Promise<OffSessionChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: 'gbp',
            customer: input.providerCustomerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            metadata: { order_id: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', chargeId: intent.id };
        return {
          status: 'authentication_required',
          chargeId: intent.id,
          message: 'Your bank asks you to confirm this payment.',
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const intentId = (error.raw as { payment_intent?: { id?: string } })?.payment_intent?.id;
          if (error.code === 'authentication_required') {
            return {
              status: 'authentication_required',
              chargeId: intentId ?? '',
              message: error.message,
            };
          }
          return { status: 'declined', chargeId: intentId, message: error.message };
        }
        return unavailable(error);
      }
    },
    async refundPayment(input): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.paymentId, amount: input.amountPence },
          { idempotencyKey: input.idempotencyKey },
        );
        if (refund.status === 'succeeded') return { status: 'succeeded', refundId: refund.id };
        if (refund.status === 'pending' || refund.status === 'requires_action') {
          return { status: 'pending', refundId: refund.id };
        }
        return { status: 'failed', message: refund.failure_reason ?? 'The refund failed.' };
      } catch (error) {
        // A key reused with other parameters is a refusal of this request (nothing was made by
        // it), not a lost answer to ask again with the same key.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeIdempotencyError
        ) {
          return { status: 'failed', message: error.message };
        }
        return unavailable(error);
      }
    },
  };
}

/** The SDK's client, pointed at `apiBase` (a local stand-in in tests) when given. */
export function stripeClient(options: { secretKey: string; apiBase?: string }): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  return new Stripe(options.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
  });
}

/** Verifies a webhook's signature with the SDK; throws on a bad or stale signature. */
export function verifyStripeWebhook(
  rawBody: Buffer,
  signature: string,
  secret: string,
): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}
