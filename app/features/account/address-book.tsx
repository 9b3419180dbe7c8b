import { Form, Link } from 'react-router';
import { ErrorSummary, TextAreaField, TextField } from '~/components/form';
import type { FormErrors } from '~/components/form';
import { Notice } from '~/components/form/form-field';

/*
 * The account's address book (issue 18, decision 034): each saved address with its label,
 * flat, building, street and access notes, and the one form that adds or edits an entry. Plain
 * form posts to /account/addresses, so it all works without JavaScript.
 */

export type AddressEntry = {
  id: string;
  label: string;
  door_number: string;
  building: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
  company: string;
  address_type: string;
  access_notes: string;
  full_address: string;
};

export type AddressFormValues = Record<
  'label' | 'door_number' | 'building' | 'line1' | 'line2' | 'town' | 'postcode' | 'company',
  string
> & { address_type: string; access_notes: string };

export const emptyAddressForm: AddressFormValues = {
  label: '',
  door_number: '',
  building: '',
  line1: '',
  line2: '',
  town: 'London',
  postcode: '',
  company: '',
  address_type: 'Residential',
  access_notes: '',
};

const labels = {
  label: 'Label',
  door_number: 'Flat or door',
  building: 'Building name',
  line1: 'Building number and street',
  town: 'Town',
  postcode: 'Postcode',
  access_notes: 'Access notes',
} as const;

const id = (field: keyof typeof labels) => `address-${field.replace('_', '-')}`;
const links = Object.fromEntries(
  Object.entries(labels).map(([field, label]) => [
    field,
    { id: id(field as keyof typeof labels), label },
  ]),
);

export function AddressList({ addresses }: { addresses: AddressEntry[] }) {
  if (addresses.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-slate-600">
        No saved addresses yet. Add one below and pick it when you next book.
      </p>
    );
  }
  return (
    <ul className="grid gap-3 min-[700px]:grid-cols-2" aria-label="Saved addresses">
      {addresses.map((a) => (
        <li
          key={a.id}
          className="flex flex-col rounded-lg border border-slate-200 bg-white p-4"
          data-address={a.id}
        >
          <p className="font-semibold text-slate-900">{a.label || 'Saved address'}</p>
          <address className="mt-1 text-sm whitespace-pre-line text-slate-700 not-italic">
            {a.full_address}
          </address>
          {a.access_notes ? (
            <p className="mt-2 text-sm text-slate-600">
              <span className="font-medium text-slate-800">Access: </span>
              {a.access_notes}
            </p>
          ) : null}
          <div className="mt-auto flex items-center gap-4 pt-3 text-sm">
            <Link
              to={`/account/addresses?edit=${a.id}#address-form`}
              className="font-medium text-brand underline"
              aria-label={`Edit ${a.label || a.full_address.split('\n')[0]}`}
            >
              Edit
            </Link>
            <Form method="post" action="/account/addresses">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="id" value={a.id} />
              <button
                type="submit"
                className="font-medium text-red-700 underline"
                aria-label={`Remove ${a.label || a.full_address.split('\n')[0]}`}
              >
                Remove
              </button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Adds an address, or edits the one given (`editing`). */
export function AddressForm({
  editing,
  values,
  errors,
}: {
  editing: string | null;
  values: AddressFormValues;
  errors: FormErrors | null;
}) {
  const fields = errors?.fields ?? {};
  const field = (name: keyof typeof labels) => ({
    id: id(name),
    name,
    label: labels[name],
    defaultValue: values[name],
    error: fields[name],
  });
  return (
    <Form
      id="address-form"
      method="post"
      action="/account/addresses"
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4 min-[700px]:p-6"
    >
      <h2 className="text-lg font-semibold">{editing ? 'Edit address' : 'Add an address'}</h2>
      {errors ? <ErrorSummary message={errors.message} fields={fields} links={links} /> : null}
      <input type="hidden" name="intent" value={editing ? 'update' : 'add'} />
      {editing ? <input type="hidden" name="id" value={editing} /> : null}
      {/* Kept as they were: parts the address search filled in that this form does not show. */}
      <input type="hidden" name="line2" value={values.line2} />
      <input type="hidden" name="company" value={values.company} />
      <input type="hidden" name="address_type" value={values.address_type} />
      <div className="grid gap-4 min-[700px]:grid-cols-2">
        <TextField {...field('label')} hint="e.g. Home, Work, Mum’s" autoComplete="off" />
        <TextField {...field('door_number')} hint="e.g. Flat 2" autoComplete="address-line2" />
        <TextField {...field('building')} hint="If it has one: e.g. Elgin Court" />
        <TextField
          {...field('line1')}
          placeholder="e.g. 7 Elgin Avenue"
          autoComplete="address-line1"
        />
        <TextField {...field('town')} autoComplete="address-level2" />
        <TextField {...field('postcode')} className="uppercase" autoComplete="postal-code" />
      </div>
      <TextAreaField
        {...field('access_notes')}
        rows={3}
        hint="Gate or door codes, where to leave the bag, who can take it"
      />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary">
          {editing ? 'Save changes' : 'Save address'}
        </button>
        {editing ? (
          <Link to="/account/addresses" className="font-medium text-brand underline">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export function AddressBookNotice({
  message,
  tone = 'success',
}: {
  message: string | null;
  tone?: 'success' | 'error';
}) {
  return message ? <Notice tone={tone}>{message}</Notice> : null;
}
