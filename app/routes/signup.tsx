import { useState } from 'react';
import { formatAddress } from '@shared/address';
import { Link, redirect, useNavigate } from 'react-router';
import { getCurrentCustomer } from '@server/auth/current-customer';
import {
  PHONE_MAX_LENGTH,
  addressSchema,
  firstErrors,
  registrationFormSchema,
} from '@shared/validation';
import { routes } from '@shared/api/routes';
import { GENERIC_ERROR, call, fieldMessages } from '~/utils/api-client';
import { AuthCard, FormField, Notice } from '~/components/form/form-field';
import { AddressSearch } from '~/features/booking/address-search';
import type { Route } from './+types/signup';

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [{ title: `Sign up | ${brand?.name ?? ''}` }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = await getCurrentCustomer(context.services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  if (customer) throw redirect('/account');
  return null;
}

const empty = {
  name: '',
  phone: '',
  email: '',
  password: '',
  password_confirmation: '',
  postcode: '',
  door_number: '',
  line1: '',
  town: 'London',
  company: '',
  address_type: 'Residential',
};
type Form = typeof empty;

function addressOf(form: Form) {
  return {
    postcode: form.postcode,
    door_number: form.door_number,
    line1: form.line1,
    town: form.town,
    company: form.company,
    address_type: form.address_type,
  };
}

/** Every field's first problem, from the same rules as the server. */
function problems(form: Form): Record<string, string> {
  const person = registrationFormSchema.safeParse(form);
  const address = addressSchema.safeParse(addressOf(form));
  return {
    ...(person.success ? {} : firstErrors(person.error)),
    ...(address.success ? {} : firstErrors(address.error)),
  };
}

export default function SignupPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(empty);
  // Once the visitor has pressed Sign Up, messages follow the fields as they change: a fixed
  // field loses its message at once.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [manual, setManual] = useState(false);
  const [doorFilled, setDoorFilled] = useState(false);
  const errors = { ...serverErrors, ...(submitted ? problems(form) : {}) };
  const update = (changes: Partial<Form>) => {
    setForm((f) => ({ ...f, ...changes }));
    setServerErrors((e) => {
      const left = { ...e };
      for (const key of Object.keys(changes)) delete left[key];
      return left;
    });
  };
  const set = (field: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    update({ [field]: e.target.value });
  const addressError = errors.line1 || errors.postcode;
  const preview = form.line1 && form.postcode ? formatAddress(addressOf(form)) : '';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSubmitted(true);
    setServerErrors({});
    const person = registrationFormSchema.safeParse(form);
    const address = addressSchema.safeParse(addressOf(form));
    if (!person.success || !address.success) {
      setFailure('Please check mandatory fields.');
      return;
    }
    setBusy(true);
    const reply = await call(routes.accounts.register, {
      body: { ...person.data, address: address.data },
    });
    setBusy(false);
    // Spec 8, every outcome of POST /register.
    if (reply.ok) {
      navigate('/login?notice=created');
    } else if (reply.status === 422 && reply.error.errors?.email) {
      navigate('/login?notice=taken');
    } else if (reply.status === 422) {
      setServerErrors(fieldMessages(reply.error.errors));
      setFailure('Please check mandatory fields.');
    } else {
      setFailure(reply.status === 429 ? reply.error.message : GENERIC_ERROR);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      intro="Book collections faster, follow your orders and keep your addresses in one place."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <FormField
          id="signup-name"
          label="Full name"
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
          error={errors.name}
        />
        <FormField
          id="signup-phone"
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          value={form.phone}
          onChange={set('phone')}
          error={errors.phone}
          hint="UK mobile, e.g. 07700 900123"
        />
        <FormField
          id="signup-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <FormField
          id="signup-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          hint="At least 8 characters with an upper-case letter, a lower-case letter, a number and one of @$!%*?&"
        />
        <FormField
          id="signup-confirm"
          label="Confirm password"
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={form.password_confirmation}
          onChange={set('password_confirmation')}
          error={errors.password_confirmation}
        />
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Your address</legend>
          {!manual ? (
            <AddressSearch
              label="Your Location Or Postcode"
              placeholder="e.g. W9 2HD or 12 Elgin Avenue"
              error={
                addressError ? 'Please choose your address from the list, or enter it by hand' : ''
              }
              onPick={(a) => {
                const fill = Boolean(a.buildingNumber) && (!form.door_number.trim() || doorFilled);
                if (fill) setDoorFilled(true);
                update({
                  line1: a.line1,
                  postcode: a.postcode,
                  town: a.town,
                  company: a.company,
                  address_type: a.address_type,
                  ...(fill ? { door_number: a.buildingNumber } : {}),
                });
              }}
              onEdit={() => update({ line1: '', postcode: '', company: '' })}
              onManual={() => {
                setManual(true);
                update({ company: '', address_type: 'Residential' });
              }}
            />
          ) : (
            <>
              <FormField
                id="signup-street"
                label="Building number and street"
                name="line1"
                autoComplete="address-line1"
                placeholder="e.g. 31 Warrington Crescent"
                value={form.line1}
                onChange={set('line1')}
                error={errors.line1}
              />
              <FormField
                id="signup-postcode"
                label="Postcode"
                name="postcode"
                autoComplete="postal-code"
                value={form.postcode}
                onChange={set('postcode')}
                error={errors.postcode}
              />
              <button
                type="button"
                className="text-sm font-medium text-brand underline"
                onClick={() => {
                  setManual(false);
                  update({ line1: '', postcode: '' });
                }}
              >
                Search for my address instead
              </button>
            </>
          )}
          <FormField
            id="signup-door"
            label="Door number"
            name="door_number"
            placeholder="e.g. 12 or Flat 3"
            value={form.door_number}
            onChange={(e) => {
              setDoorFilled(false);
              update({ door_number: e.target.value });
            }}
            error={errors.door_number}
          />
          {preview ? (
            <p className="text-sm text-slate-600">
              Your address: <span className="font-medium text-slate-900">{preview}</span>
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className="btn-primary bg-brand w-full" disabled={busy}>
          {busy ? 'Creating your account…' : 'Sign Up'}
        </button>
        <p className="text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand underline">
            Log in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
