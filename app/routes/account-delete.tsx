import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { getCurrentCustomer } from '@server/auth/current-customer';
import { deleteAccountCodeSchema, deleteAccountEmailSchema, messages } from '@shared/validation';
import { routes } from '@shared/api/routes';
import { call, forgetLogin } from '~/utils/api-client';
import { AuthCard, FormField, Notice } from '~/components/form/form-field';
import type { Route } from './+types/account-delete';

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Delete your account | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

// A logged-in customer finds their e-mail already filled in.
export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = await getCurrentCustomer(context.services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  return { email: customer?.email ?? '' };
}

type Step = 'email' | 'code' | 'done';

export default function AccountDeletePage() {
  const loaded = useLoaderData<typeof loader>();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(loaded.email);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function sendCode(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = deleteAccountEmailSchema.safeParse({ email });
    if (!parsed.success) return setFieldError(messages.deleteEmail);
    setFieldError(null);
    setBusy(true);
    const reply = await call(routes.accounts.sendDeletionCode, { body: parsed.data });
    setBusy(false);
    if (reply.ok) {
      setInfo(reply.data.message);
      setStep('code');
    } else {
      setError(reply.error.message);
    }
  }

  async function confirmDelete(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    // Spec 5: a missing e-mail at the code step.
    if (!email.trim()) return setError('Something went wrong!');
    const parsed = deleteAccountCodeSchema.safeParse({ email, otp });
    if (!parsed.success) return setFieldError(messages.deleteOtp);
    setFieldError(null);
    if (!window.confirm('Are you sure you want to delete account?')) return;
    setBusy(true);
    const reply = await call(routes.accounts.deleteAccount, { body: parsed.data });
    setBusy(false);
    if (reply.ok) {
      forgetLogin();
      setInfo(reply.data.message);
      setStep('done');
    } else {
      setError(reply.error.message);
    }
  }

  if (step === 'done') {
    return (
      <AuthCard title="Account deleted">
        <div className="space-y-6">
          <Notice tone="success">{info}</Notice>
          {/* A full load, so the navigation forgets the name (spec 4: deletion goes to /). */}
          <a href="/" className="btn-primary bg-brand w-full">
            Back to Home
          </a>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Delete your account"
      intro="Deleting your account erases your name, e-mail, phone, saved addresses and password. Past orders are kept only as anonymous records for our accounts."
    >
      <div className="space-y-4">
        {error ? <Notice tone="error">{error}</Notice> : null}
        {step === 'email' ? (
          <form noValidate onSubmit={sendCode} className="space-y-4">
            <FormField
              id="delete-email"
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={fieldError ?? undefined}
              hint="We will e-mail you a 6-digit code to confirm."
            />
            <button type="submit" className="btn-primary bg-brand w-full" disabled={busy}>
              {busy ? 'Sending…' : 'Send code'}
            </button>
          </form>
        ) : (
          <form noValidate onSubmit={confirmDelete} className="space-y-4">
            {info ? <Notice tone="info">{info}</Notice> : null}
            <FormField
              id="delete-otp"
              label="One-time code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
              error={fieldError ?? undefined}
            />
            <button type="submit" className="btn-primary w-full bg-red-700" disabled={busy}>
              {busy ? 'Deleting…' : 'Delete my account'}
            </button>
            <button
              type="button"
              className="w-full text-sm font-medium text-brand underline"
              onClick={() => {
                setStep('email');
                setOtp('');
                setError(null);
              }}
            >
              Send a new code
            </button>
          </form>
        )}
        <p className="border-t border-slate-100 pt-4 text-sm">
          <Link to="/" className="font-medium text-brand underline">
            Back to Home
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
