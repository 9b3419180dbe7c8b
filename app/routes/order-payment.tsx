import { useEffect, useRef, useState, useTransition } from 'react';
import { data, Link, useNavigate, useSearchParams } from 'react-router';
import { paymentPageView } from '~/features/payment/payment-order.server';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import { NOT_READY, type CardForm, type CardIntent } from '~/features/payment/card-confirm';
import { useStripeCard } from '~/features/payment/stripe-card';
import { useTestCard } from '~/features/payment/test-card';
import { useRootData } from '~/utils/root-data';
import { UnauthorizedError } from '~/server/errors.server';
import {
  documentLinks,
  listOrderDocuments,
  requireOrderPaymentAccess,
} from '~/server/orders.server';
import { withPaymentToken } from '~/features/payment/payment-links';
import { FinalPriceRules } from '~/components/final-price-rules';
import { WhatIsPaid } from '~/features/payment/what-is-paid';
import { OrderDocuments } from '~/components/order-documents';
import { seo } from '~/utils/seo';
import { parsePounds } from '@shared/money';
import type { Route } from './+types/order-payment';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const order = await paymentPageView(context.services, params.id);
  const { payments, config } = context.services;
  // The order's customer (logged in) or the holder of the signed link may pay; the id alone
  // does not let anyone save a card on someone else's order.
  const token = new URL(request.url).searchParams.get('t');
  const allowed = await requireOrderPaymentAccess(context.services, order.id, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
    paymentToken: token,
  }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof UnauthorizedError) return false;
      throw error;
    },
  );
  if (!allowed) return data({ refused: true as const, order: { order_no: order.order_no } }, 401);
  // The VAT invoice and receipts, for a guest too: the links carry the same signed token.
  const documents = documentLinks(
    `/account/orders/${order.id}`,
    await listOrderDocuments(context.services, { orderId: order.id }),
    token,
  );
  return {
    refused: false as const,
    token,
    order,
    documents,
    // Only publishable values reach the browser.
    card:
      payments.card.name === 'stripe' && config.stripe
        ? {
            provider: 'stripe' as const,
            publishableKey: config.stripe.publishableKey,
            jsUrl: config.stripe.jsUrl,
          }
        : { provider: 'test' as const },
    paypalTestMode: payments.paypal.name === 'test',
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Payment details',
    description: 'Save a card or verify with PayPal: payment is taken after cleaning.',
    path: '/order/payment',
    noindex: true,
  });
}

type LoaderData = Extract<Route.ComponentProps['loaderData'], { refused: false }>;
type PaymentOrder = LoaderData['order'];

export default function OrderPayment({ loaderData }: Route.ComponentProps) {
  if (loaderData.refused) return <PaymentLinkRefused orderNo={loaderData.order.order_no} />;
  return <PaymentPage {...loaderData} />;
}

/** Without the signed link or the customer's login, the page says how to get in. */
function PaymentLinkRefused({ orderNo }: { orderNo: string }) {
  const brand = useRootData()!.brand;
  return (
    <main id="main" className="bg-slate-50 px-4 py-10">
      <div className="card mx-auto max-w-xl">
        <h1 className="page-title">Payment for {orderNo}</h1>
        <p className="mt-4 text-slate-700">
          This payment link is not valid or has expired. Please use the link in your latest e-mail
          from us, or log in to pay from your account.
        </p>
        <p className="mt-2 text-slate-700">
          Questions? Call us on{' '}
          <a href={`tel:${brand.phoneE164}`} className="font-semibold text-brand underline">
            {brand.phone}
          </a>
          .
        </p>
        <Link to="/login" className="btn-primary mt-6">
          Log in
        </Link>
      </div>
    </main>
  );
}

function PaymentPage({ order, card, paypalTestMode, token, documents }: LoaderData) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Back from PayPal's approval page: ?paypal=approved|cancelled&token={PayPal order id}.
  const paypalReturn = searchParams.get('paypal');
  const paypalToken = paypalReturn ? searchParams.get('token') : null;
  const confirming = useRef(false);
  // An e-mailed invoice with something due is paid here; otherwise a card is saved for later.
  const invoiceDue = order.invoice_due;
  const done = !invoiceDue && order.payment_state !== 'none';

  useEffect(() => {
    if (!paypalToken || confirming.current) return;
    confirming.current = true;
    // Spec 4: the verification goes to the order's result pages; an invoice to the payment's.
    const failed = withPaymentToken(
      `/${invoiceDue ? 'payment' : 'order'}/cancel/${order.id}`,
      token,
    );
    if (paypalReturn !== 'approved') {
      navigate(failed, { replace: true });
      return;
    }
    void (async () => {
      const result = await call(
        routes.payments.confirmPayPal,
        { body: { id: order.id, payment_id: paypalToken } },
        { paymentToken: token },
      );
      if (!result.ok) console.error('PayPal confirmation failed', result.status);
      if (!result.ok || result.data.status !== true) {
        navigate(failed, { replace: true });
        return;
      }
      // The server says what was done: an invoice paid, or the booking's verification.
      const done = result.data.paid ? 'payment' : 'order';
      navigate(`/${done}/complete/${order.id}`, { replace: true });
    })();
  }, [paypalReturn, paypalToken, order.id, invoiceDue, navigate, token]);

  return (
    <main id="main" className="bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-2xl">
        <h1 className="page-title">
          {invoiceDue
            ? `Pay for ${order.order_no}: £${order.amount_due} due`
            : `Payment details for ${order.order_no}`}
        </h1>
        {(card.provider === 'test' || paypalTestMode) && (
          <p className="mt-3 inline-block rounded bg-amber-100 px-3 py-1 text-sm font-bold text-amber-900">
            {card.provider === 'test'
              ? 'TEST MODE: no card is charged. Use 4242 4242 4242 4242 (saved), 4000 0000 0000 0002 (declined) or 4000 0025 0000 3155 (asks for authentication). Apple Pay and Google Pay appear here with real Stripe keys.'
              : 'TEST MODE PayPal: no PayPal account is charged.'}
          </p>
        )}
        {paypalToken ? (
          <div className="card mt-6" role="status">
            <p className="font-semibold">Confirming your PayPal payment…</p>
          </div>
        ) : done ? (
          <div className="card mt-6">
            <p>
              {order.payment_state === 'paid'
                ? 'This order is paid. Thank you!'
                : 'Your payment details for this order are already saved.'}
            </p>
            <Link to={`/order/complete/${order.id}`} className="btn-primary mt-4">
              See your order
            </Link>
          </div>
        ) : card.provider === 'stripe' ? (
          <StripePayment order={order} card={card} token={token} />
        ) : (
          <TestModePayment order={order} token={token} />
        )}
        {documents.length ? (
          <div className="card mt-6" data-testid="payment-documents">
            <OrderDocuments documents={documents} />
          </div>
        ) : null}
      </div>
    </main>
  );
}

function StripePayment(props: {
  order: PaymentOrder;
  card: { publishableKey: string; jsUrl: string };
  token: string | null;
}) {
  const { invoice_due: due, amount_due: amount } = props.order;
  const payment = {
    mode: due ? 'payment' : 'setup',
    amountPence: parsePounds(amount) ?? 0,
  } as const;
  const { form, field } = useStripeCard({ ...props.card, ...payment });
  return (
    <PaymentForms order={props.order} token={props.token} cardForm={form} cardFields={field} />
  );
}

function TestModePayment(props: { order: PaymentOrder; token: string | null }) {
  const { form, field, bankDialog } = useTestCard();
  return (
    <>
      <PaymentForms order={props.order} token={props.token} cardForm={form} cardFields={field} />
      {bankDialog}
    </>
  );
}

/** The card form and, before cleaning, the PayPal verification (spec 2 'Payment page'). */
function PaymentForms(props: {
  order: PaymentOrder;
  /** The signed token of the e-mailed link, sent with every payment call. */
  token: string | null;
  cardForm: CardForm;
  cardFields: React.ReactNode;
}) {
  const { order, cardForm, token } = props;
  const withToken = { paymentToken: token };
  const brand = useRootData()!.brand;
  const navigate = useNavigate();
  // Pending while a payment is under way (React 19's async transition, not a hand-kept flag).
  const [busy, startPayment] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const invoiceDue = order.invoice_due;

  async function payByCard(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if (!cardForm.ready) {
      setError(NOT_READY);
      return;
    }
    const problem = cardForm.check() ?? (await cardForm.submit?.());
    if (problem) {
      setError(problem);
      return;
    }
    startPayment(async () => {
      // The server starts the provider's setup (card saved) or payment (invoice due)…
      const request = { body: { id: order.id } };
      const started = invoiceDue
        ? await call(routes.payments.startCardPayment, request, withToken)
        : await call(routes.payments.startCardSetup, request, withToken);
      if (!started.ok) {
        setError(started.error.message);
        return;
      }
      // An earlier attempt went through after all (the page was closed before it said so).
      if ('already_paid' in started.data) {
        navigate(withPaymentToken(`/payment/complete/${order.id}`, token));
        return;
      }
      const intent: CardIntent = {
        kind: invoiceDue ? 'payment' : 'setup',
        id: 'payment_id' in started.data ? started.data.payment_id : started.data.setup_id,
        clientSecret: started.data.client_secret,
      };
      // …the card form confirms it with the provider…
      const confirmed = await cardForm.confirm(intent);
      if (!confirmed.ok) {
        setError(confirmed.message);
        return;
      }
      // …and the server checks the outcome with the provider before anything changes.
      const saved = await call(
        routes.payments.confirmCard,
        { body: { payment_id: intent.id, id: order.id } },
        withToken,
      );
      if (saved.ok && saved.data.status === true) {
        const result = invoiceDue ? `/payment/complete/${order.id}` : `/order/complete/${order.id}`;
        // The card is saved, but it may have cost the order the app's offer: the next page says so.
        navigate(withPaymentToken(result, token), { state: { notice: saved.data.notice } });
        return;
      }
      setError(saved.ok ? saved.data.message : saved.error.message);
    });
  }

  function payPal() {
    if (busy) return;
    setError(null);
    startPayment(async () => {
      const created = await call(
        routes.payments.startPayPal,
        { body: { id: order.id } },
        withToken,
      );
      if (!created.ok) {
        window.alert(created.error.message);
        return;
      }
      // PayPal's page asks the buyer, then sends them back here with the order as token. The
      // buttons stay disabled while the browser leaves: the transition never ends.
      window.location.assign(created.data.approve_url);
      await new Promise<never>(() => {});
    });
  }

  return (
    <>
      <WhatIsPaid order={order} />
      <FinalPriceRules className="mt-6" />

      <form
        onSubmit={payByCard}
        noValidate
        className="card mt-6 space-y-4"
        aria-labelledby="card-title"
      >
        <h2 id="card-title" className="font-bold tracking-wide text-slate-900">
          {invoiceDue ? 'CARD DETAILS' : 'CARD DETAILS (PAYMENT AFTER CLEANING)'}
        </h2>
        {props.cardFields}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {/* Issue 31: nothing is charged now, so the button says what it does. */}
          {busy
            ? invoiceDue
              ? 'Your Payment Processing...'
              : 'Saving your card…'
            : invoiceDue
              ? `Pay £${order.amount_due}`
              : 'Save card'}
        </button>
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
      </form>

      <p className="my-4 text-center font-semibold text-slate-500">OR</p>
      <button
        type="button"
        disabled={busy}
        onClick={payPal}
        className="flex w-full items-center justify-center rounded-md bg-[#ffc439] px-5 py-3 font-bold text-[#003087] shadow-sm"
      >
        Pay with PayPal
      </button>
      <p className="mt-6 text-sm text-slate-600">
        {invoiceDue
          ? `To pay another way, call us on ${brand.phone}.`
          : `No card payment is taken until your items are collected and the price is confirmed by e-mail. Questions? Call ${brand.phone}.`}
      </p>
    </>
  );
}
