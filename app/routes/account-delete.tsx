import { useEffect, useState } from 'react';
import { Form, Link, data, useNavigation } from 'react-router';
import { clearedSessionCookies, setCookieHeaders } from '~/server/accounts.server';
import { getCurrentCustomer } from '~/server/accounts.server';
import { isSecure } from '~/server/accounts.server';
import { UNIFORM_REPLY_MS, withMinimumDuration } from '~/server/accounts.server';
import { deleteAccountWithCode, sendDeletionCode } from '~/server/accounts.server';
import { accountMessages } from '@shared/account-messages';
import { deleteAccountCodeSchema, deleteAccountEmailSchema, messages } from '@shared/validation';
import { ErrorSummary, TextField, useTypedValue } from '~/components/form';
import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { forgetLogin } from '~/utils/api-client';
import { AuthCard, Notice } from '~/components/form/form-field';
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

/**
 * The two posts of the page (`intent`), through the same use-cases as POST /api/delete-code
 * and /api/delete-account: send the code, then erase with it (the session cookie is cleared
 * with the reply).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, clientIp: ip } = context;
  const fields = await formFields(request);
  const email = fields.email ?? '';
  if (fields.intent === 'delete') {
    // Spec 5: the code step without its e-mail.
    if (!email.trim()) {
      return data(
        {
          ok: false as const,
          step: 'code' as Step,
          email,
          errors: { message: 'Something went wrong!', fields: {} as Record<string, string> },
        },
        { status: 422 },
      );
    }
    try {
      const body = parseFields(deleteAccountCodeSchema, fields, messages.deleteOtp);
      await withMinimumDuration(UNIFORM_REPLY_MS, () =>
        deleteAccountWithCode(services, { ...body, ip }),
      );
      return data(
        { ok: true as const, step: 'done' as Step, email, message: accountMessages.deleted },
        { headers: setCookieHeaders(clearedSessionCookies({ secure: isSecure(services) })) },
      );
    } catch (error) {
      return formFailure(error, { step: 'code' as Step, email });
    }
  }
  try {
    const body = parseFields(deleteAccountEmailSchema, fields, messages.deleteEmail);
    await withMinimumDuration(UNIFORM_REPLY_MS, () =>
      sendDeletionCode(services, { email: body.email, ip }),
    );
    return {
      ok: true as const,
      step: 'code' as Step,
      email: body.email,
      message: accountMessages.deleteCodeSent,
    };
  } catch (error) {
    return formFailure(error, { step: 'email' as Step, email });
  }
}

/** The action's cookie (a deleted account's session ends) reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers({ 'Cache-Control': 'private, no-store' });
  const cookie = actionHeaders.get('Set-Cookie');
  if (cookie) out.set('Set-Cookie', cookie);
  return out;
}

export default function AccountDeletePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const posted = navigation.formData?.get('intent');
  const reply = actionData;
  const step: Step = reply?.step ?? 'email';
  // What was typed before the page hydrated is kept, not wiped by the first render.
  const [email, setEmail, emailRef] = useTypedValue<HTMLInputElement>(
    reply?.email || loaderData.email,
  );
  const [otp, setOtp, otpRef] = useTypedValue<HTMLInputElement>();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const refused = reply && !reply.ok ? reply.errors : null;
  useEffect(() => {
    setFieldError(null);
    if (actionData?.step === 'done') forgetLogin();
  }, [actionData]);
  const error = fieldError ?? (refused ? (refused.fields.email ?? refused.fields.otp) : undefined);

  function sendCode(event: React.FormEvent) {
    if (!deleteAccountEmailSchema.safeParse({ email }).success) {
      event.preventDefault();
      setFieldError(messages.deleteEmail);
    }
  }

  function confirmDelete(event: React.FormEvent) {
    if (!deleteAccountCodeSchema.safeParse({ email, otp }).success && email.trim()) {
      event.preventDefault();
      return setFieldError(messages.deleteOtp);
    }
    // Without JavaScript there is no dialog: the e-mailed code is the confirmation.
    if (email.trim() && !window.confirm('Are you sure you want to delete account?')) {
      event.preventDefault();
    }
  }

  if (reply?.ok && step === 'done') {
    return (
      <AuthCard title="Account deleted">
        <div className="space-y-6">
          <Notice tone="success">{reply.message}</Notice>
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
        {refused && !fieldError ? (
          <ErrorSummary
            message={refused.message}
            fields={refused.fields}
            links={{
              email: { id: 'delete-email', label: 'Email' },
              otp: { id: 'delete-otp', label: 'One-time code' },
            }}
          />
        ) : null}
        {step === 'email' ? (
          <Form method="post" noValidate onSubmit={sendCode} className="space-y-4">
            <input type="hidden" name="intent" value="send" />
            <TextField
              ref={emailRef}
              id="delete-email"
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error}
              hint="We will e-mail you a 6-digit code to confirm."
            />
            <button type="submit" className="btn-primary bg-brand w-full" disabled={busy}>
              {busy && posted === 'send' ? 'Sending…' : 'Send code'}
            </button>
          </Form>
        ) : (
          <Form method="post" noValidate onSubmit={confirmDelete} className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="email" value={email} />
            {reply?.ok ? <Notice tone="info">{reply.message}</Notice> : null}
            <TextField
              ref={otpRef}
              id="delete-otp"
              label="One-time code"
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
              error={error}
            />
            <button type="submit" className="btn-primary w-full bg-red-700" disabled={busy}>
              {busy && posted === 'delete' ? 'Deleting…' : 'Delete my account'}
            </button>
            {/* Back to the first step: a plain visit of the page, which forgets the post. */}
            <Link
              to="/account/delete"
              className="block w-full text-center text-sm font-medium text-brand underline"
            >
              Send a new code
            </Link>
          </Form>
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
