import { useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { getCurrentCustomer } from '@server/auth/current-customer';
import {
  PHONE_MAX_LENGTH,
  addressSchema,
  firstErrors,
  registrationFormSchema,
} from '@shared/validation';
import { GENERIC_ERROR, callApi, fieldMessages } from '~/features/account/api-client';
import { AuthCard, FormField, Notice } from '~/features/account/form-field';
import { AddressLookup } from '~/features/booking/address-lookup';
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
};
type Form = typeof empty;

export default function SignupPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const person = registrationFormSchema.safeParse(form);
    const address = addressSchema.safeParse({
      postcode: form.postcode,
      door_number: form.door_number,
      line1: form.line1,
    });
    const found = {
      ...(person.success ? {} : firstErrors(person.error)),
      ...(address.success ? {} : firstErrors(address.error)),
    };
    if (!person.success || !address.success) {
      setErrors(found);
      setFailure('Please check mandatory fields.');
      return;
    }
    setErrors({});
    setBusy(true);
    const reply = await callApi('/api/register', { ...person.data, address: address.data });
    setBusy(false);
    // Spec 8, every outcome of POST /register.
    if (reply.status === 422 && reply.body.errors?.email) {
      navigate('/login?notice=taken');
    } else if (reply.status === 422) {
      setErrors(fieldMessages(reply.body.errors));
      setFailure('Please check mandatory fields.');
    } else if (reply.status !== 200) {
      setFailure(reply.status === 429 ? (reply.body.message ?? GENERIC_ERROR) : GENERIC_ERROR);
    } else if (!reply.body.status) {
      setFailure('Your account creation has been failed, please try again.');
    } else {
      navigate('/login?notice=created');
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
          <AddressLookup
            onPick={(a) =>
              setForm((f) => ({
                ...f,
                postcode: a.postcode,
                door_number: a.doorNumber || f.door_number,
                line1: a.street,
              }))
            }
          />
          <FormField
            id="signup-postcode"
            label="Your Location Or Postcode"
            name="postcode"
            autoComplete="postal-code"
            value={form.postcode}
            onChange={set('postcode')}
            error={errors.postcode}
          />
          <div className="grid grid-cols-3 gap-3">
            <div className="col-span-1">
              <FormField
                id="signup-door"
                label="Door no."
                name="door_number"
                value={form.door_number}
                onChange={set('door_number')}
                error={errors.door_number}
              />
            </div>
            <div className="col-span-2">
              <FormField
                id="signup-street"
                label="Street"
                name="line1"
                autoComplete="address-line1"
                value={form.line1}
                onChange={set('line1')}
                error={errors.line1}
              />
            </div>
          </div>
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
