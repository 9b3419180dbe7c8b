import Stripe from 'stripe';
import { ConflictError, ValidationError } from '../../errors';
import { PaymentProviderError } from './payment-provider';
import { stripeClient } from './stripe-provider';

/**
 * A card taken at the counter on a smart reader (issue 32, decision 053): Stripe Terminal's
 * server-driven integration. The server creates a card_present PaymentIntent (manual capture,
 * as Stripe's server-driven guide does), hands it to the reader, and learns the outcome from
 * the `terminal.reader.action_*` webhook or by reading the reader back; a succeeded
 * authorisation is captured here, and only a captured payment counts. TEST MODE has a
 * simulated reader behind the same interface (test-mode-reader.ts).
 */

export type ReaderPaymentState =
  | { status: 'waiting' }
  | { status: 'succeeded'; amountPence: number; cardBrand?: string; cardLast4?: string }
  | { status: 'failed' | 'canceled'; message: string };

/** What the simulated tap presents: Stripe's test cards (4242… approved, …0002 declined). */
export type TestCardOutcome = 'approved' | 'declined';
export const TEST_READER_CARDS: Record<TestCardOutcome, string> = {
  approved: '4242424242424242',
  declined: '4000000000000002',
};

export interface CardReaderProvider {
  readonly name: 'stripe' | 'test';
  /** A test card can be presented on the reader (TEST MODE, or a Stripe test key). */
  readonly simulated: boolean;
  /** Whether the provider knows the reader (an unknown id is the owner's typing mistake). */
  readerExists(readerId: string): Promise<boolean>;
  /** Creates the PaymentIntent and sends it to the reader, which asks for the card. */
  startReaderPayment(input: {
    readerId: string;
    orderId: string;
    amountPence: number;
    description: string;
    /** The same ticket, amount and attempt is the same PaymentIntent, however often asked. */
    idempotencyKey: string;
  }): Promise<{ paymentId: string }>;
  /** Reads the payment back (capturing an authorised one): the only source of its outcome. */
  readerPaymentState(input: { readerId: string; paymentId: string }): Promise<ReaderPaymentState>;
  /** The screen's Cancel: the reader stops asking for the card. */
  cancelReaderAction(readerId: string): Promise<void>;
  /** The simulated tap (Stripe's test helpers with a test key). */
  presentTestCard(input: { readerId: string; outcome: TestCardOutcome }): Promise<void>;
  /**
   * Registers a smart reader by the pairing code on its screen at the branch's Terminal
   * location (made from the branch's address the first time); answers the reader's id.
   */
  registerReader(input: {
    registrationCode: string;
    label: string;
    place: ReaderPlace;
  }): Promise<{ readerId: string }>;
}

/** A branch as Stripe Terminal's location of its readers. */
export type ReaderPlace = {
  branchId: number;
  name: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
};

/** Stripe's pairing codes of its simulated readers (test mode), as TEST MODE takes them too. */
export const SIMULATED_REGISTRATION_CODES = ['simulated-wpe', 'simulated-s700', 'simulated-s710'];

export const pairingCodeRefused = () =>
  new ValidationError(
    'That pairing code was not accepted. Check the code on the reader’s screen: it changes when the reader restarts.',
    {
      registration_code: [
        'That pairing code was not accepted. Check the code on the reader’s screen: it changes when the reader restarts.',
      ],
    },
  );

export const readerBusy = () =>
  new ConflictError(
    'The card reader is busy with another payment: cancel it there or wait a moment.',
    'reader-busy',
  );
export const readerIdle = () =>
  new ConflictError('The card reader is not waiting for a card.', 'reader-idle');

export function createStripeCardReader(options: {
  secretKey: string;
  apiBase?: string;
}): CardReaderProvider {
  const stripe = stripeClient(options);
  const failed = (error: unknown): never => {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      if (error.code === 'terminal_reader_busy') throw readerBusy();
      throw new ConflictError(`The card reader refused the payment (${error.message}).`);
    }
    throw new PaymentProviderError(
      'The card reader service is not answering. Please take cash or try again in a moment.',
    );
  };
  return {
    name: 'stripe',
    simulated: options.secretKey.startsWith('sk_test_'),
    async readerExists(readerId) {
      try {
        const reader = await stripe.terminal.readers.retrieve(readerId);
        return !('deleted' in reader && reader.deleted);
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'resource_missing'
        ) {
          return false;
        }
        return failed(error);
      }
    },
    async startReaderPayment(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: 'gbp',
            allowed_payment_method_types: ['card_present'],
            capture_method: 'manual',
            description: input.description,
            metadata: { order_id: input.orderId, counter: 'true' },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        await stripe.terminal.readers.processPaymentIntent(input.readerId, {
          payment_intent: intent.id,
        });
        return { paymentId: intent.id };
      } catch (error) {
        return failed(error);
      }
    },
    async readerPaymentState({ readerId, paymentId }) {
      try {
        let intent = await stripe.paymentIntents.retrieve(paymentId, {
          expand: ['latest_charge'],
        });
        if (intent.status === 'requires_capture') {
          intent = await stripe.paymentIntents.capture(
            paymentId,
            { expand: ['latest_charge'] },
            { idempotencyKey: `capture:${paymentId}` },
          );
        }
        if (intent.status === 'succeeded') {
          const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
          const card = charge?.payment_method_details?.card_present;
          return {
            status: 'succeeded',
            amountPence: intent.amount_received || intent.amount,
            cardBrand: card?.brand ?? undefined,
            cardLast4: card?.last4 ?? undefined,
          };
        }
        if (intent.status === 'canceled') {
          return { status: 'canceled', message: 'The card payment was cancelled.' };
        }
        if (intent.last_payment_error) {
          return {
            status: 'failed',
            message: intent.last_payment_error.message ?? 'The card was declined.',
          };
        }
        const reader = await stripe.terminal.readers.retrieve(readerId);
        const action = 'action' in reader ? reader.action : null;
        const ours =
          action?.type === 'process_payment_intent' &&
          action.process_payment_intent?.payment_intent === paymentId;
        if (ours && action.status === 'failed') {
          return { status: 'failed', message: action.failure_message ?? 'The card was declined.' };
        }
        return { status: 'waiting' };
      } catch (error) {
        return failed(error);
      }
    },
    async cancelReaderAction(readerId) {
      try {
        await stripe.terminal.readers.cancelAction(readerId);
      } catch (error) {
        // Nothing to cancel (the card went through or failed first): the state says which.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        failed(error);
      }
    },
    async presentTestCard({ readerId, outcome }) {
      try {
        await stripe.testHelpers.terminal.readers.presentPaymentMethod(readerId, {
          type: 'card_present',
          card_present: { number: TEST_READER_CARDS[outcome] },
        });
      } catch (error) {
        failed(error);
      }
    },
    async registerReader({ registrationCode, label, place }) {
      const branch = String(place.branchId);
      let location: Stripe.Terminal.Location | undefined;
      try {
        // The branch's location, found by the id it carries; made the first time.
        const known = await stripe.terminal.locations.list({ limit: 100 });
        location = known.data.find((l) => l.metadata?.branch_id === branch);
        location ??= await stripe.terminal.locations.create(
          {
            display_name: place.name,
            address: {
              line1: place.line1,
              ...(place.line2 ? { line2: place.line2 } : {}),
              city: place.town,
              postal_code: place.postcode,
              country: 'GB',
            },
            metadata: { branch_id: branch },
          },
          { idempotencyKey: `terminal-location:${branch}` },
        );
      } catch (error) {
        return failed(error);
      }
      try {
        const reader = await stripe.terminal.readers.create({
          registration_code: registrationCode,
          label,
          location: location.id,
        });
        return { readerId: reader.id };
      } catch (error) {
        // A code mistyped, expired or already used: the owner's to check on the reader.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw pairingCodeRefused();
        return failed(error);
      }
    },
  };
}
