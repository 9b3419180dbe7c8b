import { lazy, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { londonIsoDate } from '@shared/london-time';
import { parsePounds } from '@shared/money';
import { getCurrentCustomer, getMessagePreferences } from '~/server/accounts.server';
import { textUpdateChoiceOf } from '@shared/message-preferences';
import { priceList } from '~/server/catalogue.server';
import {
  findOrderToRepeat,
  listAddressBook,
  savedAddressOption,
} from '~/server/address-book.server';
import { codeFromQuery } from '~/features/booking/booking-params';
import { checkoutHref, readBooking } from '~/features/booking/booking-storage';
import { BookingSummary } from '~/features/booking/checkout/booking-summary';
import { resolveBooking } from '~/features/booking/checkout/booking.server';
import { CheckoutShell } from '~/features/booking/checkout/checkout-shell';
import { checkoutAction } from '~/features/booking/checkout/checkout.server';
import type { CheckoutResult } from '~/features/booking/checkout/checkout-state';
import {
  againEstimateForm,
  emptyEstimateForm,
  type EstimateCatalogue,
} from '~/features/booking/checkout/estimate-form';
import { DetailsStep } from '~/features/booking/checkout/details-step';
import { useRootData } from '~/utils/root-data';
import { seo } from '~/utils/seo';
import type { PageHandle } from '~/components/site/chrome-rules';
import type { Route } from './+types/checkout';

/*
 * Each step loads its own code (issue 30's 25 kB of our own code on a public page): a guest
 * arriving from the home form sees the details step and loads neither the booking form (shown
 * only when the booking needs mending) nor the summary's estimate and promo code. The server
 * renders the step it shows whole (no Suspense boundary: the shell waits for the module), and
 * the browser hydrates it once its chunk is in (the HTML is already painted meanwhile).
 */
const BookingForm = lazy(() =>
  import('~/features/booking/booking-form').then((m) => ({ default: m.BookingForm })),
);
const SummaryStep = lazy(() =>
  import('~/features/booking/checkout/summary-step').then((m) => ({ default: m.SummaryStep })),
);

/**
 * /customer, the checkout (spec 2). The booking comes in the query string from the home form;
 * the steps are form posts to this route's action, so the journey works without JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context;
  const current = await getCurrentCustomer(services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  const params = new URL(request.url).searchParams;
  // Issue 31: "Book again" starts the estimate from the earlier order's items and cap.
  const repeat = await orderBookedAgain(services, params, current?.id);
  // Issue 18: `saved` names an entry of the customer's address book, filled in here.
  const resolution = await resolveBooking(services, params, current?.id, repeat);
  // "Book again" (issue 18): the notes of the earlier order start the checkout's notes.
  const notes = (params.get('notes') ?? repeat?.notes ?? '').slice(0, 1000);
  // Issue 31: a friend's referral link (?ref=) or a code in the address starts the code field.
  const promoCode = codeFromQuery(params);
  // The idempotency key of a logged-in customer's summary, who starts there (spec 4).
  const attempt = crypto.randomUUID();
  // The slot picker names "Today" from the loader's day, so the HTML and hydration agree.
  const today = londonIsoDate(services.now());
  // The price list the summary's estimate is worked out from (the server prices it again).
  const catalogue: EstimateCatalogue = (await priceList(services.content)).map((c) => ({
    name: c.name,
    services: c.services.map((s) => ({
      id: s.id,
      name: s.service_name,
      pence: parsePounds(s.price) ?? 0,
    })),
  }));
  if (!current) {
    return {
      resolution,
      customer: null,
      attempt,
      today,
      catalogue,
      textUpdates: 'none',
      notes,
      promoCode,
      saved: [],
      againEstimate: null,
      again: '',
    };
  }
  // Issue 17: "Text me updates" starts at the account's choice, so placing keeps it.
  const { customer: choices } = await getMessagePreferences(services, { customerId: current.id });
  return {
    resolution,
    customer: { name: current.name, email: current.email, phone: current.phone },
    attempt,
    today,
    catalogue,
    textUpdates: textUpdateChoiceOf(choices),
    notes,
    promoCode,
    // Issue 18: the address book, for the booking form when the booking is not complete.
    saved:
      resolution.kind === 'incomplete'
        ? (await listAddressBook(services, { customerId: current.id })).map(savedAddressOption)
        : [],
    againEstimate: repeat ? againEstimateForm(repeat, catalogue) : null,
    again: repeat?.id ?? '',
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context;
  const current = await getCurrentCustomer(services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  const params = new URL(request.url).searchParams;
  const repeat = await orderBookedAgain(services, params, current?.id);
  const resolution = await resolveBooking(services, params, current?.id, repeat);
  const form = await request.formData();
  if (resolution.kind !== 'complete') {
    // The slots went meanwhile, or the address is incomplete: the page shows the booking form.
    return null;
  }
  return checkoutAction(services, {
    request,
    form,
    booking: resolution.booking,
    ip: context.clientIp,
  });
}

/** The signed-in customer's own order named by `again` ("book again"), else null. */
async function orderBookedAgain(
  services: Route.LoaderArgs['context']['services'],
  params: URLSearchParams,
  customerId: string | undefined,
) {
  const againId = params.get('again');
  if (!againId || !customerId) return null;
  const order = await findOrderToRepeat(services, { customerId, orderId: againId });
  return order ? { ...order, id: againId } : null;
}

/**
 * The checkout's steps are form posts that work before hydration, so its scripts wait for its
 * first paint, as the booking-form pages' do (docs/decisions/033): Lighthouse's estimate of
 * its largest paint (the password rule, at the foot of a phone's first screen) no longer
 * waits for 130 kB of scripts over a slow link.
 */
export const handle: PageHandle = { scriptsAfterFirstPaint: true };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Checkout',
    description: 'Your details and order summary.',
    path: '/customer',
    noindex: true,
  });
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { resolution, customer } = loaderData;
  const brand = useRootData()!.brand;

  const done = actionData as CheckoutResult | null | undefined;
  // The order was refused: that answer stands, though the loader, run again after the
  // action, may find the slot it just tried full. (A placed order is a 303 away.)
  if (done?.step === 'failed') {
    return (
      <CheckoutShell step={2} alert={done.alert}>
        <p className="mt-6">
          <Link to="/#order" className="btn-primary">
            Choose other slots
          </Link>
        </p>
      </CheckoutShell>
    );
  }
  if (resolution.kind === 'none') return <NoBooking />;
  if (resolution.kind === 'incomplete') {
    const { form } = resolution;
    return (
      <CheckoutShell step={null}>
        <div className="mx-auto mt-6 max-w-xl">
          {Object.keys(form.errors).length === 0 && form.deliveries && !form.values.delivery && (
            <p role="status" className="mb-4 text-slate-700">
              Now choose when we bring your clean clothes back.
            </p>
          )}
          <BookingForm
            heading="Your collection and delivery"
            phone={brand.phone}
            phoneE164={brand.phoneE164}
            phoneDisplay={brand.phoneDisplay}
            pickups={form.pickups}
            server={form}
            today={loaderData.today}
            saved={loaderData.saved}
            notes={loaderData.notes}
            again={loaderData.again}
          />
        </div>
      </CheckoutShell>
    );
  }

  const here = checkoutHref(resolution.booking);
  const result: CheckoutResult = (actionData as CheckoutResult | null | undefined) ?? {
    // Logged-in customers start at the summary (spec 4).
    step: customer ? 2 : 1,
    details: {
      name: customer?.name ?? '',
      phone: customer?.phone ?? '',
      email: customer?.email ?? '',
      notes: loaderData.notes,
    },
    errors: {},
    alert: null,
    attempt: loaderData.attempt,
  };
  const summary = (
    <BookingSummary
      booking={resolution.booking}
      address={resolution.address}
      changeHref={`${here}&edit=1`}
    />
  );

  const step = result.step === 2 ? 2 : 1;
  return (
    <CheckoutShell step={step} alert={result.alert}>
      <div className="mt-6 grid gap-6 md:grid-cols-[1fr_320px]">
        {step === 1 ? (
          <DetailsStep action={here} details={result.details} errors={result.errors} />
        ) : (
          <SummaryStep
            action={here}
            details={result.details}
            checkoutToken={result.checkoutToken ?? ''}
            attempt={result.attempt ?? ''}
            backHref={customer ? '/' : here}
            catalogue={loaderData.catalogue}
            estimate={result.estimate ?? loaderData.againEstimate ?? emptyEstimateForm}
            textUpdates={result.textUpdates ?? loaderData.textUpdates}
            promoCode={result.promoCode ?? loaderData.promoCode}
            applied={result.applied ?? null}
            address={
              customer
                ? {
                    door_number: resolution.booking.details.doorNumber,
                    line1: resolution.booking.location.line1,
                    postcode: resolution.booking.location.postcode,
                  }
                : null
            }
            errors={result.errors}
            appOffer={result.appOffer ?? true}
            appOfferRefusal={result.appOfferRefusal}
          />
        )}
        {summary}
      </div>
    </CheckoutShell>
  );
}

/** No booking in the address: the one kept by the JavaScript form (after a login), or a link. */
function NoBooking() {
  const navigate = useNavigate();
  useEffect(() => {
    const saved = readBooking();
    if (saved) navigate(checkoutHref(saved), { replace: true });
  }, [navigate]);
  return (
    <CheckoutShell step={null}>
      <div className="mx-auto max-w-xl py-8 text-center">
        <p className="text-slate-600">
          Please choose your address and a collection and delivery slot first.
        </p>
        <Link to="/#order" className="btn-primary mt-6">
          Book a collection
        </Link>
      </div>
    </CheckoutShell>
  );
}
