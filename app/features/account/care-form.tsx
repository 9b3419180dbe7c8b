import { Form } from 'react-router';
import type { CarePreferences } from '@shared/care-preferences';
import { ErrorSummary, SelectField, TextAreaField } from '~/components/form';
import type { FormErrors } from '~/components/form';
import { Notice } from '~/components/form/form-field';

/*
 * The account's garment care form (issue 18, decision 034): a plain form post to
 * /account/preferences, so it works without JavaScript. What is chosen here is shown to the
 * driver and to the shop beside each order.
 */

const links = {
  shirts: { id: 'care-shirts-hanger', label: 'Shirts' },
  starch: { id: 'care-starch', label: 'Starch' },
  detergent_notes: { id: 'care-detergent', label: 'Detergent sensitivity' },
  handover_notes: { id: 'care-handover', label: 'Access and handover instructions' },
};

export function CareForm({
  values,
  errors,
  saved,
}: {
  values: CarePreferences;
  errors: FormErrors | null;
  saved: string | null;
}) {
  const fields = errors?.fields ?? {};
  const radio = 'size-4 accent-brand';
  const choice =
    'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand/5';
  return (
    <Form method="post" action="/account/preferences" noValidate className="max-w-2xl space-y-6">
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {errors ? <ErrorSummary message={errors.message} fields={fields} links={links} /> : null}
      <fieldset>
        <legend className="field-label">Shirts</legend>
        <div className="grid gap-2 min-[500px]:grid-cols-3">
          {(
            [
              ['hanger', 'On hangers', 'care-shirts-hanger'],
              ['folded', 'Folded', 'care-shirts-folded'],
              ['', 'No preference', 'care-shirts-any'],
            ] as const
          ).map(([value, label, id]) => (
            <label key={id} className={choice} htmlFor={id}>
              <input
                id={id}
                type="radio"
                name="shirts"
                value={value}
                defaultChecked={(values.shirts ?? '') === value}
                className={radio}
              />
              {label}
            </label>
          ))}
        </div>
        {fields.shirts ? <p className="field-error">{fields.shirts}</p> : null}
      </fieldset>
      <SelectField
        id="care-starch"
        name="starch"
        label="Starch"
        defaultValue={values.starch ?? ''}
        error={fields.starch}
        fieldClassName="max-w-xs"
      >
        <option value="">No preference</option>
        <option value="none">No starch</option>
        <option value="light">Light</option>
        <option value="medium">Medium</option>
        <option value="heavy">Heavy</option>
      </SelectField>
      <fieldset className="space-y-2">
        <legend className="field-label">Returns</legend>
        <label className={choice}>
          <input
            type="checkbox"
            name="no_plastic_covers"
            defaultChecked={values.no_plastic_covers}
            className={radio}
          />
          No plastic covers
        </label>
        <label className={choice}>
          <input
            type="checkbox"
            name="return_hangers"
            defaultChecked={values.return_hangers}
            className={radio}
          />
          I return my hangers: please collect them
        </label>
      </fieldset>
      <TextAreaField
        id="care-detergent"
        name="detergent_notes"
        label="Detergent sensitivity"
        rows={2}
        defaultValue={values.detergent_notes}
        error={fields.detergent_notes}
        hint="e.g. Sensitive skin: non-bio, fragrance-free"
      />
      <TextAreaField
        id="care-handover"
        name="handover_notes"
        label="Access and handover instructions"
        rows={3}
        defaultValue={values.handover_notes}
        error={fields.handover_notes}
        hint="e.g. Leave with the concierge; ring twice"
      />
      <button type="submit" className="btn-primary">
        Save preferences
      </button>
    </Form>
  );
}
