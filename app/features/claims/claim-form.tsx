import { Form, useNavigation } from 'react-router';
import type { ClaimableOrder } from '~/server/claims.server';
import { garmentCategories, garmentCategoryLabels } from '@shared/claims/table';
import {
  claimItemKindLabels,
  claimItemKinds,
  damageKindLabels,
  damageKinds,
  type ClaimItemKind,
} from '@shared/claims/window';
import { CLAIM_TEXT_MAX } from '@shared/claims/input';
import { photoContentTypes } from '@shared/photos';
import { ErrorSummary, type FormErrors } from '~/components/form';
import { SelectField, TextAreaField, TextField } from '~/components/form/text-field';
import { garmentField } from './claim-fields';

/*
 * The customer's claim form (issue 34): each garment of the order as a card, ticked to claim
 * it, with what happened (missing, damaged and how, a re-clean), its kind and age, what a new
 * one costs, a note, the customer's own photos and an optional receipt. A multipart POST to
 * the route's action, so it works without JavaScript; a garment's fields show once it is
 * ticked (CSS :has, no script), and "kind of damage" once "Damaged" is chosen.
 */

const accept = photoContentTypes.join(',');

/** Why a kind of claim cannot be made on this order now, or null when it can. */
function kindClosed(order: ClaimableOrder, kind: ClaimItemKind): string | null {
  const w = order.windows.find((x) => x.kind === kind)!;
  if (w.state === 'open') return null;
  if (w.state === 'closed') return `closed ${w.ends_display}`;
  return kind === 'missing' || kind === 'not-mine'
    ? 'once we send the intake report'
    : 'once the order is delivered';
}

function GarmentCard({
  order,
  garment,
  values,
  errors,
}: {
  order: ClaimableOrder;
  garment: ClaimableOrder['garments'][number];
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const f = (name: string) => garmentField(garment.id, name);
  const id = (name: string) => `claim-g${garment.id}-${name}`;
  const included = values[f('include')] === 'on';
  const kind = values[f('kind')] ?? '';
  return (
    <li className="claim-garment rounded-lg border border-slate-200 bg-white p-4 has-[.claim-include:checked]:border-brand has-[.claim-include:checked]:ring-1 has-[.claim-include:checked]:ring-brand/30">
      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          name={f('include')}
          defaultChecked={included}
          className="claim-include mt-1 size-5 accent-[var(--color-brand)]"
        />
        <span>
          <span className="block font-semibold text-slate-900">{garment.label}</span>
          <span className="block text-sm text-slate-600">
            {[garment.colour, garment.brand].filter(Boolean).join(' · ') || 'No colour noted'} ·
            cleaning charge £{garment.cleaning_charge}
          </span>
        </span>
      </label>
      <div className="claim-garment-fields mt-4 grid gap-4 border-t border-slate-100 pt-4 sm:grid-cols-2">
        <fieldset
          className="sm:col-span-2"
          aria-describedby={errors[f('kind')] ? `${id('kind')}-error` : undefined}
        >
          <legend className="field-label">What happened</legend>
          {errors[f('kind')] ? (
            <p id={`${id('kind')}-error`} className="field-error mb-2">
              {errors[f('kind')]}
            </p>
          ) : null}
          <div className="grid gap-2 sm:grid-cols-2">
            {claimItemKinds.map((k) => {
              const closed = kindClosed(order, k);
              return (
                <label
                  key={k}
                  className={`flex min-h-11 items-start gap-2 rounded-md border px-3 py-2 text-sm ${closed ? 'border-slate-200 bg-slate-50 text-slate-600' : 'cursor-pointer border-slate-300 has-[:checked]:border-brand has-[:checked]:bg-brand/5'}`}
                >
                  <input
                    type="radio"
                    name={f('kind')}
                    value={k}
                    id={k === claimItemKinds[0] ? id('kind') : undefined}
                    defaultChecked={kind === k}
                    disabled={closed !== null}
                    className={`mt-0.5 size-4 accent-[var(--color-brand)] ${k === 'damaged' ? 'claim-kind-damaged' : ''}`}
                  />
                  <span>
                    <span className="font-medium text-slate-900">{claimItemKindLabels[k]}</span>
                    {closed ? <span className="block text-xs">Can be claimed {closed}</span> : null}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <SelectField
          id={id('damage_kind')}
          name={f('damage_kind')}
          label="Kind of damage"
          fieldClassName="claim-damage-kind"
          defaultValue={values[f('damage_kind')] ?? ''}
          error={errors[f('damage_kind')]}
        >
          <option value="">Choose…</option>
          {damageKinds.map((d) => (
            <option key={d} value={d}>
              {damageKindLabels[d]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={id('category')}
          name={f('category')}
          label="What kind of garment it is"
          defaultValue={values[f('category')] ?? ''}
          error={errors[f('category')]}
        >
          <option value="">Choose…</option>
          {garmentCategories.map((c) => (
            <option key={c} value={c}>
              {garmentCategoryLabels[c]}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id('age_months')}
          name={f('age_months')}
          label="Its age in months"
          inputMode="numeric"
          defaultValue={values[f('age_months')] ?? ''}
          error={errors[f('age_months')]}
          hint="Roughly how long you have had it (12 for a year)."
        />
        <TextField
          id={id('replacement_cost')}
          name={f('replacement_cost')}
          label="What a new one costs (£, optional)"
          inputMode="decimal"
          defaultValue={values[f('replacement_cost')] ?? ''}
          error={errors[f('replacement_cost')]}
          hint="A comparable new item today. Above our ceiling, a receipt photo lets us use it."
        />
        <TextAreaField
          id={id('note')}
          name={f('note')}
          label="Tell us what you see (optional)"
          rows={3}
          maxLength={CLAIM_TEXT_MAX}
          fieldClassName="sm:col-span-2"
          defaultValue={values[f('note')] ?? ''}
          error={errors[f('note')]}
        />
        <div>
          <label htmlFor={id('photos')} className="field-label">
            Your photos of it (optional)
          </label>
          <input
            id={id('photos')}
            name={f('photos')}
            type="file"
            accept={accept}
            multiple
            aria-describedby={
              errors[f('photos')] ? `${id('photos')}-error` : `${id('photos')}-hint`
            }
            aria-invalid={errors[f('photos')] ? true : undefined}
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-brand file:bg-white file:px-4 file:font-semibold file:text-brand"
          />
          {errors[f('photos')] ? (
            <p id={`${id('photos')}-error`} className="field-error">
              {errors[f('photos')]}
            </p>
          ) : (
            <p id={`${id('photos')}-hint`} className="mt-1 text-xs text-slate-500">
              JPEG, PNG or WebP, up to 10 MB each; at most 5 photos and a receipt in the claim (more
              on the claim’s page).
            </p>
          )}
        </div>
        <div>
          <label htmlFor={id('receipt')} className="field-label">
            Receipt photo (optional)
          </label>
          <input
            id={id('receipt')}
            name={f('receipt')}
            type="file"
            accept={accept}
            aria-invalid={errors[f('receipt')] ? true : undefined}
            aria-describedby={errors[f('receipt')] ? `${id('receipt')}-error` : undefined}
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-brand file:bg-white file:px-4 file:font-semibold file:text-brand"
          />
          {errors[f('receipt')] ? (
            <p id={`${id('receipt')}-error`} className="field-error">
              {errors[f('receipt')]}
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}

export function ClaimForm({
  order,
  failure,
}: {
  order: ClaimableOrder;
  failure: (FormErrors & { values: Record<string, string> }) | null;
}) {
  const busy = useNavigation().state === 'submitting';
  const values = failure?.values ?? {};
  const errors = failure?.fields ?? {};
  const links = Object.fromEntries(
    Object.keys(errors).flatMap((key) => {
      const m = /^g\.(\d+)\.(.+)$/.exec(key);
      return m ? [[key, { id: `claim-g${m[1]}-${m[2]}`, label: errors[key]! }]] : [];
    }),
  );
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6" noValidate>
      {failure ? <ErrorSummary message={failure.message} fields={errors} links={links} /> : null}
      {failure && Object.keys(values).some((k) => k.endsWith('.include')) ? (
        <p className="text-sm text-slate-600">
          Files are not kept when a form is sent back: please choose your photos again.
        </p>
      ) : null}
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">
          Which garments? Tick each one to claim for it.
        </legend>
        <ul className="mt-3 space-y-3" aria-label="Garments on this order">
          {order.garments.map((g) => (
            <GarmentCard key={g.id} order={order} garment={g} values={values} errors={errors} />
          ))}
        </ul>
      </fieldset>
      <TextAreaField
        id="claim-note"
        name="note"
        label="Anything else we should know (optional)"
        rows={3}
        maxLength={CLAIM_TEXT_MAX}
        defaultValue={values.note ?? ''}
        error={errors.note}
      />
      <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        We answer within {order.answer_within_hours} hours. If it was our fault we offer what the
        garment was worth (by its kind, age and condition) plus the cleaning charge back, as a
        refund or as account credit with {order.credit_bonus_percent}% more.
      </p>
      <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto" disabled={busy}>
        {busy ? 'Sending…' : 'Send my claim'}
      </button>
    </Form>
  );
}
