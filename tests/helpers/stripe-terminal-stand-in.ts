import Stripe from 'stripe';

/*
 * Stripe Terminal's server-driven endpoints for the Stripe stand-in (decision 053), as the
 * official SDK calls them: readers retrieve, process_payment_intent, cancel_action, the test
 * helper present_payment_method (Stripe's test card numbers: …0002 declines), and PaymentIntent
 * capture. A reader's action moves in_progress → succeeded or failed; an authorised
 * card_present PaymentIntent waits in requires_capture until captured. `readerEvent` builds the
 * `terminal.reader.action_*` webhook Stripe sends, signed by the SDK's test helper.
 */

export type TerminalIntent = {
  id: string;
  status: string;
  amount?: number;
  captureMethod?: string | null;
  paymentMethodTypes?: string[];
  lastError?: { code: string; message: string } | null;
  cardPresent?: { brand: string; last4: string };
};

type Action = {
  paymentIntent: string;
  status: 'in_progress' | 'succeeded' | 'failed';
  failureCode?: string;
  failureMessage?: string;
};
type Reader = { id: string; action: Action | null };
type Answer = { status: number; body: unknown };

const DECLINING = new Set(['4000000000000002', '4000000000009995']);

export function createTerminalStandIn<I extends TerminalIntent>(
  intents: Map<string, I>,
  /** The stand-in's JSON of a PaymentIntent, expanded. */
  intentJson: (intent: I) => unknown,
) {
  const readers = new Map<string, Reader>();
  const missing = (what: string): Answer => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}`,
      },
    },
  });
  const invalid = (code: string, message: string): Answer => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', code, message } },
  });
  const readerJson = (reader: Reader) => ({
    id: reader.id,
    object: 'terminal.reader',
    device_type: 'simulated_wisepos_e',
    status: 'online',
    action: reader.action
      ? {
          type: 'process_payment_intent',
          status: reader.action.status,
          failure_code: reader.action.failureCode ?? null,
          failure_message: reader.action.failureMessage ?? null,
          process_payment_intent: { payment_intent: reader.action.paymentIntent },
        }
      : null,
  });

  /** The Terminal part of the API, or null when the path is not Terminal's. */
  function handle(method: string, path: string, form: URLSearchParams): Answer | null {
    const readerPath = /^\/v1\/(test_helpers\/)?terminal\/readers\/(\w+)(?:\/(\w+))?$/.exec(path);
    const capture = /^\/v1\/payment_intents\/(\w+)\/capture$/.exec(path);
    if (capture && method === 'POST') {
      const intent = intents.get(capture[1]!);
      if (!intent) return missing('payment_intent');
      if (intent.status !== 'requires_capture') {
        return invalid(
          'payment_intent_unexpected_state',
          `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
        );
      }
      intent.status = 'succeeded';
      return { status: 200, body: intentJson(intent) };
    }
    if (!readerPath) return null;
    const [, helper, id, verb] = readerPath;
    const reader = readers.get(id!);
    if (!reader) return missing(`terminal.reader: '${id}'`);
    if (method === 'GET' && !verb) return { status: 200, body: readerJson(reader) };
    if (method !== 'POST') return null;
    if (verb === 'process_payment_intent') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return missing('payment_intent');
      if (reader.action?.status === 'in_progress') {
        return invalid(
          'terminal_reader_busy',
          'Reader is currently busy processing another request.',
        );
      }
      reader.action = { paymentIntent: intent.id, status: 'in_progress' };
      return { status: 200, body: readerJson(reader) };
    }
    if (verb === 'cancel_action') {
      if (reader.action?.status !== 'in_progress') {
        return invalid('terminal_reader_no_action', 'Reader has no in-progress action to cancel.');
      }
      reader.action = null;
      return { status: 200, body: readerJson(reader) };
    }
    if (helper && verb === 'present_payment_method') {
      const action = reader.action;
      if (action?.status !== 'in_progress') {
        return invalid('terminal_reader_no_action', 'Reader is not waiting for a payment method.');
      }
      const intent = intents.get(action.paymentIntent)!;
      const number = form.get('card_present[number]') ?? '4242424242424242';
      if (DECLINING.has(number)) {
        action.status = 'failed';
        action.failureCode = 'card_declined';
        action.failureMessage = 'Your card was declined.';
        intent.status = 'requires_payment_method';
        intent.lastError = { code: 'card_declined', message: 'Your card was declined.' };
      } else {
        action.status = 'succeeded';
        intent.cardPresent = { brand: 'visa', last4: number.slice(-4) };
        intent.status = intent.captureMethod === 'manual' ? 'requires_capture' : 'succeeded';
        intent.lastError = null;
      }
      return { status: 200, body: readerJson(reader) };
    }
    return null;
  }

  return {
    readers,
    handle,
    /** A reader registered in the stand-in's Terminal location (a simulated WisePOS E). */
    addReader(id: string) {
      readers.set(id, { id, action: null });
    },
    /** The PaymentIntent fields a card_present payment adds to the stand-in's JSON. */
    intentFields(intent: TerminalIntent) {
      return {
        capture_method: intent.captureMethod ?? 'automatic',
        payment_method_types: intent.paymentMethodTypes ?? ['card'],
        amount_capturable: intent.status === 'requires_capture' ? intent.amount : 0,
        latest_charge: intent.cardPresent
          ? {
              id: `ch_for_${intent.id}`,
              object: 'charge',
              payment_method_details: { type: 'card_present', card_present: intent.cardPresent },
            }
          : null,
      };
    },
    /** Stripe's webhook for the reader's last action, signed as Stripe signs it. */
    readerEvent(readerId: string, eventId: string, secret: string) {
      const reader = readers.get(readerId)!;
      const type =
        reader.action?.status === 'failed'
          ? 'terminal.reader.action_failed'
          : 'terminal.reader.action_succeeded';
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        data: { object: readerJson(reader) },
      });
      return {
        payload,
        signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      };
    },
  };
}
