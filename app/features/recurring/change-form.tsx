import { useState } from 'react';
import { Form } from 'react-router';
import type { RecurringPlanView } from '@shared/api/recurring';
import {
  ErrorSummary,
  SelectField,
  TextAreaField,
  useHydrated,
  type FormErrors,
} from '~/components/form';
import { PlanRuleFields, type SetupOptions } from './plan-rule-fields';

/*
 * Changing a repeat collection (issue 18, docs/decisions/036): how often, the day, the
 * collection and delivery windows, the address (kept unless another saved one is chosen) and
 * the notes. A plain form post (`intent=edit`) inside a <details> that opens by itself when
 * the change was refused; without JavaScript every window of any day is listed and the server
 * says if the day has not got it (the set-up's messages).
 */

export function ChangeForm({
  plan,
  options,
  errors,
  busy,
  hidden,
}: {
  plan: RecurringPlanView;
  options: SetupOptions;
  errors?: FormErrors | null;
  busy: boolean;
  hidden: Record<string, string>;
}) {
  const id = (name: string) => `change-${name}-${plan.id}`;
  const links = {
    frequency: { id: id('frequency'), label: 'How often' },
    weekday: { id: id('weekday'), label: 'Day' },
    window_start: { id: id('window'), label: 'Collection window' },
    delivery_start: { id: id('delivery'), label: 'Delivery window' },
    address_id: { id: id('address'), label: 'Address' },
    notes: { id: id('notes'), label: 'Notes for the driver' },
  };
  const [weekday, setWeekday] = useState(plan.weekday);
  const hydrated = useHydrated();
  const windows = hydrated
    ? (options.weekdays.find((d) => d.weekday === weekday)?.windows ?? [])
    : [...new Set(options.weekdays.flatMap((d) => d.windows))].sort();
  const field = (name: string) => errors?.fields[name];
  const booked = plan.upcoming.some((d) => d.state === 'booked');
  return (
    <details open={Boolean(errors)} className="mt-5 rounded-lg border border-slate-200">
      <summary className="cursor-pointer px-4 py-3 font-semibold text-slate-900">
        Change this repeat collection
      </summary>
      <Form method="post" className="space-y-4 border-t border-slate-200 p-4" noValidate>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="intent" value="edit" />
        {errors ? (
          <ErrorSummary message={errors.message} fields={errors.fields} links={links} />
        ) : null}
        <p className="text-sm text-slate-600">
          {booked
            ? 'A collection already booked as an order stays as it is; the next ones follow the new rule.'
            : 'The next collections follow the new rule.'}{' '}
          A new day or frequency starts on the first new day we can still book.
        </p>
        <PlanRuleFields
          links={links}
          options={options}
          windows={windows}
          weekday={weekday}
          onWeekday={setWeekday}
          error={field}
          defaults={{
            frequency: plan.frequency,
            window: plan.window_start,
            delivery: plan.delivery_start,
          }}
          windowKey={`window-${weekday}-${hydrated}`}
        />
        <SelectField
          id={links.address_id.id}
          label={links.address_id.label}
          name="address_id"
          error={field('address_id')}
          defaultValue=""
        >
          <option value="">Keep: {plan.address}</option>
          {options.addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          id={links.notes.id}
          label={links.notes.label}
          name="notes"
          rows={2}
          maxLength={1000}
          error={field('notes')}
          defaultValue={plan.notes}
        />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          Save changes
        </button>
      </Form>
    </details>
  );
}
