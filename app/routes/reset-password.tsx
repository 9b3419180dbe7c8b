import { useState } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { firstErrors, passwordResetSchema, messages } from '@shared/validation';
import { isResetLinkValid, resetPassword } from '~/server/accounts.server';
import { ErrorSummary, TextField, type FieldLinks } from '~/components/form';
import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { AuthCard, Notice } from '~/components/form/form-field';
import type { Route } from './+types/reset-password';

export function meta() {
  return [{ title: 'Choose a new password' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context;
  const valid =
    params.token.length <= 200 && (await isResetLinkValid(services, { token: params.token }));
  return { valid };
}

/** The new password, through the same use-case as POST /api/reset-password; then /login. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const { services } = context;
  const fields = await formFields(request);
  try {
    const body = parseFields(passwordResetSchema, { ...fields, token: params.token });
    await resetPassword(services, { ...body, ip: context.clientIp });
    return redirect('/login?notice=password-reset', 303);
  } catch (error) {
    return formFailure(error);
  }
}

const links: FieldLinks = {
  password: { id: 'reset-password', label: 'New password' },
  password_confirmation: { id: 'reset-confirm', label: 'Confirm new password' },
};

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const refused = actionData?.errors ?? null;
  const errors = clientErrors ?? refused?.fields ?? {};

  if (!loaderData.valid && !refused) {
    return (
      <AuthCard title="This link has expired">
        <div className="space-y-4">
          <Notice tone="error">
            This reset link is invalid or has expired. Please request a new one.
          </Notice>
          <Link to="/login" className="btn-primary bg-brand w-full">
            Back to log in
          </Link>
        </div>
      </AuthCard>
    );
  }

  // With JavaScript the rules are checked before sending; without it the action checks them.
  function submit(event: React.FormEvent<HTMLFormElement>) {
    const form = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = passwordResetSchema.safeParse({ ...form, token: 'checked-by-server' });
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(firstErrors(parsed.error));
  }

  return (
    <AuthCard
      title="Choose a new password"
      intro="The link in your e-mail works once, for one hour."
    >
      <Form
        method="post"
        noValidate
        onSubmit={submit}
        onInput={() => setClientErrors(null)}
        className="space-y-4"
      >
        {refused && !clientErrors ? (
          <ErrorSummary message={refused.message} fields={refused.fields} links={links} />
        ) : null}
        <TextField
          id="reset-password"
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          error={errors.password}
          hint={messages.password}
        />
        <TextField
          id="reset-confirm"
          label="Confirm new password"
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          error={errors.password_confirmation}
        />
        <button type="submit" className="btn-primary bg-brand w-full" disabled={busy}>
          {busy ? 'Saving…' : 'Save new password'}
        </button>
      </Form>
    </AuthCard>
  );
}
