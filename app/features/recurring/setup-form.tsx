import { useState } from 'react';
import { Form } from 'react-router';
import {
  ErrorSummary,
  SelectField,
  TextField,
  useHydrated,
  type FormErrors,
} from '~/components/form';
import { PlanRuleFields, type SetupOptions } from './plan-rule-fields';

/*
 * Setting up a repeat collection (issue 18, docs/decisions/036): how often, the day, the
 * collection and delivery windows, and the address (a saved one, or typed). A plain form
 * post (`intent=create`); the day's windows are all listed without JavaScript and narrowed to
 * the chosen day's with it.
 */

const links = {
  frequency: { id: 'plan-frequency', label: 'How often' },
  weekday: { id: 'plan-weekday', label: 'Day' },
  window_start: { id: 'plan-window', label: 'Collection window' },
  delivery_start: { id: 'plan-delivery', label: 'Delivery window' },
  address_id: { id: 'plan-address', label: 'Address' },
  'address.line1': { id: 'plan-line1', label: 'Building number and street' },
  'address.postcode': { id: 'plan-postcode', label: 'Postcode' },
};

export function SetupForm({
  options,
  errors,
  busy,
}: {
  options: SetupOptions;
  errors?: FormErrors | null;
  busy: boolean;
}) {
  const [weekday, setWeekday] = useState(options.weekdays[0]?.weekday ?? 1);
  const [address, setAddress] = useState(options.addresses[0]?.id ?? 'new');
  const day = options.weekdays.find((d) => d.weekday === weekday);
  const windows = day?.windows ?? [];
  const field = (name: string) => errors?.fields[name];
  const hydrated = useHydrated();
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value="create" />
      {errors ? (
        <ErrorSummary message={errors.message} fields={errors.fields} links={links} />
      ) : null}
      <PlanRuleFields
        links={links}
        options={options}
        windows={windows}
        weekday={weekday}
        onWeekday={setWeekday}
        error={field}
        defaults={{ frequency: 'weekly', window: '09:00', delivery: '18:00' }}
        windowKey={`window-${weekday}`}
      />
      <SelectField
        id={links.address_id.id}
        label={links.address_id.label}
        name="address_id"
        error={field('address_id')}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
      >
        {options.addresses.map((a) => (
          <option key={a.id} value={a.id}>
            {a.label}
          </option>
        ))}
        <option value="new">A new address…</option>
      </SelectField>
      {address === 'new' || !hydrated ? (
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-3">
          <TextField
            id="plan-door"
            label="Flat or door"
            name="door_number"
            autoComplete="address-line2"
          />
          <TextField
            id={links['address.line1'].id}
            label={links['address.line1'].label}
            name="line1"
            autoComplete="address-line1"
            error={field('address.line1')}
          />
          <TextField
            id={links['address.postcode'].id}
            label={links['address.postcode'].label}
            name="postcode"
            autoComplete="postal-code"
            error={field('address.postcode')}
          />
        </div>
      ) : null}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        Set up repeat collection
      </button>
    </Form>
  );
}
