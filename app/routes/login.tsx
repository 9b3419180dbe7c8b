import { useEffect, useRef, useState } from 'react';
import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { getCurrentCustomer } from '~/server/accounts.server';
import { sessionCookies, setCookieHeaders } from '~/server/accounts.server';
import { isSecure } from '~/server/accounts.server';
import { UNIFORM_REPLY_MS, withMinimumDuration } from '~/server/accounts.server';
import { accountMessages } from '@shared/account-messages';
import { checkLoginEmail, logIn } from '~/server/accounts.server';
import { requestPasswordReset } from '~/server/accounts.server';
import { loginEmailProblems, loginProblems, messages } from '@shared/form-checks';
import { loginEmailSchema, loginSchema, passwordResetRequestSchema } from '@shared/validation';
import { ErrorSummary, TextField, useTypedValue } from '~/components/form';
import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { storageKeys } from '~/utils/api-client';
import { AuthCard, Notice } from '~/components/form/form-field';
import { safeRedirectTo } from '~/utils/redirect-to';
import type { Route } from './+types/login';

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [{ title: `Log in | ${brand?.name ?? ''}` }, { name: 'robots', content: 'noindex' }];
}

// Spec 4: a logged-in visitor on the login page goes home (or back where they came from).
export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = await getCurrentCustomer(context.services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  const back = safeRedirectTo(new URL(request.url).searchParams.get('redirectTo'));
  if (customer) throw redirect(back ?? '/');
  return null;
}

/**
 * The login form's three posts (`intent`): the e-mail step, the password step and a reset
 * link request, each through the same use-case and rules as its API endpoint. A login sets
 * the same session cookie as POST /api/login, on the 303 that leaves the page.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, clientIp: ip } = context;
  const fields = await formFields(request);
  const step: Step =
    fields.intent === 'reset' ? 'reset' : fields.intent === 'email' ? 'email' : 'password';
  try {
    if (fields.intent === 'reset') {
      const { email } = parseFields(passwordResetRequestSchema, fields, messages.loginEmail);
      await withMinimumDuration(UNIFORM_REPLY_MS, () =>
        requestPasswordReset(services, { email, ip }),
      );
      return { ok: true as const, step, email, sent: accountMessages.resetSent };
    }
    if (fields.intent === 'email') {
      const { email } = parseFields(loginEmailSchema, fields, messages.loginEmail);
      await checkLoginEmail(services, { ip });
      return { ok: true as const, step: 'password' as Step, email, sent: null };
    }
    const body = parseFields(loginSchema, fields);
    const result = await logIn(services, {
      ...body,
      ip,
      userAgent: request.headers.get('user-agent') ?? undefined,
    });
    const cookies = sessionCookies(result.token, {
      secure: isSecure(services),
      expires: result.expiresAt,
      name: result.customer.name,
    });
    // From the checkout's "log in" the customer goes back to it (spec 4); otherwise to the
    // page they came from (issue 31: a same-site `redirectTo`), or their account.
    const next =
      fields.from === 'checkout' ? '/customer' : (safeRedirectTo(fields.redirectTo) ?? '/account');
    return redirect(next, { status: 303, headers: setCookieHeaders(cookies) });
  } catch (error) {
    return formFailure(error, { step, email: fields.email ?? '' });
  }
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

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirectTo(params.get('redirectTo')) ?? '';
  const notice = notices[params.get('notice') ?? ''];
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const reply = actionData ?? null;
  const refused = actionData && !actionData.ok ? actionData.errors : null;
  const posted = navigation.formData?.get('intent');
  // The step comes from the page's address (?step=reset) or the last post's reply.
  const step: Step = params.get('step') === 'reset' ? 'reset' : (reply?.step ?? 'email');
  const passwordRef = useRef<HTMLInputElement>(null);
  // An address typed before the page hydrated is kept, not wiped by the first render.
  const [email, setEmail, emailRef] = useTypedValue<HTMLInputElement>(reply?.email ?? '');
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [from, setFrom] = useState('');
  useEffect(() => {
    if (reply?.email) setEmail(reply.email);
  }, [reply, setEmail]);
  useEffect(() => {
    setClientErrors({});
    if (step === 'password') passwordRef.current?.focus();
  }, [step, actionData]);
  useEffect(() => {
    setFrom(localStorage.getItem(storageKeys.from) ?? '');
  }, []);
  const errors = { ...(refused?.fields ?? {}), ...clientErrors };

  // With JavaScript, a field left empty or malformed is pointed out before anything is sent.
  function checkBeforeSending(event: React.FormEvent<HTMLFormElement>) {
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    // The schemas' rules without zod in the browser (shared/form-checks.ts, decision 041).
    const problems = form.intent === 'login' ? loginProblems(form) : loginEmailProblems(form);
    if (Object.keys(problems).length === 0) {
      setClientErrors({});
      if (form.intent === 'login' && from) localStorage.removeItem(storageKeys.from);
      return;
    }
    event.preventDefault();
    setClientErrors(problems);
  }

  const title = step === 'reset' ? 'Reset your password' : 'Log in to your account';
  const emailLink = (id: string) => ({ email: { id, label: 'Email' } });
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
        {refused ? (
          <ErrorSummary
            message={refused.message}
            fields={refused.fields}
            links={{
              ...emailLink(step === 'reset' ? 'reset-email' : 'login-email'),
              password: { id: 'login-password', label: 'Password' },
            }}
          />
        ) : null}
        {notice && !refused ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
        {reply?.ok && reply.sent ? <Notice tone="success">{reply.sent}</Notice> : null}

        {step === 'email' ? (
          <Form method="post" noValidate onSubmit={checkBeforeSending} className="space-y-4">
            <input type="hidden" name="intent" value="email" />
            <TextField
              ref={emailRef}
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
              {busy && posted === 'email' ? 'Please wait…' : 'Next'}
            </button>
          </Form>
        ) : null}

        {step === 'password' ? (
          <Form method="post" noValidate onSubmit={checkBeforeSending} className="space-y-4">
            <input type="hidden" name="intent" value="login" />
            <input type="hidden" name="email" value={email} />
            <input type="hidden" name="from" value={from} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <div className="flex items-center justify-between rounded-md bg-slate-50 px-3 py-2 text-sm">
              <span className="truncate text-slate-700">{email.trim()}</span>
              <Link to="/login" className="ml-3 shrink-0 font-medium text-brand underline">
                Change
              </Link>
            </div>
            <TextField
              ref={passwordRef}
              id="login-password"
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              error={errors.password}
            />
            <button type="submit" className="btn-primary bg-brand w-full" disabled={busy}>
              {busy && posted === 'login' ? 'Logging in…' : 'LOG IN'}
            </button>
          </Form>
        ) : null}

        {step === 'reset' ? (
          <Form method="post" noValidate onSubmit={checkBeforeSending} className="space-y-4">
            <input type="hidden" name="intent" value="reset" />
            <TextField
              ref={emailRef}
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
              {busy && posted === 'reset' ? 'Sending…' : 'Send reset link'}
            </button>
            <Link
              to="/login"
              className="block w-full text-center text-sm font-medium text-brand underline"
            >
              Back to log in
            </Link>
          </Form>
        ) : (
          // A GET form, so the step changes with or without JavaScript.
          <Form method="get" className="text-sm text-slate-600">
            Forgot your password?{' '}
            <button
              type="submit"
              name="step"
              value="reset"
              className="font-medium text-brand underline"
            >
              Reset it here
            </button>
          </Form>
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
