import { useState } from 'react';
import { formatAddress } from '@shared/address';
import { kindOf } from '@shared/error-codes';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { getCurrentCustomer } from '~/server/accounts.server';
import { ValidationError } from '~/server/errors.server';
import { registerCustomer } from '~/server/accounts.server';
import { addressProblems, messages, registrationFormProblems } from '@shared/form-checks';
import { addressSchema, registrationFormSchema } from '@shared/validation';
import {
  AddressFields,
  AddressPreview,
  ErrorSummary,
  PersonalDetailsFields,
  addressLinks,
  TextField,
  personalDetailsLinks,
  useHydrated,
  type FieldLinks,
} from '~/components/form';
import { formFailure, formFields } from '~/components/form/form-action.server';
import { GENERIC_ERROR } from '~/utils/api-client';
import { AuthCard } from '~/components/form/form-field';
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

/**
 * Sign-up posted as a form (with or without JavaScript): the form's rules, then the same
 * use-case as POST /api/register. Created goes to /login with its notice (303), and so does an
 * address that already has an account (its owner is e-mailed instead: issue 31, N6), so the
 * page never tells who has an account; other refusals come back with their field messages.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context;
  const fields = await formFields(request);
  const form = { ...empty, ...fields };
  try {
    const person = registrationFormSchema.safeParse(form);
    const address = addressSchema.safeParse(addressOf(form));
    if (!person.success || !address.success) {
      throw new ValidationError(
        messages.mandatory,
        Object.fromEntries(Object.entries(problems(form)).map(([k, v]) => [k, [v]])),
      );
    }
    await registerCustomer(services, {
      ...person.data,
      address: address.data,
      ip: context.clientIp,
    });
    return redirect('/login?notice=created', 303);
  } catch (error) {
    // Spec 8: a rule broken is "check mandatory fields", a rate limit says when to retry,
    // others are generic.
    // The form comes back as it was sent (without the passwords).
    const { password: _p, password_confirmation: _c, ...values } = form;
    const failed = formFailure(error, { values });
    if (kindOf(failed.data.code) === 'invalid' || failed.data.code === 'rate-limited')
      return failed;
    failed.data.errors.message = GENERIC_ERROR;
    return failed;
  }
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
const addressFields = ['line1', 'postcode', 'town', 'company', 'address_type'] as const;

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

/**
 * Every field's first problem, by the same rules as the server's schemas, without zod in the
 * browser (shared/form-checks.ts, decision 041).
 */
function problems(form: Form): Record<string, string> {
  return { ...registrationFormProblems(form), ...addressProblems(addressOf(form)) };
}

/** Where the error summary's links lead. */
const links: FieldLinks = {
  ...personalDetailsLinks('signup'),
  password: { id: 'signup-password', label: 'Password' },
  password_confirmation: { id: 'signup-confirm', label: 'Confirm password' },
  ...addressLinks('signup'),
  door_number: { id: 'signup-door', label: 'Door number' },
};

export default function SignupPage({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const [form, setForm] = useState<Form>({ ...empty, ...actionData?.values });
  // Once the visitor has pressed Sign Up, messages follow the fields as they change: a fixed
  // field loses its message at once.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(
    actionData?.errors.fields ?? {},
  );
  const [failure, setFailure] = useState<string | null>(actionData?.errors.message ?? null);
  const [manual, setManual] = useState(false);
  const hydrated = useHydrated();
  const typed = manual || !hydrated;
  // A refusal of the post replaces what the page showed before it.
  const [shown, setShown] = useState(actionData);
  if (shown !== actionData) {
    setShown(actionData);
    setServerErrors(actionData?.errors.fields ?? {});
    setFailure(actionData?.errors.message ?? null);
  }
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

  // With JavaScript the rules are checked before sending; without it the action checks them.
  function submit(event: React.FormEvent) {
    setFailure(null);
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(problems(form)).length > 0) {
      event.preventDefault();
      setFailure(messages.mandatory);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      intro="Book collections faster, follow your orders and keep your addresses in one place."
    >
      <Form method="post" noValidate onSubmit={submit} className="space-y-4">
        {failure ? <ErrorSummary message={failure} fields={errors} links={links} /> : null}
        <PersonalDetailsFields
          idPrefix="signup"
          values={form}
          errors={errors}
          phoneHint="UK mobile, e.g. 07700 900123"
          onChange={(field, value) => update({ [field]: value })}
        />
        <TextField
          id="signup-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          hint={messages.password}
        />
        <TextField
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
          {/* The picked or typed address travels in the post. The search needs JavaScript:
              until the page has hydrated (or without JavaScript) the address is typed. */}
          {(typed ? (['town', 'company', 'address_type'] as const) : addressFields).map((f) => (
            <input key={f} type="hidden" name={f} value={form[f]} />
          ))}
          {!typed ? (
            <>
              <AddressSearch
                label="Your Location Or Postcode"
                placeholder="e.g. W9 2HD or 12 Elgin Avenue"
                error={
                  addressError
                    ? 'Please choose your address from the list, or enter it by hand'
                    : ''
                }
                onPick={(a) => {
                  const fill =
                    Boolean(a.buildingNumber) && (!form.door_number.trim() || doorFilled);
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
            </>
          ) : (
            <>
              <AddressFields
                idPrefix="signup"
                values={form}
                errors={errors}
                onChange={(field, value) => update({ [field]: value })}
                onSearch={
                  manual
                    ? () => {
                        setManual(false);
                        update({ line1: '', postcode: '' });
                      }
                    : undefined
                }
              />
            </>
          )}
          <TextField
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
            note={preview ? <AddressPreview lead="Your address" address={preview} /> : null}
          />
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
      </Form>
    </AuthCard>
  );
}
