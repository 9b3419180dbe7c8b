import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { AppliedCode } from '@shared/promo-discount';
import { minimumOrder } from '@shared/price-rules';
import { noTextsAtNight } from '@shared/quiet-hours';
import { FinalPriceRules } from '~/components/final-price-rules';
import { Notice } from '~/components/form/form-field';
import { useHydrated } from '~/components/form/use-hydrated';
import type { CheckoutDetails } from './checkout-state';
import type { EstimateCatalogue, EstimateForm } from './estimate-form';
import { EstimateSection } from './estimate-section';
import { PromoField, type PromoAddress } from './promo-field';
import { AppOfferField } from './app-offer-field';
import type { AppOfferRefusal } from '@shared/app-offer';

/**
 * Step 2, Order Summary: the details as they will be sent, what the customer is sending with
 * its estimate and the price cap (issue 15), how the final price is worked out, the payment
 * choice and Place Order. The details and the checkout token ride along in hidden fields; the
 * server checks the token, prices the estimate and takes the slots' places in one transaction.
 */
export function SummaryStep({
  action,
  details,
  checkoutToken,
  attempt,
  backHref,
  catalogue,
  estimate,
  textUpdates,
  promoCode,
  applied: appliedByServer,
  address,
  errors,
  appOffer,
  appOfferRefusal,
}: {
  action: string;
  details: CheckoutDetails;
  checkoutToken: string;
  attempt: string;
  backHref: string;
  catalogue: EstimateCatalogue;
  estimate: EstimateForm;
  /** "Text me updates" as chosen: sms, whatsapp or none (issue 17). */
  textUpdates: string;
  /** The promo or referral code as posted (issue 18). */
  promoCode: string;
  /** The code Apply accepted (issue 31), as the server answered a post without JavaScript. */
  applied: AppliedCode | null;
  /** The booking's address, for a logged-in customer's Apply. */
  address: PromoAddress | null;
  errors: Record<string, string>;
  /** Issue 33: the app's offer ticked as posted, and why placing refused it. */
  appOffer: boolean;
  appOfferRefusal?: AppOfferRefusal;
}) {
  const busy = useNavigation().state === 'submitting';
  const hydrated = useHydrated();
  const [applied, setApplied] = useState(appliedByServer);
  return (
    <Form method="post" action={action} aria-labelledby="order-summary" className="space-y-6">
      {/* Enter in a field submits the first button: this one, which only updates the estimate. */}
      <button
        type="submit"
        name="intent"
        value="estimate"
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        onClick={hydrated ? (event) => event.preventDefault() : undefined}
      >
        Update estimate
      </button>
      <section className="card space-y-4">
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
            <dd className="font-medium break-words">{details.email}</dd>
          </div>
          {details.notes && (
            <div>
              <dt className="text-slate-500">Notes</dt>
              <dd className="font-medium">{details.notes}</dd>
            </div>
          )}
        </dl>
        {(['name', 'phone', 'email', 'notes'] as const).map((field) => (
          <input key={field} type="hidden" name={field} value={details[field]} />
        ))}
        <input type="hidden" name="checkout_token" value={checkoutToken} />
        <input type="hidden" name="attempt" value={attempt} />
      </section>
      <AppOfferField
        key={`${appOfferRefusal ?? ''}:${appOffer}`}
        claimed={appOffer}
        refusal={appOfferRefusal}
        error={errors.app_offer}
      />
      <TextUpdatesChoice phone={details.phone} chosen={textUpdates} error={errors.text_updates} />
      <EstimateSection
        key={JSON.stringify(estimate)}
        catalogue={catalogue}
        initial={estimate}
        errors={errors}
        applied={applied}
        promoField={
          <PromoField
            key={`${promoCode}:${appliedByServer?.code ?? ''}:${errors.promo_code ?? ''}`}
            code={promoCode}
            applied={applied}
            onApplied={setApplied}
            error={errors.promo_code}
            checkoutToken={checkoutToken}
            address={address}
          />
        }
      />
      <section aria-label="Payment and placing the order" className="card space-y-4">
        <FinalPriceRules />
        <ul className="space-y-2">
          <li>
            <Notice tone="info">We will take the payment before delivery</Notice>
          </li>
          <li>
            <Notice tone="info">Minimum Order {minimumOrder}</Notice>
          </li>
        </ul>
        <fieldset>
          <legend className="field-label">How would you like to pay after cleaning?</legend>
          <label className="mt-2 flex items-start gap-2 text-sm">
            <input type="radio" name="pay" value="later" defaultChecked className="mt-1" />
            <span>By the payment link in the invoice we e-mail before delivery</span>
          </label>
          <label className="mt-2 flex items-start gap-2 text-sm">
            <input type="radio" name="pay" value="now" className="mt-1" />
            <span>
              Save a card now (£0.00) or verify with PayPal (£0.35), charged after cleaning
            </span>
          </label>
        </fieldset>
        <div className="flex flex-wrap gap-3 pt-2">
          <Link to={backHref} className="btn-secondary">
            Back
          </Link>
          <button type="submit" name="intent" value="place" className="btn-primary" disabled={busy}>
            {busy ? 'Placing your order…' : 'Place Order'}
          </button>
        </div>
      </section>
    </Form>
  );
}

const TEXT_UPDATE_OPTIONS = [
  { value: 'sms', label: 'SMS' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'none', label: 'No texts, e-mail only' },
] as const;

/**
 * Issue 17: "Text me updates" about the order, to the phone above: the customer's channel
 * for service messages (the account's message preferences can change it later).
 */
function TextUpdatesChoice({
  phone,
  chosen,
  error,
}: {
  phone: string;
  chosen: string;
  error?: string;
}) {
  return (
    <section className="card">
      <fieldset aria-describedby={`text-updates-hint${error ? ' text-updates-error' : ''}`}>
        <legend className="text-lg font-semibold">Text me updates</legend>
        <p id="text-updates-hint" className="mt-1 text-sm text-slate-600">
          Booking confirmed, the evening before collection, driver on the way and delivery: to{' '}
          <span className="font-medium text-slate-800">{phone}</span>. {noTextsAtNight} except when
          the driver is on the way; reply STOP at any time.
        </p>
        {error ? (
          <p id="text-updates-error" className="field-error mt-2">
            {error}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {TEXT_UPDATE_OPTIONS.map((option) => (
            <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="text_updates"
                value={option.value}
                defaultChecked={chosen === option.value}
                className="h-4 w-4"
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
