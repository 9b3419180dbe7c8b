import { useState } from 'react';
import { Link } from 'react-router';
import { firstErrors, passwordResetSchema } from '@shared/validation';
import { isResetLinkValid } from '@server/use-cases/accounts/reset-password';
import { routes } from '@shared/api/routes';
import { call, fieldMessages } from '~/utils/api-client';
import { AuthCard, FormField, Notice } from '~/components/form/form-field';
import type { Route } from './+types/reset-password';

export function meta() {
  return [{ title: 'Choose a new password' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context;
  const valid =
    params.token.length <= 200 &&
    (await isResetLinkValid(services.db, params.token, services.now()));
  return { valid };
}

export default function ResetPasswordPage({ loaderData, params }: Route.ComponentProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!loaderData.valid && !done) {
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

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = { token: params.token, password, password_confirmation: confirmation };
    const parsed = passwordResetSchema.safeParse(body);
    if (!parsed.success) return setErrors(firstErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const reply = await call(routes.accounts.resetPassword, { body });
    setBusy(false);
    if (reply.ok) setDone(true);
    else {
      setErrors(fieldMessages(reply.error.errors));
      setFailure(reply.error.message);
    }
  }

  if (done) {
    return (
      <AuthCard title="Password changed">
        <div className="space-y-4">
          <Notice tone="success">
            Your password has been changed. Please log in with your new password.
          </Notice>
          <Link to="/login" className="btn-primary bg-brand w-full">
            Log in
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      intro="The link in your e-mail works once, for one hour."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <FormField
          id="reset-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          hint="At least 8 characters with an upper-case letter, a lower-case letter, a number and one of @$!%*?&"
        />
        <FormField
          id="reset-confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={errors.password_confirmation}
        />
        <button type="submit" className="btn-primary bg-brand w-full" disabled={busy}>
          {busy ? 'Saving…' : 'Save new password'}
        </button>
      </form>
    </AuthCard>
  );
}
