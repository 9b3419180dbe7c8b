import { useEffect, useRef, useState } from 'react';
import type {
  Stripe,
  StripeConstructor,
  StripeElements,
  StripePaymentElement,
} from '@stripe/stripe-js';
import { NOT_READY, type CardForm, type CardIntent } from './card-confirm';

let loading: Promise<StripeConstructor> | null = null;

/** Loads Stripe.js once per page; a failed load can be retried by the next mount. */
function loadStripeJs(url: string): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const fail = (why: string) => {
      loading = null;
      script.remove();
      reject(new Error(why));
    };
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : fail('Stripe.js did not start');
    script.onerror = () => fail('Stripe.js did not load');
    document.head.appendChild(script);
  });
  return loading;
}

type Status = 'loading' | 'ready' | 'failed';

/**
 * Stripe's Payment Element (issue 31): the card fields, and Apple Pay and Google Pay where the
 * device offers them, drawn by Stripe.js in its own iframe, so the card number goes from the
 * customer's browser to Stripe and never to our server. The intent is made when the customer
 * presses the button (Stripe's deferred flow: `mode` and the amount here, the SetupIntent or
 * PaymentIntent with automatic_payment_methods on the server); `submit` checks the fields
 * and opens a wallet's sheet first, in the click. Stripe.js shows the bank's 3-D Secure step.
 */
export function useStripeCard(options: {
  publishableKey: string;
  jsUrl: string;
  /** Saving a card for after cleaning (£0.00), or paying an invoice of `amountPence`. */
  mode: 'setup' | 'payment';
  amountPence: number;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const elementsRef = useRef<StripeElements | null>(null);
  const paymentRef = useRef<StripePaymentElement | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { mode, amountPence } = options;

  useEffect(() => {
    let cancelled = false;
    loadStripeJs(options.jsUrl)
      .then((StripeJs) => {
        if (cancelled || !mountRef.current) return;
        const stripe = StripeJs(options.publishableKey);
        const elements = stripe.elements({
          locale: 'en-GB',
          currency: 'gbp',
          ...(mode === 'payment' ? { mode: 'payment', amount: amountPence } : { mode: 'setup' }),
          appearance: {
            variables: {
              fontSizeBase: '16px',
              colorText: '#0f172a',
              colorDanger: '#b91c1c',
              fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
            },
          },
        });
        const payment = elements.create('payment', {
          layout: 'tabs',
          wallets: { applePay: 'auto', googlePay: 'auto' },
        });
        payment.mount(mountRef.current);
        payment.on('change', () => setFieldError(null));
        stripeRef.current = stripe;
        elementsRef.current = elements;
        paymentRef.current = payment;
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      paymentRef.current?.destroy();
      paymentRef.current = null;
      elementsRef.current = null;
      stripeRef.current = null;
    };
  }, [options.jsUrl, options.publishableKey, mode, amountPence]);

  const form: CardForm = {
    ready: status === 'ready',
    // The Payment Element says what is missing itself, beside its fields (`submit`).
    check: () => null,
    async submit() {
      const elements = elementsRef.current;
      if (!elements) return NOT_READY;
      const { error } = await elements.submit();
      const message = error ? (error.message ?? NOT_READY) : null;
      setFieldError(message);
      return message;
    },
    async confirm(intent: CardIntent) {
      const stripe = stripeRef.current;
      const elements = elementsRef.current;
      if (!stripe || !elements) return { ok: false, message: NOT_READY };
      const params = {
        elements,
        clientSecret: intent.clientSecret,
        // Only methods that stay on the page are offered (allow_redirects: never).
        confirmParams: { return_url: window.location.href },
        redirect: 'if_required' as const,
      };
      const result =
        intent.kind === 'setup'
          ? await stripe.confirmSetup(params)
          : await stripe.confirmPayment(params);
      if (result.error) {
        // Confirmed before (the page was reloaded, say): the server checks it with Stripe.
        const intentStatus =
          intent.kind === 'setup'
            ? result.error.setup_intent?.status
            : result.error.payment_intent?.status;
        if (intentStatus === 'succeeded') return { ok: true };
        return { ok: false, message: result.error.message ?? NOT_READY };
      }
      return { ok: true };
    },
  };

  const field = (
    <div>
      <span id="card-element-label" className="field-label">
        Card, Apple Pay or Google Pay
      </span>
      <div
        ref={mountRef}
        role="group"
        aria-labelledby="card-element-label"
        aria-describedby="card-element-status"
        className="min-h-[2.75rem]"
      />
      <div id="card-element-status" aria-live="polite">
        {status === 'loading' && (
          <p className="mt-1 text-sm text-slate-600">Loading the secure card form…</p>
        )}
        {status === 'failed' && (
          <p className="mt-1 text-sm text-slate-600">
            The secure card form could not load. Please reload the page, or pay with PayPal.
          </p>
        )}
        {fieldError && <p className="field-error mt-1">{fieldError}</p>}
      </div>
    </div>
  );
  return { form, field };
}
