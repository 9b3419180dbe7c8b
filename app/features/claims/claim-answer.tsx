import { Form, useNavigation } from 'react-router';
import type { ClaimView } from '~/server/claims.server';
import { CLAIM_TEXT_MAX } from '@shared/claims/input';
import { photoContentTypes } from '@shared/photos';
import { ErrorSummary, type FormErrors } from '~/components/form';
import { TextAreaField } from '~/components/form/text-field';

/*
 * The customer's answers on a claim's page (issue 34): accept the offer (a refund to the card
 * or PayPal, or account credit with the bonus: the customer's choice), dispute it (or a
 * declined claim) with a reason, or add photos while we look into it. Plain POSTs to the
 * page's action (`intent`), working without JavaScript.
 */

export type ClaimFailure = FormErrors & { intent: string };

function Refusal({ failure, intent }: { failure: ClaimFailure | null; intent: string }) {
  return failure?.intent === intent ? (
    <ErrorSummary message={failure.message} fields={failure.fields} />
  ) : null;
}

export function AcceptOffer({
  claim,
  failure,
}: {
  claim: ClaimView;
  failure: ClaimFailure | null;
}) {
  const busy = useNavigation().state === 'submitting';
  // Once accepted (a payment row, even while the refund is being made) there is nothing to do.
  if (claim.status !== 'offered' || !claim.offer || claim.payment) return null;
  const choice =
    'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-4 has-[:checked]:border-brand has-[:checked]:ring-1 has-[:checked]:ring-brand/30';
  return (
    <Form method="post" className="space-y-4" aria-labelledby="accept-title">
      <input type="hidden" name="intent" value="accept" />
      <h2 id="accept-title" className="text-lg font-semibold">
        Accept the offer
      </h2>
      <Refusal failure={failure} intent="accept" />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="field-label">How would you like it?</legend>
        <label className={choice}>
          <input
            type="radio"
            name="method"
            value="credit"
            defaultChecked
            className="mt-1 size-4 accent-[var(--color-brand)]"
          />
          <span>
            <span className="block font-semibold">
              £{claim.offer.credit_with_bonus} account credit
            </span>
            <span className="block text-sm text-slate-600">
              Our bonus on top, for your next orders. Yours at once.
            </span>
          </span>
        </label>
        <label className={choice}>
          <input
            type="radio"
            name="method"
            value="refund"
            className="mt-1 size-4 accent-[var(--color-brand)]"
          />
          <span>
            <span className="block font-semibold">£{claim.offer.total} refund</span>
            <span className="block text-sm text-slate-600">
              Back to the card or PayPal that paid, in a few working days.
            </span>
          </span>
        </label>
      </fieldset>
      <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto" disabled={busy}>
        Accept the offer
      </button>
    </Form>
  );
}

export function DisputeClaim({
  claim,
  failure,
}: {
  claim: ClaimView;
  failure: ClaimFailure | null;
}) {
  const busy = useNavigation().state === 'submitting';
  if (claim.status !== 'offered' && claim.status !== 'declined') return null;
  // Accepted (even while paying); as the API has it: a declined claim is disputed once, and
  // the owner declining a dispute is final (of an offer too); a raised offer may be disputed.
  const final =
    (claim.status === 'declined' && claim.disputes.length > 0) ||
    claim.disputes.some((d) => d.answer === 'declined');
  if (claim.payment || final) return null;
  return (
    <Form method="post" className="space-y-3" aria-labelledby="dispute-title">
      <input type="hidden" name="intent" value="dispute" />
      <h2 id="dispute-title" className="text-lg font-semibold">
        {claim.status === 'declined' ? 'Disagree with our answer?' : 'Not fair?'}
      </h2>
      <p className="text-sm text-slate-700">
        Tell us why: our owner looks at the whole file and answers you.
      </p>
      <Refusal failure={failure} intent="dispute" />
      <TextAreaField
        id="dispute-reason"
        name="reason"
        label="Why the offer is not fair"
        rows={3}
        maxLength={CLAIM_TEXT_MAX}
        error={failure?.intent === 'dispute' ? failure.fields.reason : undefined}
      />
      <button type="submit" className="btn-secondary min-h-11 w-full sm:w-auto" disabled={busy}>
        Send to our owner
      </button>
    </Form>
  );
}

export function AddPhotos({ claim, failure }: { claim: ClaimView; failure: ClaimFailure | null }) {
  const busy = useNavigation().state === 'submitting';
  if (claim.status !== 'open') return null;
  const claimable = claim.items.filter((i) => i.kind !== 're-clean');
  if (claimable.length === 0) return null;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-3 rounded-lg border border-slate-200 p-4"
      aria-labelledby="photos-title"
    >
      <input type="hidden" name="intent" value="photo" />
      <h2 id="photos-title" className="font-semibold">
        Add a photo
      </h2>
      <Refusal failure={failure} intent="photo" />
      {/* Two columns at most: in three, the garment's name and the file's were cut short. */}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="photo-item" className="field-label">
            Garment
          </label>
          <select id="photo-item" name="item" className="field-input">
            {claimable.map((i) => (
              <option key={i.id} value={i.id}>
                {i.garment}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="photo-role" className="field-label">
            It shows
          </label>
          <select id="photo-role" name="role" className="field-input">
            <option value="damage">The garment</option>
            <option value="receipt">The receipt</option>
          </select>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="photo-file" className="field-label">
            Photo
          </label>
          <input
            id="photo-file"
            name="photo"
            type="file"
            accept={photoContentTypes.join(',')}
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-brand file:bg-white file:px-4 file:font-semibold file:text-brand"
          />
        </div>
      </div>
      <button type="submit" className="btn-secondary min-h-11 w-full sm:w-auto" disabled={busy}>
        Add the photo
      </button>
    </Form>
  );
}
