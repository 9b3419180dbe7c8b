import { useRef, useState } from 'react';
import { Link, redirect, useSearchParams } from 'react-router';
import { getCurrentCustomer } from '@server/auth/current-customer';
import { loginEmailSchema, loginSchema, messages } from '@shared/validation';
import { routes } from '@shared/api/routes';
import { call, fieldMessages, storageKeys } from '~/utils/api-client';
import { AuthCard, FormField, Notice } from '~/components/form/form-field';
import type { Route } from './+types/login';

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [{ title: `Log in | ${brand?.name ?? ''}` }, { name: 'robots', content: 'noindex' }];
}

// Spec 4: a logged-in visitor on the login page goes home.
export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = await getCurrentCustomer(context.services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  if (customer) throw redirect('/');
  return null;
}

/** Notices a page that sent the visitor here can ask for (?notice=…). */
const notices: Record<string, { tone: 'success' | 'info'; text: string }> = {
  created: {
    tone: 'success',
    text: 'Your account is successfully created, please login to your account.',
  },
  taken: {
    tone: 'info',
    text: 'Oops! It seems like that email has already been taken. Please log in to your existing account',
  },
  'password-changed': {
    tone: 'success',
    text: 'Your password has been changed. Please log in again with your new password.',
  },
  'password-reset': {
    tone: 'success',
    text: 'Your password has been changed. Please log in with your new password.',
  },
};

type Step = 'email' | 'password' | 'reset';

export default function LoginPage() {
  const [params] = useSearchParams();
  const notice = notices[params.get('notice') ?? ''];
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [resetDone, setResetDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submitEmail(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = loginEmailSchema.safeParse({ email });
    if (!parsed.success) return setErrors({ email: messages.loginEmail });
    setErrors({});
    setBusy(true);
    const reply = await call(routes.accounts.checkLoginEmail, {
      body: { email: parsed.data.email },
    });
    setBusy(false);
    if (reply.ok) {
      setStep('password');
      requestAnimationFrame(() => passwordRef.current?.focus());
    } else {
      setFailure(reply.error.message);
    }
  }

  async function submitPassword(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      return setErrors({
        ...(email.trim() ? {} : { email: messages.loginEmail }),
        ...(password ? {} : { password: messages.loginPassword }),
      });
    }
    setErrors({});
    setBusy(true);
    const reply = await call(routes.accounts.logIn, { body: parsed.data });
    if (reply.ok) {
      // The token stays in the HttpOnly cookie; only the name is kept for the page.
      localStorage.setItem(storageKeys.user, JSON.stringify({ name: reply.data.user.name }));
      if (localStorage.getItem(storageKeys.from) === 'checkout') {
        localStorage.removeItem(storageKeys.from);
        window.location.assign('/customer');
      } else {
        window.location.reload();
      }
      return;
    }
    setBusy(false);
    setErrors(fieldMessages(reply.error.errors));
    setFailure(reply.error.message);
  }

  async function submitReset(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = loginEmailSchema.safeParse({ email });
    if (!parsed.success) return setErrors({ email: messages.loginEmail });
    setErrors({});
    setBusy(true);
    const reply = await call(routes.accounts.requestPasswordReset, {
      body: { email: parsed.data.email },
    });
    setBusy(false);
    if (reply.ok) setResetDone(reply.data.message);
    else setFailure(reply.error.message);
  }

  const title = step === 'reset' ? 'Reset your password' : 'Log in to your account';
  return (
    <AuthCard
      title={title}
      intro={
        step === 'reset'
          ? 'Enter your e-mail address and we will send you a link to choose a new password.'
          : 'Manage your orders, addresses and details.'
      }
    >
      <div className="space-y-4">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        {notice && !failure ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
        {resetDone ? <Notice tone="success">{resetDone}</Notice> : null}

        {step === 'email' ? (
          <form noValidate onSubmit={submitEmail} className="space-y-4">
            <FormField
              id="login-email"
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
            <button type="submit" className="btn-primary bg-brand w-full" disabled={busy}>
              {busy ? 'Please wait…' : 'Next'}
            </button>
          </form>
        ) : null}

        {step === 'password' ? (
          <form noValidate onSubmit={submitPassword} className="space-y-4">
            <div className="flex items-center justify-between rounded-md bg-slate-50 px-3 py-2 text-sm">
              <span className="truncate text-slate-700">{email.trim()}</span>
              <button
                type="button"
                className="ml-3 shrink-0 font-medium text-brand underline"
                onClick={() => {
                  setStep('email');
                  setPassword('');
                  setFailure(null);
                }}
              >
                Change
              </button>
            </div>
            <FormField
              ref={passwordRef}
              id="login-password"
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
            />
            <button type="submit" className="btn-primary bg-brand w-full" disabled={busy}>
              {busy ? 'Logging in…' : 'LOG IN'}
            </button>
          </form>
        ) : null}

        {step === 'reset' ? (
          <form noValidate onSubmit={submitReset} className="space-y-4">
            <FormField
              id="reset-email"
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
            <button type="submit" className="btn-primary bg-brand w-full" disabled={busy}>
              {busy ? 'Sending…' : 'Send reset link'}
            </button>
            <button
              type="button"
              className="w-full text-sm font-medium text-brand underline"
              onClick={() => {
                setStep('email');
                setResetDone(null);
              }}
            >
              Back to log in
            </button>
          </form>
        ) : (
          <p className="text-sm text-slate-600">
            Forgot your password?{' '}
            <button
              type="button"
              className="font-medium text-brand underline"
              onClick={() => {
                setStep('reset');
                setFailure(null);
              }}
            >
              Reset it here
            </button>
          </p>
        )}
        <p className="border-t border-slate-100 pt-4 text-sm text-slate-600">
          New customer?{' '}
          <Link to="/signup" className="font-medium text-brand underline">
            Sign up
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
