import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { firstErrors, passwordChangeSchema, profileUpdateSchema } from '@shared/validation';
import { routes } from '@shared/api/routes';
import { call, fieldMessages, forgetLogin, storageKeys } from '~/utils/api-client';
import { FormField, Notice } from '~/components/form/form-field';

type Customer = {
  name: string;
  email: string;
  phone_number: string;
  /** A new address waiting for its confirmation link. */
  pending_email?: string | null;
};

/**
 * Profile form (spec 2): name, e-mail, mobile number, current password, Save. Name and mobile
 * change at once; a new e-mail waits until the link sent to it is followed, and the form
 * shows that it is pending.
 */
export function ProfileForm({ customer, idPrefix }: { customer: Customer; idPrefix: string }) {
  const revalidator = useRevalidator();
  const [form, setForm] = useState({
    name: customer.name,
    email: customer.email,
    phone_number: customer.phone_number,
    current_password: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setResult(null);
    const parsed = profileUpdateSchema.safeParse(form);
    if (!parsed.success) return setErrors(firstErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const reply = await call(routes.accounts.updateProfile, { body: form });
    setBusy(false);
    if (reply.status === 401) return window.location.assign('/login');
    if (reply.ok) {
      // The e-mail stays the current one until the link is followed.
      const { user, message } = reply.data;
      setForm((f) => ({ ...f, email: user.email, current_password: '' }));
      setResult({ ok: true, text: message || 'Your profile has been updated.' });
      localStorage.setItem(storageKeys.user, JSON.stringify({ name: user.name }));
      revalidator.revalidate();
    } else {
      setErrors(fieldMessages(reply.error.errors));
      setResult({ ok: false, text: reply.error.message });
    }
  }

  return (
    <form noValidate onSubmit={submit} className="max-w-lg space-y-4">
      {result ? <Notice tone={result.ok ? 'success' : 'error'}>{result.text}</Notice> : null}
      {customer.pending_email ? (
        <Notice tone="info">
          <span className="break-words">
            Waiting for confirmation of <strong>{customer.pending_email}</strong>: follow the link
            we sent to that address within 24 hours. Until then your e-mail address stays{' '}
            <strong>{customer.email}</strong>.
          </span>
        </Notice>
      ) : null}
      <FormField
        id={`${idPrefix}-name`}
        label="Name"
        autoComplete="name"
        value={form.name}
        onChange={set('name')}
        error={errors.name}
      />
      <FormField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        error={errors.email}
      />
      <FormField
        id={`${idPrefix}-phone`}
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        maxLength={20}
        value={form.phone_number}
        onChange={set('phone_number')}
        error={errors.phone_number}
      />
      <FormField
        id={`${idPrefix}-current`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={form.current_password}
        onChange={set('current_password')}
        error={errors.current_password}
        hint="Needed to confirm that it is you."
      />
      <button type="submit" className="btn-primary bg-brand" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

/** Change Password form (spec 2). Success ends the session and goes to /login (spec 4). */
export function ChangePasswordForm({ email, idPrefix }: { email: string; idPrefix: string }) {
  const navigate = useNavigate();
  const [form, setForm] = useState({
    current_password: '',
    new_password: '',
    new_password_confirmation: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = passwordChangeSchema.safeParse(form);
    if (!parsed.success) return setErrors(firstErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const reply = await call(routes.accounts.changePassword, { body: form });
    setBusy(false);
    if (reply.ok) {
      forgetLogin();
      // A full load, so the navigation forgets the name too.
      window.location.assign('/login?notice=password-changed');
      return;
    }
    if (reply.status === 401) return navigate('/login');
    setErrors(fieldMessages(reply.error.errors));
    setFailure(reply.error.message);
  }

  return (
    <form noValidate onSubmit={submit} className="max-w-lg space-y-4">
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <FormField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        value={email}
        readOnly
        autoComplete="username"
      />
      <FormField
        id={`${idPrefix}-current`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={form.current_password}
        onChange={set('current_password')}
        error={errors.current_password}
      />
      <FormField
        id={`${idPrefix}-new`}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={form.new_password}
        onChange={set('new_password')}
        error={errors.new_password}
        hint="At least 8 characters with an upper-case letter, a lower-case letter, a number and one of @$!%*?&"
      />
      <FormField
        id={`${idPrefix}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={form.new_password_confirmation}
        onChange={set('new_password_confirmation')}
        error={errors.new_password_confirmation}
      />
      <button type="submit" className="btn-primary bg-brand" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
