import { data, Form, Link, useNavigation } from 'react-router';
import { isRefusal } from '~/server/errors.server';
import { httpStatusOf } from '~/server/errors.server';
import { confirmEmailChange, findEmailChangeLink } from '~/server/accounts.server';
import { accountMessages, emailChangedMessage } from '@shared/account-messages';
import { AuthCard, Notice } from '~/components/form/form-field';
import type { Route } from './+types/account-confirm-email';

export function meta() {
  return [{ title: 'Confirm your new e-mail address' }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

// Opening the link changes nothing (mail scanners fetch links on their own): the page asks,
// and the change is a form POST.
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context;
  const link = await findEmailChangeLink(services, { token: params.token });
  return { newEmail: link?.newEmail ?? null };
}

export async function action({ context, params }: Route.ActionArgs) {
  const { services } = context;
  try {
    const changed = await confirmEmailChange(services, {
      token: params.token,
      ip: context.clientIp,
    });
    return { ok: true as const, message: emailChangedMessage(changed.email) };
  } catch (error) {
    if (isRefusal(error)) {
      return data({ ok: false as const, message: error.message }, { status: httpStatusOf(error) });
    }
    throw error;
  }
}

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (actionData?.ok) {
    return (
      <AuthCard title="E-mail address changed">
        <div className="space-y-4">
          <Notice tone="success">{actionData.message}</Notice>
          <Link to="/account" className="btn-primary bg-brand w-full">
            Go to my account
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (!loaderData.newEmail) {
    return (
      <AuthCard title="This link has expired">
        <div className="space-y-4">
          <Notice tone="error">{accountMessages.emailChangeInvalid}</Notice>
          <Link to="/account" className="btn-primary bg-brand w-full">
            Go to my account
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirm your new e-mail address"
      intro="The link in your e-mail works once, for 24 hours."
    >
      <Form method="post" className="space-y-4">
        {actionData && !actionData.ok ? <Notice tone="error">{actionData.message}</Notice> : null}
        <p className="text-slate-700">
          Use <strong className="break-all">{loaderData.newEmail}</strong> as the e-mail address of
          your account from now on?
        </p>
        <button type="submit" className="btn-primary bg-brand w-full" disabled={busy}>
          {busy ? 'Confirming…' : 'Confirm new e-mail address'}
        </button>
      </Form>
    </AuthCard>
  );
}
