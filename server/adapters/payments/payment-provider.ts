import { AppError } from '../../errors';

/**
 * Payment is taken after cleaning (spec 1). At booking the customer either saves a card for
 * £0.00 (Stripe SetupIntent) or makes a £0.35 PayPal verification; later the shop charges the
 * amount due off-session. Each provider is a narrow, stateless adapter: our own tables hold
 * the state, the provider is asked to confirm every id the browser sends.
 *
 * Implementations: Stripe (official SDK), PayPal (Orders v2 over HTTP), and the embedded
 * test-mode provider that runs with no keys (labelled TEST MODE on the page).
 */

export type CardSetupStart = {
  /** Given to the browser (Stripe.js confirmCardSetup, or the test-mode card form). */
  clientSecret: string;
  /** The provider's id of the setup (Stripe SetupIntent id). */
  setupId: string;
  /** The provider's customer the card will belong to. */
  providerCustomerId: string;
};

export type CardSetupResult =
  | {
      status: 'succeeded';
      setupId: string;
      providerCustomerId: string;
      paymentMethodId: string;
      /** Our order id, as recorded on the provider's object when it was created. */
      orderId: string;
      cardBrand?: string;
      cardLast4?: string;
      /** The same card number has the same fingerprint, whoever saves it (Stripe's). */
      cardFingerprint?: string;
    }
  | { status: 'requires_action' | 'processing'; setupId: string; orderId: string }
  | { status: 'failed'; setupId: string; orderId: string; message: string };

export type CardPaymentStart = {
  /** Given to the browser (Stripe.js confirmCardPayment, or the test-mode card form). */
  clientSecret: string;
  /** The provider's id of the payment (Stripe PaymentIntent id). */
  paymentId: string;
  providerCustomerId: string;
};

export type CardPaymentResult =
  | {
      status: 'succeeded';
      paymentId: string;
      /** Our order id, as recorded on the provider's object when it was created. */
      orderId: string;
      amountPence: number;
      /** Upper case ISO code, e.g. GBP. */
      currency: string;
      providerCustomerId: string;
      paymentMethodId: string;
      cardBrand?: string;
      cardLast4?: string;
    }
  | { status: 'requires_action' | 'processing'; paymentId: string; orderId: string }
  | { status: 'failed'; paymentId: string; orderId: string; message: string };

export type OffSessionChargeResult =
  | { status: 'succeeded'; chargeId: string }
  /** Strong customer authentication needed: e-mail the customer the payment link. */
  | { status: 'authentication_required'; chargeId: string; message: string }
  | { status: 'declined'; chargeId?: string; message: string };

/** A refund as the provider reports it; 'pending' is on its way (PayPal, some banks). */
export type RefundResult =
  { status: 'succeeded' | 'pending'; refundId: string } | { status: 'failed'; message: string };

export interface CardPaymentProvider {
  readonly name: 'stripe' | 'test';
  /** Publishable key for the browser, or null in test mode. */
  readonly publishableKey: string | null;
  startCardSetup(input: {
    orderId: string;
    customerEmail: string;
    customerName: string;
    /** Reuse the customer's provider customer when they saved a card before. */
    providerCustomerId?: string;
  }): Promise<CardSetupStart>;
  /** Reads the setup back from the provider: the only source of truth for its outcome. */
  retrieveCardSetup(setupId: string): Promise<CardSetupResult>;
  /**
   * A payment of an invoice with the customer present (the e-mailed Pay Now link): the
   * browser confirms it, with the bank's authentication when asked; the card is kept for
   * later off-session use.
   */
  startCardPayment(input: {
    orderId: string;
    /** Shown on the customer's statement and in the provider's dashboard. */
    description: string;
    amountPence: number;
    customerEmail: string;
    customerName: string;
    providerCustomerId?: string;
    /** The same order, amount and payments so far is the same payment, however often asked. */
    idempotencyKey: string;
  }): Promise<CardPaymentStart>;
  /** Reads the payment back from the provider: the only source of truth for its outcome. */
  retrieveCardPayment(paymentId: string): Promise<CardPaymentResult>;
  chargeOffSession(input: {
    orderId: string;
    providerCustomerId: string;
    paymentMethodId: string;
    amountPence: number;
    /** One charge per order and amount, even when retried. */
    idempotencyKey: string;
  }): Promise<OffSessionChargeResult>;
  /** Gives back part or all of a card payment (a PaymentIntent) to the card it came from. */
  refundPayment(input: {
    paymentId: string;
    amountPence: number;
    /** The same refund, however often asked. */
    idempotencyKey: string;
  }): Promise<RefundResult>;
}

export type PayPalOrderStart = {
  paypalOrderId: string;
  /** Where the buyer approves the payment; PayPal then sends them to returnUrl or cancelUrl. */
  approveUrl: string;
};

export type PayPalCaptureResult =
  | {
      status: 'captured';
      paypalOrderId: string;
      captureId: string;
      amountPence: number;
      currency: string;
      /** The reference_id we set: our order id. */
      referenceId: string;
    }
  | { status: 'failed'; paypalOrderId: string; message: string };

export interface PayPalProvider {
  readonly name: 'paypal' | 'test';
  /** Client id for the PayPal JS SDK, or null in test mode. */
  readonly clientId: string | null;
  /**
   * A GBP order with our order id as reference: the 0.35 verification at booking
   * (description 'Skip basket', spec 7), or the amount due of an invoice after cleaning.
   */
  createOrder(input: {
    orderId: string;
    amountPence: number;
    description: string;
    /** The same request id gives the same PayPal order (PayPal-Request-Id). */
    requestId: string;
    /** PayPal appends ?token={paypal order id}&PayerID=… to these. */
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PayPalOrderStart>;
  /** Captures on the server and reports what PayPal says was captured. */
  captureOrder(paypalOrderId: string): Promise<PayPalCaptureResult>;
  /** Gives back part or all of a capture to the buyer's PayPal account. */
  refundCapture(input: {
    captureId: string;
    amountPence: number;
    /** The same refund, however often asked (PayPal-Request-Id). */
    requestId: string;
  }): Promise<RefundResult>;
}

/** A provider could not be reached or answered nonsense: a 502 for the browser, retry later. */
export class PaymentProviderError extends AppError {
  constructor(message = 'The payment service is not answering. Please try again in a moment.') {
    super('payment-provider-unavailable', message);
  }
}
