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

  /** Terminal locations, as readers are registered at one (the shop's branches). */
  const locations = new Map<string, { id: string; displayName: string; form: URLSearchParams }>();
  const locationJson = (l: { id: string; displayName: string; form: URLSearchParams }) => ({
    id: l.id,
    object: 'terminal.location',
    display_name: l.displayName,
    address: {
      line1: l.form.get('address[line1]'),
      line2: l.form.get('address[line2]'),
      city: l.form.get('address[city]'),
      postal_code: l.form.get('address[postal_code]'),
      country: l.form.get('address[country]'),
    },
    metadata: Object.fromEntries(
      [...l.form.entries()]
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    ),
  });

  /**
   * Registering: locations listed and created (display name, address with a country), and a
   * reader registered at one by the pairing code on its screen. As in Stripe's test mode,
   * `simulated-wpe` registers a simulated WisePOS E; any other code is refused.
   */
  function register(method: string, path: string, form: URLSearchParams): Answer | null {
    if (path === '/v1/terminal/locations' && method === 'GET') {
      const data = [...locations.values()].map(locationJson);
      return {
        status: 200,
        body: { object: 'list', data, has_more: false, url: '/v1/terminal/locations' },
      };
    }
    if (path === '/v1/terminal/locations' && method === 'POST') {
      const displayName = form.get('display_name');
      if (!displayName || !form.get('address[country]')) {
        return invalid('parameter_missing', 'Missing required param: display_name or address.');
      }
      const location = { id: `tml_standin_${locations.size + 1}`, displayName, form };
      locations.set(location.id, location);
      return { status: 200, body: locationJson(location) };
    }
    if (path === '/v1/terminal/readers' && method === 'POST') {
      if (!locations.has(form.get('location') ?? '')) return missing('terminal.location');
      if (form.get('registration_code') !== 'simulated-wpe') {
        return invalid('resource_missing', 'The registration code is invalid or has expired.');
      }
      const reader: Reader = { id: `tmr_standin_registered_${readers.size + 1}`, action: null };
      readers.set(reader.id, reader);
      return {
        status: 200,
        body: { ...readerJson(reader), label: form.get('label'), location: form.get('location') },
      };
    }
    return null;
  }

  /** The Terminal part of the API, or null when the path is not Terminal's. */
  function handle(method: string, path: string, form: URLSearchParams): Answer | null {
    const registering = register(method, path, form);
    if (registering) return registering;
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
    locations,
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
