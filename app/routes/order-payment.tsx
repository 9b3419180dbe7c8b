import { useRef, useState } from 'react';
import { data, Link, useNavigate } from 'react-router';
import { paymentPageOrder } from '@server/use-cases/payments/payment-steps';
import { callApi } from '~/features/account/api-client';
import { useRootData } from '~/root';
import { seo } from '~/utils/seo';
import type { Route } from './+types/order-payment';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data(null, { status: 404 });
  const order = await paymentPageOrder(context.services.db, params.id);
  if (!order) throw data(null, { status: 404 });
  return { order, testMode: context.services.payments.testMode };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Payment details',
    description: 'Save a card or verify with PayPal: payment is taken after cleaning.',
    path: '/order/payment',
    noindex: true,
  });
}

const NOT_READY = 'Sorry! Something went wrong, please contact customer care.';

/**
 * The TEST MODE card form turns Stripe's documented test numbers into Stripe's test
 * payment-method ids in the browser, as Stripe Elements would: the number never leaves it.
 */
function testPaymentMethod(cardNumber: string): string | null {
  const digits = cardNumber.replace(/\D/g, '');
  return (
    {
      '4242424242424242': 'pm_card_visa',
      '4000000000000002': 'pm_card_chargeDeclined',
      '4000002500003155': 'pm_card_authenticationRequired',
    }[digits] ?? null
  );
}

export default function OrderPayment({ loaderData }: Route.ComponentProps) {
  const { order, testMode } = loaderData;
  const brand = useRootData()!.brand;
  const navigate = useNavigate();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<null | ((ok: boolean) => void)>(null);
  const [paypalApproval, setPaypalApproval] = useState<null | ((ok: boolean) => void)>(null);
  const challengeDialog = useRef<HTMLDialogElement>(null);
  const paypalDialog = useRef<HTMLDialogElement>(null);
  // An e-mailed invoice with something due is paid here; otherwise a card is saved for later.
  const invoiceDue = order.invoice_due;
  const done = !invoiceDue && order.payment_state !== 'none';

  function ask(
    dialog: React.RefObject<HTMLDialogElement | null>,
    set: typeof setChallenge,
  ): Promise<boolean> {
    return new Promise((resolve) => {
      set(() => (ok: boolean) => {
        dialog.current?.close();
        set(null);
        resolve(ok);
      });
      setTimeout(() => dialog.current?.showModal(), 0);
    });
  }

  async function saveCard(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const paymentMethod = testPaymentMethod(card.number);
    if (!paymentMethod) {
      setError('Your card number is incorrect.');
      return;
    }
    if (!/^\d{2}\s*\/\s*\d{2}$/.test(card.expiry) || !/^\d{3,4}$/.test(card.cvc)) {
      setError("Your card's expiry date or security code is incomplete.");
      return;
    }
    setBusy(true);
    try {
      const setup = await callApi<{ setup_id: string; client_secret: string }>(
        '/api/payment/card/setup',
        { id: order.id },
      );
      if (setup.status !== 200) {
        setError(setup.body.message ?? NOT_READY);
        return;
      }
      const confirm = (authenticated?: boolean) =>
        callApi<{ setup_status: string }>('/api/payment/test/confirm-setup', {
          setup_id: setup.body.setup_id,
          client_secret: setup.body.client_secret,
          payment_method: paymentMethod,
          ...(authenticated === undefined ? {} : { authenticated }),
        });
      let result = await confirm();
      if (result.body.setup_status === 'requires_action') {
        const ok = await ask(challengeDialog, setChallenge);
        result = await confirm(ok);
      }
      if (result.body.setup_status !== 'succeeded') {
        setError(result.body.message ?? NOT_READY);
        return;
      }
      const saved = await callApi('/api/update-payment-method', {
        payment_id: setup.body.setup_id,
        id: order.id,
      });
      if (saved.status === 200 && saved.body.status === true) {
        navigate(invoiceDue ? `/payment/complete/${order.id}` : `/order/complete/${order.id}`);
        return;
      }
      setError(saved.body.message ?? NOT_READY);
    } finally {
      setBusy(false);
    }
  }

  async function payPal() {
    setError(null);
    const created = await callApi<{ paypal_order_id: string }>('/api/payment/paypal/create', {
      id: order.id,
    });
    if (created.status !== 200) {
      window.alert(created.body.message ?? NOT_READY);
      return;
    }
    const approved = await ask(paypalDialog, setPaypalApproval);
    await callApi('/api/payment/test/paypal-approve', {
      paypal_order_id: created.body.paypal_order_id,
      approve: approved,
    });
    const result = await callApi('/api/paypal-success', {
      id: order.id,
      payment_id: created.body.paypal_order_id,
    });
    navigate(
      result.status === 200 && result.body.status === true
        ? `/order/complete/${order.id}`
        : `/order/cancel/${order.id}`,
    );
  }

  return (
    <main id="main" className="bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-2xl">
        <h1 className="page-title">
          {invoiceDue
            ? `Pay for ${order.order_no}: £${order.amount_due} due`
            : `Payment details for ${order.order_no}`}
        </h1>
        {testMode && (
          <p className="mt-3 inline-block rounded bg-amber-100 px-3 py-1 text-sm font-bold text-amber-900">
            TEST MODE: no card is charged. Use 4242 4242 4242 4242 (saved), 4000 0000 0000 0002
            (declined) or 4000 0025 0000 3155 (asks for authentication).
          </p>
        )}
        {done ? (
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
        ) : (
          <>
            {invoiceDue ? (
              <div className="card mt-6">
                <h2 className="font-semibold">Your invoice: £{order.amount_due}</h2>
                <p className="mt-2 text-sm text-slate-600">
                  Your items are cleaned and priced; the itemised invoice is in your e-mail and in
                  your account. Enter your card to pay the amount due now.
                </p>
              </div>
            ) : (
              <div className="mt-6 grid gap-4 md:grid-cols-2">
                <div className="card">
                  <h2 className="font-semibold">Card: £0.00 now</h2>
                  <p className="mt-2 text-sm text-slate-600">
                    We save your card and charge nothing now. After cleaning we e-mail the invoice
                    and a payment link before delivery.
                  </p>
                </div>
                <div className="card">
                  <h2 className="font-semibold">PayPal: £0.35 verification</h2>
                  <p className="mt-2 text-sm text-slate-600">
                    A 35p verification payment confirms your PayPal account; the order is charged
                    after cleaning.
                  </p>
                </div>
              </div>
            )}

            <form
              onSubmit={saveCard}
              noValidate
              className="card mt-6 space-y-4"
              aria-labelledby="card-title"
            >
              <h2 id="card-title" className="font-bold tracking-wide text-slate-900">
                {invoiceDue ? 'CARD DETAILS' : 'CARD DETAILS (PAYMENT AFTER CLEANING)'}
              </h2>
              <div>
                <label htmlFor="card-number" className="field-label">
                  Card number
                </label>
                <input
                  id="card-number"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  className="field-input"
                  placeholder="1234 1234 1234 1234"
                  value={card.number}
                  onChange={(e) => setCard((c) => ({ ...c, number: e.target.value }))}
                />
              </div>
              <div className="grid grid-cols-2 gap-4">
                <div>
                  <label htmlFor="card-expiry" className="field-label">
                    Expiry (MM / YY)
                  </label>
                  <input
                    id="card-expiry"
                    autoComplete="cc-exp"
                    className="field-input"
                    placeholder="MM / YY"
                    value={card.expiry}
                    onChange={(e) => setCard((c) => ({ ...c, expiry: e.target.value }))}
                  />
                </div>
                <div>
                  <label htmlFor="card-cvc" className="field-label">
                    Security code
                  </label>
                  <input
                    id="card-cvc"
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    className="field-input"
                    placeholder="CVC"
                    value={card.cvc}
                    onChange={(e) => setCard((c) => ({ ...c, cvc: e.target.value }))}
                  />
                </div>
              </div>
              <button type="submit" className="btn-primary w-full" disabled={busy}>
                {busy
                  ? 'Your Payment Processing...'
                  : invoiceDue
                    ? `Pay £${order.amount_due}`
                    : 'Pay with Stripe'}
              </button>
              {error && (
                <p role="alert" className="field-error">
                  {error}
                </p>
              )}
            </form>

            {invoiceDue ? (
              <p className="mt-6 text-sm text-slate-600">
                To pay another way, call us on {brand.phone}.
              </p>
            ) : (
              <>
                <p className="my-4 text-center font-semibold text-slate-500">OR</p>
                <button
                  type="button"
                  onClick={() => void payPal()}
                  className="flex w-full items-center justify-center rounded-md bg-[#ffc439] px-5 py-3 font-bold text-[#003087] shadow-sm"
                >
                  Pay with PayPal
                </button>
                <p className="mt-6 text-sm text-slate-600">
                  No card payment is taken until your items are collected and the price is confirmed
                  by e-mail. Questions? Call {brand.phone}.
                </p>
              </>
            )}
          </>
        )}
      </div>

      <dialog
        ref={challengeDialog}
        aria-labelledby="challenge-title"
        className="m-auto w-[min(92vw,420px)] rounded-xl p-6 backdrop:bg-slate-900/60"
      >
        <h2 id="challenge-title" className="text-lg font-bold">
          TEST MODE: your bank asks you to confirm
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          This stands in for the 3-D Secure page of your bank.
        </p>
        <div className="mt-4 flex gap-3">
          <button type="button" className="btn-primary" onClick={() => challenge?.(true)}>
            Complete authentication
          </button>
          <button type="button" className="btn-secondary" onClick={() => challenge?.(false)}>
            Fail authentication
          </button>
        </div>
      </dialog>
      <dialog
        ref={paypalDialog}
        aria-labelledby="paypal-title"
        className="m-auto w-[min(92vw,420px)] rounded-xl p-6 backdrop:bg-slate-900/60"
      >
        <h2 id="paypal-title" className="text-lg font-bold">
          TEST MODE PayPal: approve £0.35 for {order.order_no}?
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Skip basket. This stands in for PayPal&apos;s approval page.
        </p>
        <div className="mt-4 flex gap-3">
          <button type="button" className="btn-primary" onClick={() => paypalApproval?.(true)}>
            Approve
          </button>
          <button type="button" className="btn-secondary" onClick={() => paypalApproval?.(false)}>
            Cancel
          </button>
        </div>
      </dialog>
    </main>
  );
}
