import { data, redirect } from 'react-router';
import { CLIENT_ERROR_MESSAGE } from '@shared/api/client';
import { estimateInputSchema, priceCapSchema, type EstimateInput } from '@shared/checkout';
import {
  firstErrors,
  guestDetailsSchema,
  registrationFormSchema,
  type AddressInput,
} from '@shared/validation';
import { orderingCustomer } from '@server/auth/ordering-customer';
import { isRefusal, ValidationError } from '@server/errors';
import { httpStatusOf } from '@server/error-status';
import type { AppServices } from '@server/services';
import { registerCustomer } from '@server/use-cases/accounts/register-customer';
import { checkCoverage } from '@server/use-cases/booking/coverage';
import { placeOrder } from '@server/use-cases/checkout/place-order';
import { checkPromoCode } from '@server/use-cases/checkout/check-promo-code';
import { registerGuest } from '@server/use-cases/checkout/register-guest';
import { paymentPagePath } from '@server/auth/order-access';
import { textUpdatesSchema } from '@shared/message-preferences';
import { slotChoiceOf } from '@shared/slots';
import { isAppOfferRefusal, type OrderSource } from '@shared/app-offer';
import type { BookingChoice } from '~/features/booking/booking-storage';
import { checkoutMessages, type CheckoutDetails, type CheckoutResult } from './checkout-state';
import type { AppliedCode } from '@shared/promo-discount';
import {
  emptyEstimateForm,
  estimateFormErrors,
  estimateInputOf,
  readEstimateForm,
  type EstimateForm,
} from './estimate-form';

/** Only updates the summary's estimate (no JavaScript: add, remove, update, Apply a code). */
function isEstimateIntent(intent: string) {
  return (
    intent === 'estimate' || intent === 'add' || intent === 'promo' || /^remove:\d+$/.test(intent)
  );
}

/** The summary's estimate and cap as placeOrder takes them, or the fields' messages. */
function estimatePayload(
  form: EstimateForm,
):
  | { ok: true; estimate: EstimateInput | undefined; priceCap: number | undefined }
  | { ok: false; errors: Record<string, string> } {
  const errors = estimateFormErrors(form);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const stated =
    form.notSure || form.lines.length > 0
      ? estimateInputSchema.safeParse({
          items: form.lines.map((l) => ({ service_id: l.serviceId, quantity: Number(l.quantity) })),
          not_sure: form.notSure,
        })
      : null;
  const cap = form.capIsDefault || form.cap === '' ? null : priceCapSchema.safeParse(form.cap);
  const found: Record<string, string> = {};
  for (const issue of stated?.success === false ? stated.error.issues : []) {
    found[['estimate', ...issue.path].join('.')] ??= issue.message;
  }
  if (cap?.success === false) found.price_cap = cap.error.issues[0]?.message ?? '';
  if (Object.keys(found).length > 0) return { ok: false, errors: found };
  return {
    ok: true,
    estimate: stated?.success ? stated.data : undefined,
    priceCap: cap?.success ? cap.data : undefined,
  };
}

/** The address as the use-cases take it (shared/validation addressSchema). */
function addressOf({ location, details }: BookingChoice): AddressInput & { building: string } {
  return {
    building: location.building ?? '',
    door_number: details.doorNumber,
    line1: location.line1,
    line2: location.line2,
    town: location.town || 'London',
    postcode: location.postcode,
    company: location.company,
    address_type: location.address_type || 'Residential',
  };
}

function detailsOf(form: FormData): CheckoutDetails {
  const field = (name: string) => String(form.get(name) ?? '');
  return {
    name: field('name'),
    phone: field('phone'),
    email: field('email'),
    notes: field('notes'),
  };
}

/** A use-case's refusal as the page shows it: field messages and one notice (spec 8). */
function refused(error: unknown, details: CheckoutDetails, step: 1 | 2) {
  if (error instanceof ValidationError) {
    const errors: Record<string, string> = {};
    for (const [field, list] of Object.entries(error.errors)) if (list[0]) errors[field] = list[0];
    const text = errors.address ?? errors.postalcode ?? checkoutMessages.mandatory;
    return data<CheckoutResult>(
      { step, details, errors, alert: { tone: 'error', text } },
      { status: 422 },
    );
  }
  if (isRefusal(error)) {
    return data<CheckoutResult>(
      { step, details, errors: {}, alert: { tone: 'error', text: error.message } },
      { status: httpStatusOf(error) },
    );
  }
  throw error;
}

/**
 * The checkout's form posts (spec 4 'Checkout', 8 'Register', 'Placeorder'): the guest step,
 * sign-up, and placing the order, through the use-cases the API uses. The booking comes from
 * the page's own query, checked by the loader's resolver; the checkout token from the step
 * before, in a hidden field, as the JavaScript client holds it in memory.
 */
export async function checkoutAction(
  services: AppServices,
  input: { request: Request; form: FormData; booking: BookingChoice; ip: string },
) {
  const { form, booking, ip } = input;
  const intent = String(form.get('intent') ?? '');
  const details = detailsOf(form);
  const now = services.now();

  if (intent === 'login') return redirect('/login', 303);

  if (intent === 'guest' || intent === 'signup') {
    const parsed =
      intent === 'guest'
        ? guestDetailsSchema.safeParse(details)
        : registrationFormSchema.safeParse({
            ...details,
            password: form.get('password') ?? '',
            password_confirmation: form.get('password_confirmation') ?? '',
          });
    if (!parsed.success) {
      return data<CheckoutResult>(
        { step: 1, details, errors: firstErrors(parsed.error), alert: null },
        { status: 422 },
      );
    }
    try {
      const address = addressOf(booking);
      const coverage = await checkCoverage(services, { postcode: address.postcode });
      if (!coverage.served) {
        throw new ValidationError(
          coverage.message,
          { address: [coverage.message] },
          'postcode-not-covered',
        );
      }
      const created =
        intent === 'guest'
          ? await registerGuest(services, { ...details, address, ip })
          : await registerCustomer(services, {
              ...details,
              password: String(form.get('password')),
              address,
              ip,
            });
      return data<CheckoutResult>({
        step: 2,
        details,
        errors: {},
        alert: intent === 'signup' ? { tone: 'success', text: checkoutMessages.created } : null,
        checkoutToken: created.checkoutToken,
        attempt: crypto.randomUUID(),
        estimate: emptyEstimateForm,
      });
    } catch (error) {
      // An e-mail that has an account is not refused: the order goes on as a guest's and the
      // owner is e-mailed (issue 31, N6), so the step never tells who has an account.
      return refused(error, details, 1);
    }
  }

  if (intent === 'place' || isEstimateIntent(intent)) {
    const token = String(form.get('checkout_token') ?? '');
    const attempt = String(form.get('attempt') ?? '');
    const estimate = readEstimateForm(form, intent);
    const textUpdates = String(form.get('text_updates') ?? '');
    const promoCode = String(form.get('promo_code') ?? '').trim();
    // Issue 33: the installed app says so (after hydration) and may claim its offer.
    const source: OrderSource = form.get('source') === 'app' ? 'app' : 'web';
    const appOffer = form.get('app_offer') === 'yes';
    if (intent !== 'place') {
      // Without JavaScript: the summary again, with the lines, the estimate and the cap.
      const errors = estimateFormErrors(estimate);
      const again = {
        step: 2 as const,
        details,
        alert: null,
        checkoutToken: token,
        attempt,
        estimate,
        textUpdates,
        promoCode,
      };
      if (intent === 'promo' && Object.keys(errors).length === 0) {
        // Apply (issue 31): the code's line in the estimate, or the rule it breaks.
        const applied = await applyCode(services, { ...input, token, promoCode, estimate });
        if (!applied.ok) {
          return data<CheckoutResult>(
            { ...again, errors: { promo_code: applied.message } },
            { status: applied.status },
          );
        }
        return data<CheckoutResult>({
          ...again,
          errors: {},
          applied: applied.code,
          promoCode: applied.code.code,
        });
      }
      return data<CheckoutResult>(
        { ...again, errors },
        { status: Object.keys(errors).length > 0 ? 422 : 200 },
      );
    }
    const who = await orderingCustomer(
      services,
      {
        cookie: input.request.headers.get('cookie'),
        authorization: input.request.headers.get('authorization'),
      },
      token,
    );
    const retry = {
      step: 2 as const,
      details,
      checkoutToken: token,
      attempt,
      estimate,
      textUpdates,
      promoCode,
      appOffer,
    };
    const stated = estimatePayload(estimate);
    // Issue 17: "Text me updates"; not asked (an older page) leaves the choices as they are.
    const texts = textUpdates === '' ? null : textUpdatesSchema.safeParse(textUpdates);
    if (texts && !texts.success) {
      const text = texts.error.issues[0]?.message ?? checkoutMessages.mandatory;
      return data<CheckoutResult>(
        { ...retry, errors: { text_updates: text }, alert: { tone: 'error', text } },
        { status: 422 },
      );
    }
    if (!stated.ok) {
      return data<CheckoutResult>(
        {
          ...retry,
          errors: stated.errors,
          alert: { tone: 'error', text: checkoutMessages.mandatory },
        },
        { status: 422 },
      );
    }
    if (!who) {
      return data<CheckoutResult>(
        {
          ...retry,
          step: 1,
          errors: {},
          alert: { tone: 'error', text: checkoutMessages.noDetails },
        },
        { status: 401 },
      );
    }
    // Spec 4: paying by the invoice's link ends at the confirmation page; saving a card or
    // verifying PayPal now ('pending payment') goes on to the payment step.
    const paymentDetails = form.get('pay') === 'now' ? 'now' : 'with-invoice';
    try {
      const order = await placeOrder(services, {
        who,
        ip,
        pickup: slotChoiceOf(booking.details.pickup),
        delivery: slotChoiceOf(booking.details.delivery),
        address: addressOf(booking),
        accessNotes: booking.location.access_notes ?? '',
        name: details.name,
        notes: details.notes,
        company: booking.location.company,
        paymentDetails,
        idempotencyKey: attempt.length >= 8 ? attempt : undefined,
        estimate: stated.estimate,
        capPence: stated.priceCap,
        textUpdates: texts?.data,
        promoCode: promoCode || undefined,
        source,
        appOffer,
      });
      if (paymentDetails === 'with-invoice') {
        return redirect(`/order/complete/${order.orderId}`, 303);
      }
      // Issue 31: straight on to the card (or PayPal) page, with no screen between.
      return redirect(paymentPagePath(services, order.orderId, now), 303);
    } catch (error) {
      if (error instanceof ValidationError) {
        // An item gone from the price list meanwhile shows on its line.
        const errors: Record<string, string> = {};
        for (const [field, list] of Object.entries(error.errors)) {
          if (list[0]) errors[field] = list[0];
        }
        // Issue 33: the app's offer refused, known by its code; nothing was placed.
        const appOfferRefusal = isAppOfferRefusal(error.code) ? error.code : undefined;
        return data<CheckoutResult>(
          {
            ...retry,
            errors,
            appOfferRefusal,
            // Its offer gone for good (had, or not from the app), the box comes back unticked.
            appOffer:
              appOffer && (!appOfferRefusal || appOfferRefusal === 'app-offer-not-combined'),
            alert: {
              tone: 'error',
              text:
                errors.promo_code ??
                errors.app_offer ??
                errors.text_updates ??
                checkoutMessages.mandatory,
            },
          },
          { status: 422 },
        );
      }
      if (isRefusal(error)) {
        // Spec 8: a slot taken meanwhile (409) says so and offers the booking form again.
        return data<CheckoutResult>(
          { step: 'failed', details, errors: {}, alert: { tone: 'error', text: error.message } },
          { status: httpStatusOf(error) },
        );
      }
      throw error;
    }
  }
  return data<CheckoutResult>(
    { step: 1, details, errors: {}, alert: { tone: 'error', text: CLIENT_ERROR_MESSAGE } },
    { status: 400 },
  );
}

/** The summary's Apply without JavaScript: the same check as POST /api/promo/check. */
async function applyCode(
  services: AppServices,
  input: {
    request: Request;
    booking: BookingChoice;
    ip: string;
    token: string;
    promoCode: string;
    estimate: EstimateForm;
  },
): Promise<{ ok: true; code: AppliedCode } | { ok: false; message: string; status: number }> {
  const who = await orderingCustomer(
    services,
    {
      cookie: input.request.headers.get('cookie'),
      authorization: input.request.headers.get('authorization'),
    },
    input.token || undefined,
  );
  if (!who) return { ok: false, message: checkoutMessages.noDetails, status: 401 };
  try {
    const checked = await checkPromoCode(services, {
      who,
      code: input.promoCode,
      address: addressOf(input.booking),
      estimate: estimateInputOf(input.estimate),
      ip: input.ip,
    });
    return { ok: true, code: checked.applied };
  } catch (error) {
    if (error instanceof ValidationError || isRefusal(error)) {
      const message =
        error instanceof ValidationError
          ? (error.errors.promo_code?.[0] ?? error.message)
          : error.message;
      return { ok: false, message, status: httpStatusOf(error) };
    }
    throw error;
  }
}
