import { useEffect, useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import {
  firstErrors,
  passwordChangeSchema,
  profileUpdateSchema,
  messages,
} from '@shared/validation';
import {
  ErrorSummary,
  PersonalDetailsFields,
  TextField,
  personalDetailsLinks,
} from '~/components/form';
import type { accountAction as action } from './account.server';
import { forgetLogin } from '~/utils/api-client';
import { Notice } from '~/components/form/form-field';

type Customer = {
  name: string;
  email: string;
  phone_number: string;
  /** A new address waiting for its confirmation link. */
  pending_email?: string | null;
};

const profileNames = { phone: 'phone_number' };
const profileLabels = { name: 'Name', phone: 'Mobile number' };

/**
 * What each account form needs of the page: the account action's reply to it (both forms post
 * to /account/profile), whether it is being sent, its errors (with JavaScript the rules are checked
 * before sending, without it the action checks them) and where it posts.
 */
function useAccountForm(
  intent: 'profile' | 'password',
  schema: typeof profileUpdateSchema | typeof passwordChangeSchema,
) {
  const actionReply = useActionData<typeof action>();
  const reply = actionReply && actionReply.intent === intent ? actionReply : null;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const check = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(firstErrors(parsed.error));
  };
  const refused = reply && !reply.ok && !clientErrors ? reply.errors : null;
  return {
    reply,
    busy,
    // The profile page answers both forms (decision 038).
    action: '/account/profile',
    /** The summary's errors: the server's refusal, unless the browser's check stands. */
    refused,
    errors: clientErrors ?? (reply && !reply.ok ? reply.errors.fields : {}),
    clientErrors,
    check,
    clear: () => setClientErrors(null),
  };
}

/**
 * Profile form (spec 2): name, e-mail, mobile number, current password, Save. Name and mobile
 * change at once; a new e-mail waits until the link sent to it is followed, and the form
 * shows that it is pending.
 */
export function ProfileForm({ customer, idPrefix }: { customer: Customer; idPrefix: string }) {
  const { reply, busy, action, refused, errors, clientErrors, check, clear } = useAccountForm(
    'profile',
    profileUpdateSchema,
  );
  // After a save the form shows the stored values again (the e-mail stays until confirmed).
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (reply?.ok) setVersion((v) => v + 1);
  }, [reply]);

  return (
    <Form
      key={version}
      method="post"
      action={action}
      noValidate
      onSubmit={check}
      onInput={clear}
      className="max-w-lg space-y-4"
    >
      <input type="hidden" name="intent" value="profile" />
      {reply?.ok && !clientErrors ? <Notice tone="success">{reply.message}</Notice> : null}
      {refused ? (
        <ErrorSummary
          message={refused.message}
          fields={refused.fields}
          links={{
            ...personalDetailsLinks(idPrefix, profileNames, profileLabels),
            current_password: { id: `${idPrefix}-current`, label: 'Current password' },
          }}
        />
      ) : null}
      {customer.pending_email ? (
        <Notice tone="info">
          <span className="break-words">
            Waiting for confirmation of <strong>{customer.pending_email}</strong>: follow the link
            we sent to that address within 24 hours. Until then your e-mail address stays{' '}
            <strong>{customer.email}</strong>.
          </span>
        </Notice>
      ) : null}
      <PersonalDetailsFields
        idPrefix={idPrefix}
        values={
          reply && !reply.ok
            ? reply.values
            : { name: customer.name, email: customer.email, phone: customer.phone_number }
        }
        errors={errors}
        names={profileNames}
        labels={profileLabels}
      />
      <TextField
        id={`${idPrefix}-current`}
        label="Current password"
        type="password"
        name="current_password"
        autoComplete="current-password"
        error={errors.current_password}
        hint="Needed to confirm that it is you."
      />
      <button type="submit" className="btn-primary bg-brand" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </button>
    </Form>
  );
}

/** Change Password form (spec 2). Success ends the session and goes to /login (spec 4). */
export function ChangePasswordForm({ email, idPrefix }: { email: string; idPrefix: string }) {
  const { busy, action, refused, errors, check, clear } = useAccountForm(
    'password',
    passwordChangeSchema,
  );

  return (
    <Form
      method="post"
      action={action}
      noValidate
      onSubmit={(event) => {
        check(event);
        // The session ends with the change: the stored name goes too.
        if (!event.defaultPrevented) forgetLogin();
      }}
      onInput={clear}
      className="max-w-lg space-y-4"
    >
      <input type="hidden" name="intent" value="password" />
      {refused ? (
        <ErrorSummary
          message={refused.message}
          fields={refused.fields}
          links={{
            current_password: { id: `${idPrefix}-current`, label: 'Current password' },
            new_password: { id: `${idPrefix}-new`, label: 'New password' },
            new_password_confirmation: { id: `${idPrefix}-confirm`, label: 'Confirm new password' },
          }}
        />
      ) : null}
      <TextField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        value={email}
        readOnly
        autoComplete="username"
      />
      <TextField
        id={`${idPrefix}-current`}
        label="Current password"
        type="password"
        name="current_password"
        autoComplete="current-password"
        error={errors.current_password}
      />
      <TextField
        id={`${idPrefix}-new`}
        label="New password"
        type="password"
        name="new_password"
        autoComplete="new-password"
        error={errors.new_password}
        hint={messages.password}
      />
      <TextField
        id={`${idPrefix}-confirm`}
        label="Confirm new password"
        type="password"
        name="new_password_confirmation"
        autoComplete="new-password"
        error={errors.new_password_confirmation}
      />
      <button type="submit" className="btn-primary bg-brand" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </button>
    </Form>
  );
}
