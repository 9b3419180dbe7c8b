import { useEffect, useRef, useState } from 'react';
import type { Stripe, StripeCardElement, StripeConstructor } from '@stripe/stripe-js';
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
 * The card fields of Stripe Elements: Stripe.js draws them in its own iframe, so the card
 * number goes from the customer's browser to Stripe and never to our server. Stripe.js also
 * shows the bank's 3-D Secure step when confirming.
 */
export function useStripeCard(options: { publishableKey: string; jsUrl: string }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadStripeJs(options.jsUrl)
      .then((StripeJs) => {
        if (cancelled || !mountRef.current) return;
        const stripe = StripeJs(options.publishableKey);
        const card = stripe.elements({ locale: 'en-GB' }).create('card', {
          hidePostalCode: true,
          style: {
            base: {
              fontSize: '16px',
              color: '#0f172a',
              fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
              '::placeholder': { color: '#64748b' },
            },
            invalid: { color: '#b91c1c' },
          },
        });
        card.mount(mountRef.current);
        card.on('change', (event) => {
          setFieldError(event.error?.message ?? null);
          setComplete(event.complete);
        });
        stripeRef.current = stripe;
        cardRef.current = card;
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      cardRef.current?.destroy();
      cardRef.current = null;
      stripeRef.current = null;
    };
  }, [options.jsUrl, options.publishableKey]);

  const form: CardForm = {
    ready: status === 'ready',
    check: () => fieldError ?? (complete ? null : 'Your card details are incomplete.'),
    async confirm(intent: CardIntent) {
      const stripe = stripeRef.current;
      const card = cardRef.current;
      if (!stripe || !card) return { ok: false, message: NOT_READY };
      const result =
        intent.kind === 'setup'
          ? await stripe.confirmCardSetup(intent.clientSecret, { payment_method: { card } })
          : await stripe.confirmCardPayment(intent.clientSecret, { payment_method: { card } });
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
        Card details
      </span>
      <div
        ref={mountRef}
        role="group"
        aria-labelledby="card-element-label"
        aria-describedby="card-element-status"
        className="field-input min-h-[2.75rem] py-2"
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
