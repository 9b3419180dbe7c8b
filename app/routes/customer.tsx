import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { eq } from 'drizzle-orm';
import { getCurrentCustomer } from '@server/auth/current-customer';
import { customers } from '@server/db/schema';
import { firstErrors, guestDetailsSchema, registrationFormSchema } from '@shared/validation';
import type { Failure } from '@shared/api/client';
import { routes } from '@shared/api/routes';
import { GENERIC_ERROR, call, fieldMessages, storageKeys } from '~/utils/api-client';
import { FormField, Notice } from '~/features/account/form-field';
import {
  addressPayload,
  bookingAddress,
  clearBooking,
  readBooking,
  type BookingChoice,
} from '~/features/booking/booking-storage';
import { useRootData } from '~/root';
import { seo } from '~/utils/seo';
import type { Route } from './+types/customer';

export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = await getCurrentCustomer(context.services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  if (!customer) return { customer: null };
  const [row] = await context.services.db
    .select({ phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customer.id))
    .limit(1);
  return { customer: { name: customer.name, email: customer.email, phone: row?.phone ?? '' } };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Checkout',
    description: 'Your details and order summary.',
    path: '/customer',
    noindex: true,
  });
}

const MESSAGES = {
  mandatory: 'Please check mandatory fields.',
  taken:
    'Oops! It seems like that email has already been taken. Please log in to your existing account',
  created: 'Your account is successfully created, please login to your account.',
};

const STEP_TITLES = ['Customer Details', 'Order Summary', 'Done'];
/** The progress values of spec 4 for steps 1 to 3. */
const PROGRESS = [33.3, 66.66, 99.99];

type Details = { name: string; phone: string; email: string; notes: string };

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const brand = useRootData()!.brand;
  const loggedIn = loaderData.customer;
  const [booking, setBooking] = useState<BookingChoice | null | undefined>(undefined);
  const [step, setStep] = useState(loggedIn ? 2 : 1);
  const [details, setDetails] = useState<Details>({
    name: loggedIn?.name ?? '',
    phone: loggedIn?.phone ?? '',
    email: loggedIn?.email ?? '',
    notes: '',
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [checkoutToken, setCheckoutToken] = useState<string | null>(null);
  const [payNow, setPayNow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [attemptKey, setAttemptKey] = useState('');
  const [placed, setPlaced] = useState<{ id: string; number: string; paymentUrl: string } | null>(
    null,
  );

  useEffect(() => setBooking(readBooking()), []);
  useEffect(() => {
    // One idempotency key per visit of the summary step: a double click or a retry after a
    // network error repeats the same attempt and gets the same order.
    if (step === 2) setAttemptKey(crypto.randomUUID());
  }, [step]);

  if (booking === undefined) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center text-slate-600">
        Loading your booking…
      </main>
    );
  }
  if (booking === null) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="page-title">Checkout</h1>
        <p className="mt-4 text-slate-600">
          Please choose your address and a collection and delivery slot first.
        </p>
        <Link to="/#order" className="btn-primary mt-6">
          Book a collection
        </Link>
      </main>
    );
  }

  const set =
    (field: keyof Details) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDetails((d) => ({ ...d, [field]: e.target.value }));

  async function guestCheckout() {
    setAlert(null);
    const parsed = guestDetailsSchema.safeParse(details);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const reply = await call(routes.checkout.guest, {
      body: { ...parsed.data, address: addressPayload(booking!) },
    });
    setBusy(false);
    if (reply.ok) {
      setCheckoutToken(reply.data.checkout_token);
      setStep(2);
      return;
    }
    showError(reply);
  }

  async function signUp() {
    setAlert(null);
    const parsed = registrationFormSchema.safeParse({
      ...details,
      password,
      password_confirmation: confirm,
    });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const reply = await call(routes.accounts.register, {
      body: { ...parsed.data, address: addressPayload(booking!) },
    });
    setBusy(false);
    if (reply.ok) {
      setCheckoutToken(reply.data.checkout_token);
      setAlert({ tone: 'success', text: MESSAGES.created });
      setStep(2);
      return;
    }
    if (reply.status === 422 && reply.error.errors?.email) {
      // Spec 8: the e-mail is taken; log in instead, and come back here afterwards.
      window.alert(MESSAGES.taken);
      localStorage.setItem(storageKeys.from, 'checkout');
      navigate('/login?notice=taken');
      return;
    }
    showError(reply);
  }

  function showError({ status, error }: Failure) {
    if (status === 422) {
      setErrors(fieldMessages(error.errors));
      setAlert({
        tone: 'error',
        text: error.errors?.address ? error.message : MESSAGES.mandatory,
      });
    } else if (status === 429) {
      setAlert({ tone: 'error', text: error.message });
    } else {
      setAlert({ tone: 'error', text: GENERIC_ERROR });
    }
  }

  async function placeOrder() {
    if (busy) return;
    setAlert(null);
    setBusy(true);
    const b = booking!;
    const status = payNow ? ('pending payment' as const) : ('pending' as const);
    const body = {
      pickup_date: b.details.pickup.slot_date,
      pickup_start: b.details.pickup.slot_start,
      pickup_end: b.details.pickup.slot_end,
      pickup_display: b.details.pickup.display,
      delivery_date: b.details.delivery.slot_date,
      delivery_start: b.details.delivery.slot_start,
      delivery_end: b.details.delivery.slot_end,
      delivery_display: b.details.delivery.display,
      customer_name: details.name,
      customer_email: details.email,
      customer_phone: details.phone,
      customer_notes: details.notes,
      company_name: b.location.company,
      door_number: b.details.doorNumber,
      postalcode: b.location.postcode,
      full_address: bookingAddress(b),
      address_type: b.location.address_type,
      address: addressPayload(b),
      status,
      idempotency_key: attemptKey,
    };
    const reply = await call(routes.checkout.placeOrder, { body }, { checkoutToken });
    setBusy(false);
    if (reply.ok) {
      clearBooking();
      const { order_id, order_no, payment_url } = reply.data.order;
      if (status === 'pending') {
        navigate(`/order/complete/${order_id}`);
        return;
      }
      // Spec 4: with 'pending payment' the result panel offers the payment step.
      setPlaced({ id: order_id, number: order_no, paymentUrl: payment_url });
      setStep(3);
      return;
    }
    if (reply.status === 422) {
      setAlert({ tone: 'error', text: MESSAGES.mandatory });
      return;
    }
    // Spec 8: other errors say so and go back to the booking form.
    window.alert(reply.status === 409 ? reply.error.message : GENERIC_ERROR);
    navigate('/');
  }

  const summary = (
    <aside aria-labelledby="summary-title" className="card self-start">
      <h2 id="summary-title" className="text-lg font-semibold">
        Your booking
      </h2>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="text-slate-500">Address</dt>
          <dd className="font-medium text-slate-900">{bookingAddress(booking)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Collection</dt>
          <dd className="font-medium text-slate-900">{booking.details.pickup.display}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Delivery</dt>
          <dd className="font-medium text-slate-900">{booking.details.delivery.display}</dd>
        </div>
      </dl>
      <Link to="/#order" className="mt-4 inline-block text-sm font-semibold text-brand underline">
        Change address or slots
      </Link>
    </aside>
  );

  return (
    <main id="main" className="min-h-screen bg-slate-50">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
          <Link to="/" className="font-bold text-brand">
            {brand.shortName}
          </Link>
          <a href={`tel:${brand.phoneE164}`} className="text-sm font-semibold text-brand">
            {brand.phoneDisplay}
          </a>
        </div>
      </div>
      <div className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="page-title">Checkout</h1>
        <div className="mt-6">
          <ol className="flex justify-between text-sm font-medium text-slate-600">
            {STEP_TITLES.map((t, i) => (
              <li
                key={t}
                aria-current={step === i + 1 ? 'step' : undefined}
                className={step === i + 1 ? 'text-brand' : ''}
              >
                {i + 1}. {t}
              </li>
            ))}
          </ol>
          <div
            role="progressbar"
            aria-label="Checkout progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={PROGRESS[step - 1]}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full bg-accent transition-all"
              style={{ width: `${PROGRESS[step - 1]}%` }}
            />
          </div>
        </div>

        {alert && (
          <div className="mt-6">
            <Notice tone={alert.tone}>{alert.text}</Notice>
          </div>
        )}

        {step === 1 && (
          <div className="mt-6 grid gap-6 md:grid-cols-[1fr_320px]">
            <form
              aria-labelledby="details-title"
              noValidate
              className="card space-y-4"
              onSubmit={(e) => {
                e.preventDefault();
                void guestCheckout();
              }}
            >
              <h2 id="details-title" className="text-lg font-semibold">
                Customer Details
              </h2>
              <FormField
                id="checkout-name"
                label="Full name"
                autoComplete="name"
                value={details.name}
                onChange={set('name')}
                error={errors.name}
                required
              />
              <FormField
                id="checkout-phone"
                label="Phone"
                type="tel"
                autoComplete="tel"
                maxLength={20}
                value={details.phone}
                onChange={set('phone')}
                error={errors.phone}
                required
              />
              <FormField
                id="checkout-email"
                label="E-mail"
                type="email"
                autoComplete="email"
                value={details.email}
                onChange={set('email')}
                error={errors.email}
                required
              />
              <div>
                <label htmlFor="checkout-notes" className="field-label">
                  Notes for the driver or our cleaners (optional)
                </label>
                <textarea
                  id="checkout-notes"
                  className="field-input"
                  rows={3}
                  value={details.notes}
                  onChange={set('notes')}
                />
              </div>
              <fieldset className="rounded-lg border border-slate-200 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-700">
                  Create an account (optional)
                </legend>
                <div className="space-y-4">
                  <FormField
                    id="checkout-password"
                    label="Password"
                    type="password"
                    autoComplete="new-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    error={errors.password}
                  />
                  <FormField
                    id="checkout-confirm"
                    label="Confirm password"
                    type="password"
                    autoComplete="new-password"
                    value={confirm}
                    onChange={(e) => setConfirm(e.target.value)}
                    error={errors.password_confirmation}
                  />
                </div>
              </fieldset>
              <div className="flex flex-wrap gap-3">
                <button type="submit" className="btn-primary" disabled={busy}>
                  Guest Checkout
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() => void signUp()}
                >
                  Sign Up
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => {
                    localStorage.setItem(storageKeys.from, 'checkout');
                    navigate('/login');
                  }}
                >
                  Login
                </button>
              </div>
            </form>
            {summary}
          </div>
        )}

        {step === 2 && (
          <div className="mt-6 grid gap-6 md:grid-cols-[1fr_320px]">
            <section aria-labelledby="order-summary" className="card space-y-4">
              <h2 id="order-summary" className="text-lg font-semibold">
                Order Summary
              </h2>
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-500">Name</dt>
                  <dd className="font-medium">{details.name}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Phone</dt>
                  <dd className="font-medium">{details.phone}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">E-mail</dt>
                  <dd className="font-medium">{details.email}</dd>
                </div>
                {details.notes && (
                  <div>
                    <dt className="text-slate-500">Notes</dt>
                    <dd className="font-medium">{details.notes}</dd>
                  </div>
                )}
              </dl>
              <ul className="space-y-2">
                <li>
                  <Notice tone="info">We will take the payment before delivery</Notice>
                </li>
                <li>
                  <Notice tone="info">Minimum Order £25</Notice>
                </li>
              </ul>
              <fieldset>
                <legend className="field-label">How would you like to pay after cleaning?</legend>
                <label className="mt-2 flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="pay"
                    checked={!payNow}
                    onChange={() => setPayNow(false)}
                    className="mt-1"
                  />
                  <span>By the payment link in the invoice we e-mail before delivery</span>
                </label>
                <label className="mt-2 flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="pay"
                    checked={payNow}
                    onChange={() => setPayNow(true)}
                    className="mt-1"
                  />
                  <span>
                    Save a card now (£0.00) or verify with PayPal (£0.35), charged after cleaning
                  </span>
                </label>
              </fieldset>
              <div className="flex flex-wrap gap-3 pt-2">
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => (loggedIn ? navigate('/') : setStep(1))}
                >
                  Back
                </button>
                <button
                  type="button"
                  className="btn-primary"
                  disabled={busy}
                  onClick={() => void placeOrder()}
                >
                  {busy ? 'Placing your order…' : 'Place Order'}
                </button>
              </div>
            </section>
            {summary}
          </div>
        )}

        {step === 3 && placed && (
          <section aria-labelledby="result-title" className="card mt-6 text-center">
            <h2 id="result-title" className="text-2xl font-bold text-slate-900">
              Order {placed.number} is booked
            </h2>
            <p className="mt-2 text-slate-600">
              One more step: save a card (nothing is charged now) or verify with PayPal, so we can
              charge the amount once your items are cleaned and priced.
            </p>
            <Link to={placed.paymentUrl} className="btn-primary mt-6">
              Continue to payment details
            </Link>
          </section>
        )}
      </div>
    </main>
  );
}
