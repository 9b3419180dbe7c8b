import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body';
import { createTerminalStandIn } from './stripe-terminal-stand-in';

/*
 * A local stand-in for Stripe, for tests that cannot reach the internet. It answers what the
 * official `stripe` SDK calls on our server (customers, SetupIntents, PaymentIntents), and it
 * serves a small Stripe.js (`/v3/`) with a card Element in a cross-origin iframe, the
 * browser-side confirmations and a 3-D Secure challenge, so the payment page runs exactly as
 * it does against js.stripe.com. Stripe's documented test cards decide the outcomes.
 */

type CardOutcome =
  | 'succeeds'
  | 'declined'
  | 'insufficient_funds'
  | 'authenticate'
  | 'always_auth'
  | 'attach_then_decline';

/** Stripe's documented test card numbers. */
const TEST_CARDS: Record<string, { outcome: CardOutcome; brand: string }> = {
  '4242424242424242': { outcome: 'succeeds', brand: 'visa' },
  '4000000000000002': { outcome: 'declined', brand: 'visa' },
  '4000000000009995': { outcome: 'insufficient_funds', brand: 'visa' },
  // Authentication for on-session payments; later off-session charges need none.
  '4000002500003155': { outcome: 'authenticate', brand: 'visa' },
  // Authentication every time, off-session too.
  '4000002760003184': { outcome: 'always_auth', brand: 'visa' },
  // Saved without trouble; every charge of it is declined.
  '4000000000000341': { outcome: 'attach_then_decline', brand: 'visa' },
};

const AUTH_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

type PaymentMethod = { id: string; outcome: CardOutcome; brand: string; last4: string };
type Intent = {
  id: string;
  kind: 'setup' | 'payment';
  clientSecret: string;
  status: string;
  customer: string | null;
  metadata: Record<string, string>;
  amount?: number;
  currency?: string;
  paymentMethod?: string;
  lastError?: { code: string; message: string } | null;
  offSession?: boolean;
  /** card_present at the counter (decision 053): manual capture, the card tapped. */
  captureMethod?: string | null;
  paymentMethodTypes?: string[];
  cardPresent?: { brand: string; last4: string };
  /** automatic_payment_methods as asked: enabled and allow_redirects (issue 31). */
  automaticPaymentMethods?: { enabled: string | null; allowRedirects: string | null };
};

export type StripeStandIn = {
  url: string;
  /** Each call as "METHOD /path (secret|publishable)". */
  calls: string[];
  intents: Map<string, Intent>;
  /** Refunds made, in order. */
  refunds: { id: string; paymentIntent: string; amount: number }[];
  /** What Stripe.js and the card iframe do in a browser: confirm with a card number. */
  confirmAsBrowser(
    clientSecret: string,
    cardNumber: string,
    authenticate?: 'complete' | 'fail',
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Stripe Terminal (decision 053): readers, and the signed `terminal.reader.action_*` event. */
  terminal: ReturnType<typeof createTerminalStandIn<Intent>>;
  /** A card payment that already succeeded at Stripe (an order paid before the test). */
  paidIntent(id: string, amountPence: number): void;
  /** The next `calls` requests from our server get a 500, as in an outage. */
  failNext(calls: number): void;
  /**
   * The next `calls` refunds are made (and kept for their idempotency key) but answered with a
   * 500, as when the answer is lost: asking again with the key finds the refund made.
   */
  loseRefundAnswers(calls: number): void;
  /** Refunds of `paymentIntent` get a 500 without being made, the next `calls` times. */
  failRefundsOf(paymentIntent: string, calls?: number): void;
  /** Forgets every idempotency key, as Stripe does after 24 hours. */
  forgetIdempotencyKeys(): void;
  close(): Promise<void>;
};

export async function startStripeStandIn(
  options: { secretKey?: string; publishableKey?: string } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? 'sk_test_standin';
  const publishableKey = options.publishableKey ?? 'pk_test_standin';
  const intents = new Map<string, Intent>();
  const refunds: { id: string; paymentIntent: string; amount: number }[] = [];
  const methods = new Map<string, PaymentMethod>();
  const idempotent = new Map<string, { status: number; body: unknown; params: string }>();
  let outage = 0;
  let lostAnswers = 0;
  const refundOutages = new Map<string, number>();
  const calls: string[] = [];
  let seq = 0;
  let url = '';
  const next = (prefix: string) => `${prefix}_standin${++seq}`;
  const terminal = createTerminalStandIn(intents, (intent): unknown => intentJson(intent, true));

  const methodJson = (id: string | undefined) => {
    const m = id ? methods.get(id) : undefined;
    return m
      ? {
          id: m.id,
          object: 'payment_method',
          type: 'card',
          card: { brand: m.brand, last4: m.last4 },
        }
      : null;
  };
  const intentJson = (intent: Intent, expand: boolean): Record<string, unknown> => ({
    id: intent.id,
    object: intent.kind === 'setup' ? 'setup_intent' : 'payment_intent',
    client_secret: intent.clientSecret,
    status: intent.status,
    customer: intent.customer,
    metadata: intent.metadata,
    payment_method: expand ? methodJson(intent.paymentMethod) : (intent.paymentMethod ?? null),
    ...(intent.kind === 'setup'
      ? { last_setup_error: intent.lastError ?? null, usage: 'off_session' }
      : {
          amount: intent.amount,
          amount_received: intent.status === 'succeeded' ? intent.amount : 0,
          currency: intent.currency,
          last_payment_error: intent.lastError ?? null,
          ...terminal.intentFields(intent),
        }),
    next_action: intent.status === 'requires_action' ? { type: 'use_stripe_sdk' } : null,
  });
  const cardError = (intent: Intent, code: string, message: string) => ({
    error: {
      type: 'card_error',
      code,
      message,
      [intent.kind === 'setup' ? 'setup_intent' : 'payment_intent']: intentJson(intent, false),
    },
  });

  /** Applies a card to an intent, as Stripe does when the browser confirms it. */
  function confirmWithCard(intent: Intent, form: URLSearchParams) {
    const number = (form.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
    const card = TEST_CARDS[number];
    if (!card) {
      intent.lastError = { code: 'incorrect_number', message: 'Your card number is incorrect.' };
      return { status: 402, body: cardError(intent, 'incorrect_number', intent.lastError.message) };
    }
    const method: PaymentMethod = {
      id: next('pm'),
      outcome: card.outcome,
      brand: card.brand,
      last4: number.slice(-4),
    };
    methods.set(method.id, method);
    intent.paymentMethod = method.id;
    const declines =
      card.outcome === 'declined' ||
      card.outcome === 'insufficient_funds' ||
      (card.outcome === 'attach_then_decline' && intent.kind === 'payment');
    if (declines) {
      const message =
        card.outcome === 'insufficient_funds'
          ? 'Your card has insufficient funds.'
          : 'Your card was declined.';
      intent.status = 'requires_payment_method';
      intent.lastError = { code: 'card_declined', message };
      return { status: 402, body: cardError(intent, 'card_declined', message) };
    }
    if (card.outcome === 'authenticate' || card.outcome === 'always_auth') {
      intent.status = 'requires_action';
      return { status: 200, body: intentJson(intent, false) };
    }
    intent.status = 'succeeded';
    intent.lastError = null;
    return { status: 200, body: intentJson(intent, false) };
  }

  async function api(req: IncomingMessage, res: ServerResponse) {
    const address = new URL(req.url ?? '/', 'http://x');
    const path = address.pathname;
    const text = await readBody(req);
    const form = new URLSearchParams(req.method === 'GET' ? address.search : text);
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    const viaSecret = bearer === secretKey;
    const viaPublishable = form.get('key') === publishableKey;
    calls.push(
      `${req.method} ${path}${viaSecret ? ' (secret)' : viaPublishable ? ' (publishable)' : ''}`,
    );
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, {
        'Content-Type': type,
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-store',
      });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const notFound = (what: string) =>
      send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${what}`,
        },
      });

    // What browsers load: Stripe.js, the card iframe and the 3-D Secure page.
    if (req.method === 'GET' && (path === '/v3' || path === '/v3/')) {
      return send(200, stripeJs, 'text/javascript');
    }
    if (req.method === 'GET' && path === '/elements/card') {
      return send(200, cardFrameHtml, 'text/html; charset=utf-8');
    }
    if (req.method === 'GET' && path === '/3ds') return send(200, challengeHtml, 'text/html');

    // Calls from the browser, with the publishable key and the intent's client secret.
    const browserConfirm = /^\/v1\/(setup|payment)_intents\/(\w+)\/confirm$/.exec(path);
    const browserRead = /^\/v1\/(setup|payment)_intents\/(\w+)$/.exec(path);
    const challenge = /^\/v1\/3ds\/(\w+)$/.exec(path);
    if (viaPublishable && (browserConfirm || challenge || (browserRead && !viaSecret))) {
      const id = (browserConfirm?.[2] ?? challenge?.[1] ?? browserRead?.[2])!;
      const intent = intents.get(id);
      if (!intent || intent.clientSecret !== form.get('client_secret')) return notFound('intent');
      if (browserConfirm) {
        if (intent.status === 'succeeded') {
          // As Stripe does: a second confirmation is refused, with the intent attached.
          const kindName = intent.kind === 'setup' ? 'SetupIntent' : 'PaymentIntent';
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: `${intent.kind}_intent_unexpected_state`,
              message: `You cannot confirm this ${kindName} because it has already succeeded.`,
              [`${intent.kind}_intent`]: intentJson(intent, false),
            },
          });
        }
        const result = confirmWithCard(intent, form);
        return send(result.status, result.body);
      }
      if (challenge) {
        if (intent.status === 'requires_action') {
          if (form.get('result') === 'complete') {
            intent.status = 'succeeded';
            intent.lastError = null;
          } else {
            intent.status = 'requires_payment_method';
            intent.lastError = {
              code: `${intent.kind}_intent_authentication_failure`,
              message: AUTH_FAILED,
            };
          }
        }
        return send(200, intentJson(intent, false));
      }
      return send(200, intentJson(intent, false));
    }

    if (!viaSecret) {
      return send(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    // Calls from our server through the SDK, with the secret key.
    if (outage > 0) {
      outage -= 1;
      return send(500, { error: { type: 'api_error', message: 'Stand-in outage' } });
    }
    const key = req.headers['idempotency-key'];
    const replay = typeof key === 'string' ? idempotent.get(`${path}:${key}`) : undefined;
    if (req.method === 'POST' && replay) {
      // As Stripe does: a key reused with other parameters is an error, not a replay.
      if (replay.params !== text) {
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        });
      }
      return send(replay.status, replay.body);
    }
    const remember = (status: number, body: unknown) => {
      if (typeof key === 'string') idempotent.set(`${path}:${key}`, { status, body, params: text });
      send(status, body);
    };
    const metadata = (): Record<string, string> => {
      const found: Record<string, string> = {};
      for (const [name, value] of form) {
        const m = /^metadata\[(\w+)\]$/.exec(name);
        if (m) found[m[1]!] = value;
      }
      return found;
    };

    const terminalAnswer = terminal.handle(req.method ?? 'GET', path, form);
    if (terminalAnswer) return remember(terminalAnswer.status, terminalAnswer.body);
    if (req.method === 'POST' && path === '/v1/customers') {
      return remember(200, { id: next('cus'), object: 'customer', email: form.get('email') });
    }
    if (req.method === 'POST' && (path === '/v1/setup_intents' || path === '/v1/payment_intents')) {
      const kind = path === '/v1/setup_intents' ? 'setup' : 'payment';
      if (kind === 'payment' && Number(form.get('amount')) < 30) {
        return remember(400, {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_small',
            message: 'Amount must be at least £0.30 gbp',
          },
        });
      }
      const id = next(kind === 'setup' ? 'seti' : 'pi');
      const intent: Intent = {
        id,
        kind,
        clientSecret: `${id}_secret_${seq}x`,
        status: 'requires_payment_method',
        customer: form.get('customer'),
        metadata: metadata(),
        automaticPaymentMethods: {
          enabled: form.get('automatic_payment_methods[enabled]'),
          allowRedirects: form.get('automatic_payment_methods[allow_redirects]'),
        },
        ...(kind === 'payment'
          ? { amount: Number(form.get('amount')), currency: form.get('currency') ?? 'gbp' }
          : {}),
        captureMethod: form.get('capture_method'),
        paymentMethodTypes: [
          ...form.getAll('allowed_payment_method_types[0]'),
          ...form.getAll('payment_method_types[0]'),
        ],
      };
      intents.set(id, intent);
      const paymentMethod = form.get('payment_method');
      if (kind === 'payment' && form.get('confirm') === 'true' && paymentMethod) {
        // An off-session charge of a saved card.
        const method = methods.get(paymentMethod);
        intent.paymentMethod = paymentMethod;
        intent.offSession = form.get('off_session') === 'true';
        if (!method) {
          return remember(400, {
            error: {
              type: 'invalid_request_error',
              message: `No such PaymentMethod: '${paymentMethod}'`,
            },
          });
        }
        if (
          method.outcome !== 'succeeds' &&
          method.outcome !== 'authenticate' &&
          method.outcome !== 'always_auth'
        ) {
          intent.status = 'requires_payment_method';
          return remember(402, cardError(intent, 'card_declined', 'Your card was declined.'));
        }
        if (method.outcome === 'always_auth') {
          intent.status = 'requires_payment_method';
          return remember(
            402,
            cardError(intent, 'authentication_required', 'This payment requires authentication.'),
          );
        }
        intent.status = 'succeeded';
      }
      return remember(200, intentJson(intent, false));
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent || intent.kind !== 'payment' || intent.status !== 'succeeded') {
        return remember(400, {
          error: {
            type: 'invalid_request_error',
            message: `No such payment_intent: '${form.get('payment_intent')}'`,
          },
        });
      }
      const outage = refundOutages.get(intent.id) ?? 0;
      if (outage > 0) {
        refundOutages.set(intent.id, outage - 1);
        res.writeHead(500, { 'Content-Type': 'application/json', 'Stripe-Should-Retry': 'false' });
        return res.end(
          JSON.stringify({ error: { type: 'api_error', message: 'Stand-in outage' } }),
        );
      }
      const amount = Number(form.get('amount') ?? intent.amount);
      const already = refunds
        .filter((r) => r.paymentIntent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      if (amount + already > (intent.amount ?? 0)) {
        return remember(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(((intent.amount ?? 0) - already) / 100).toFixed(2)})`,
          },
        });
      }
      const refund = { id: next('re'), paymentIntent: intent.id, amount };
      refunds.push(refund);
      const made = {
        id: refund.id,
        object: 'refund',
        amount,
        currency: 'gbp',
        payment_intent: intent.id,
        status: 'succeeded',
      };
      if (lostAnswers > 0) {
        lostAnswers -= 1;
        if (typeof key === 'string') {
          idempotent.set(`${path}:${key}`, { status: 200, body: made, params: text });
        }
        // As Stripe's own 500s say: retrying at once would not help (the SDK then gives up).
        res.writeHead(500, { 'Content-Type': 'application/json', 'Stripe-Should-Retry': 'false' });
        return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Answer lost' } }));
      }
      return remember(200, made);
    }
    if (req.method === 'GET' && browserRead) {
      const intent = intents.get(browserRead[2]!);
      if (!intent || intent.kind !== browserRead[1]) return notFound(`${browserRead[1]}intent`);
      return send(200, intentJson(intent, address.search.includes('expand')));
    }
    notFound(`stand-in path ${req.method} ${path}`);
  }

  const server: Server = createServer((req, res) => void api(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    calls,
    intents,
    refunds,
    terminal,
    paidIntent(id, amountPence) {
      intents.set(id, {
        id,
        kind: 'payment',
        clientSecret: `${id}_secret`,
        status: 'succeeded',
        customer: null,
        metadata: {},
        amount: amountPence,
        currency: 'gbp',
      });
    },
    async confirmAsBrowser(clientSecret, cardNumber, authenticate) {
      const id = clientSecret.split('_secret_')[0]!;
      const kind = id.startsWith('seti') ? 'setup' : 'payment';
      const post = async (path: string, fields: Record<string, string>) => {
        const reply = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            key: publishableKey,
            client_secret: clientSecret,
            ...fields,
          }),
        });
        return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
      };
      const confirmed = await post(`/v1/${kind}_intents/${id}/confirm`, {
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': cardNumber,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': '2030',
        'payment_method_data[card][cvc]': '123',
      });
      if (confirmed.body.status !== 'requires_action' || !authenticate) return confirmed;
      return post(`/v1/3ds/${id}`, { result: authenticate });
    },
    failNext(calls) {
      outage = calls;
    },
    loseRefundAnswers(calls) {
      lostAnswers = calls;
    },
    failRefundsOf(paymentIntent, calls = Number.POSITIVE_INFINITY) {
      refundOutages.set(paymentIntent, calls);
    },
    forgetIdempotencyKeys() {
      idempotent.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Stripe.js as far as our payment page uses it: Stripe(key), elements(options) with
 * create('payment' | 'card') (what was asked is kept in window.__stripeStandIn) and submit(),
 * mount, on('change'), destroy, confirmSetup and confirmPayment with the elements (and the
 * older confirmCardSetup and confirmCardPayment) (with the 3-D Secure
 * challenge in a modal iframe). The card fields live in an iframe on Stripe's origin, and
 * the confirmation is made from there, so no card number is ever in the page.
 */
const stripeJs = String.raw`(function () {
  var origin = new URL(document.currentScript.src).origin;
  function Stripe(key) {
    if (!/^pk_/.test(String(key))) throw new Error('Invalid publishable key');
    var frame = null, listeners = {}, pending = {}, seq = 0;
    window.addEventListener('message', function (e) {
      if (e.origin !== origin || !e.data || !e.data.__stripeStandIn) return;
      var m = e.data;
      if (m.type === 'change' || m.type === 'ready') {
        (listeners[m.type] || []).forEach(function (cb) { cb(m.event || {}); });
      }
      if (m.type === 'reply' && pending[m.id]) { pending[m.id](m.result); delete pending[m.id]; }
    });
    function ask(message) {
      return new Promise(function (resolve) {
        var id = ++seq; pending[id] = resolve;
        message.id = id; message.key = key; message.__stripeStandIn = true;
        frame.contentWindow.postMessage(message, origin);
      });
    }
    function challenge(clientSecret) {
      return new Promise(function (resolve) {
        var overlay = document.createElement('div');
        overlay.setAttribute('style', 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center');
        var iframe = document.createElement('iframe');
        iframe.name = 'stripe-challenge-frame';
        iframe.title = '3D Secure authentication';
        iframe.setAttribute('style', 'width:min(92vw,400px);height:320px;border:0;border-radius:8px;background:#fff');
        iframe.src = origin + '/3ds?client_secret=' + encodeURIComponent(clientSecret) + '&key=' + encodeURIComponent(key);
        overlay.appendChild(iframe);
        document.body.appendChild(overlay);
        function done(e) {
          if (e.origin !== origin || !e.data || e.data.type !== '3ds-done') return;
          window.removeEventListener('message', done);
          overlay.remove();
          resolve();
        }
        window.addEventListener('message', done);
      });
    }
    function confirm(kind, clientSecret) {
      var name = kind === 'setup' ? 'setupIntent' : 'paymentIntent';
      var field = kind === 'setup' ? 'last_setup_error' : 'last_payment_error';
      if (!frame) return Promise.resolve({ error: { type: 'validation_error', message: 'No card Element is mounted.' } });
      return ask({ type: 'confirm', kind: kind, clientSecret: clientSecret }).then(function (result) {
        if (result.error || result.intent.status !== 'requires_action') return result;
        return challenge(clientSecret).then(function () {
          return ask({ type: 'retrieve', kind: kind, clientSecret: clientSecret });
        });
      }).then(function (result) {
        if (result.error) return { error: result.error };
        var intent = result.intent;
        if (intent.status === 'requires_payment_method' && intent[field]) {
          var out = { error: { type: 'card_error', code: intent[field].code, message: intent[field].message } };
          out.error[kind === 'setup' ? 'setup_intent' : 'payment_intent'] = intent;
          return out;
        }
        var ok = {}; ok[name] = intent; return ok;
      });
    }
    return {
      elements: function (elementsOptions) {
        return {
          // The Payment Element (deferred intent) and the card Element: one card form here.
          submit: function () {
            if (!frame) return Promise.resolve({ error: { type: 'validation_error', message: 'No Element is mounted.' } });
            return ask({ type: 'check', clientSecret: '' });
          },
          create: function (type, options) {
            if (type !== 'card' && type !== 'payment') throw new Error('Only the card and payment Elements are stood in for.');
            window.__stripeStandIn = { type: type, elements: elementsOptions || {}, options: options || {} };
            return {
              mount: function (target) {
                var el = typeof target === 'string' ? document.querySelector(target) : target;
                frame = document.createElement('iframe');
                frame.name = '__privateStripeFrame' + Math.floor(Math.random() * 1e6);
                frame.title = 'Secure card payment input frame';
                frame.setAttribute('style', 'border:0;width:100%;height:' + ((options && options.standInHeight) || '44px'));
                frame.src = origin + '/elements/card';
                el.appendChild(frame);
              },
              on: function (event, cb) { (listeners[event] = listeners[event] || []).push(cb); },
              focus: function () { frame && frame.focus(); },
              destroy: function () { frame && frame.remove(); frame = null; },
              unmount: function () { frame && frame.remove(); frame = null; },
            };
          },
        };
      },
      confirmSetup: function (o) { return confirm('setup', o.clientSecret); },
      confirmPayment: function (o) { return confirm('payment', o.clientSecret); },
      confirmCardSetup: function (clientSecret) { return confirm('setup', clientSecret); },
      confirmCardPayment: function (clientSecret) { return confirm('payment', clientSecret); },
    };
  }
  window.Stripe = Stripe;
})();
`;

const cardFrameHtml = String.raw`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card (Stripe stand-in)</title>
<style>body{margin:0;font:16px system-ui,sans-serif}.row{display:flex;gap:6px}
input{font:inherit;padding:8px;border:0;outline:0;min-width:0}label{position:absolute;left:-9999px}</style></head>
<body><div class="row">
<label for="n">Card number</label><input id="n" style="flex:3" inputmode="numeric" placeholder="1234 1234 1234 1234" autocomplete="cc-number">
<label for="e">Expiry date</label><input id="e" style="flex:1" placeholder="MM / YY" autocomplete="cc-exp">
<label for="c">CVC</label><input id="c" style="flex:1" inputmode="numeric" placeholder="CVC" autocomplete="cc-csc">
</div><script>
var parentOrigin = '*';
function digits(v) { return v.replace(/\D/g, ''); }
function state() {
  var n = digits(document.getElementById('n').value), e = digits(document.getElementById('e').value), c = digits(document.getElementById('c').value);
  var error = null;
  if (n.length >= 16 && !/^4\d{15}$/.test(n)) error = { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
  return { empty: !n && !e && !c, complete: n.length === 16 && e.length === 4 && c.length >= 3, error: error, n: n, e: e, c: c };
}
function tell(type, event) { parent.postMessage({ __stripeStandIn: true, type: type, event: event }, parentOrigin); }
['n', 'e', 'c'].forEach(function (id) {
  document.getElementById(id).addEventListener('input', function () {
    var s = state(); tell('change', { elementType: 'card', empty: s.empty, complete: s.complete, error: s.error || undefined });
  });
});
tell('ready', {});
window.addEventListener('message', function (m) {
  var d = m.data; if (!d || !d.__stripeStandIn) return;
  var reply = function (result) { m.source.postMessage({ __stripeStandIn: true, type: 'reply', id: d.id, result: result }, m.origin); };
  if (d.type === 'check') {
    var c = state();
    if (!c.n) return reply({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
    if (c.error) return reply({ error: c.error });
    return reply({});
  }
  var id = d.clientSecret.split('_secret_')[0];
  var base = '/v1/' + (d.kind === 'setup' ? 'setup' : 'payment') + '_intents/' + id;
  if (d.type === 'retrieve') {
    fetch(base + '?' + new URLSearchParams({ key: d.key, client_secret: d.clientSecret }))
      .then(function (r) { return r.json(); }).then(function (intent) { reply({ intent: intent }); });
    return;
  }
  var s = state();
  if (!s.n) return reply({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
  if (s.e.length !== 4) return reply({ error: { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiry date is incomplete." } });
  if (s.c.length < 3) return reply({ error: { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." } });
  var body = new URLSearchParams({ key: d.key, client_secret: d.clientSecret, 'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': s.n, 'payment_method_data[card][exp_month]': s.e.slice(0, 2),
    'payment_method_data[card][exp_year]': '20' + s.e.slice(2), 'payment_method_data[card][cvc]': s.c });
  fetch(base + '/confirm', { method: 'POST', body: body }).then(function (r) { return r.json(); }).then(function (json) {
    reply(json.error ? { error: json.error } : { intent: json });
  });
});
</script></body></html>`;

const challengeHtml = String.raw`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3D Secure (Stripe stand-in)</title>
<style>body{font:15px system-ui,sans-serif;padding:20px}button{font:inherit;padding:10px 14px;margin:6px 6px 0 0}</style></head>
<body><h1 style="font-size:18px">3D Secure test payment page</h1>
<p>Your bank asks you to confirm this payment.</p>
<button id="ok" type="button" disabled>Complete authentication</button>
<button id="no" type="button" disabled>Fail authentication</button>
<script>
var q = new URLSearchParams(location.search);
function finish(result) {
  var id = q.get('client_secret').split('_secret_')[0];
  fetch('/v1/3ds/' + id, { method: 'POST', body: new URLSearchParams({ key: q.get('key'), client_secret: q.get('client_secret'), result: result }) })
    .then(function () { parent.postMessage({ type: '3ds-done' }, '*'); });
}
document.getElementById('ok').onclick = function () { finish('complete'); };
document.getElementById('no').onclick = function () { finish('fail'); };
// Enabled once they do something: a click that comes before (a fast test, a slow machine)
// waits instead of being lost.
document.getElementById('ok').disabled = false;
document.getElementById('no').disabled = false;
</script></body></html>`;
