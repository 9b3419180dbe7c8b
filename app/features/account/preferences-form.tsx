import { useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { noTextsAtNight } from '@shared/quiet-hours';
import {
  marketingConsentWording,
  messagePreferencesSchema,
  preferenceMessages,
  preferencesFromForm,
} from '@shared/message-preferences';
import type { PreferencesView } from '@server/use-cases/messages/present-texts';
import { firstErrors } from '@shared/validation';
import { ErrorSummary } from '~/components/form';
import { Notice } from '~/components/form/form-field';
import type { accountAction as action } from './account.server';

type Choice =
  'notify_email' | 'notify_sms' | 'notify_whatsapp' | 'marketing_email' | 'marketing_sms';

const TEXT_CHOICES: Choice[] = ['notify_sms', 'notify_whatsapp', 'marketing_sms'];

/** One tick box of the form, with its hint and its message when refused. */
function Choice({
  id,
  name,
  label,
  hint,
  checked,
  error,
}: {
  id: string;
  name: Choice;
  label: string;
  hint?: React.ReactNode;
  checked: boolean;
  error?: string;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <div
      className={`rounded-lg border p-3 ${error ? 'border-red-300 bg-red-50/60' : 'border-slate-200'}`}
    >
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={described.length ? described.join(' ') : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand"
        />
        <div className="min-w-0 text-sm">
          <label htmlFor={id} className="font-medium text-slate-900">
            {label}
          </label>
          {hint ? (
            <p id={`${id}-hint`} className="mt-0.5 break-words text-slate-600">
              {hint}
            </p>
          ) : null}
          {error ? (
            <p id={`${id}-error`} className="field-error mt-1">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * Message preferences (issue 17, decision 032): the channels of messages about orders and,
 * apart, marketing with its consent. A <Form> answered by the account action (intent
 * `preferences`), so it works before hydration and without JavaScript; with it, the rules
 * are checked before sending.
 */
export function PreferencesForm({
  preferences,
  email,
  idPrefix,
}: {
  preferences: PreferencesView;
  email: string;
  idPrefix: string;
}) {
  const actionReply = useActionData<typeof action>();
  const reply = actionReply && actionReply.intent === 'preferences' ? actionReply : null;
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'preferences';
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const textable = preferences.phone_textable;

  const check = (event: React.FormEvent<HTMLFormElement>) => {
    const posted = preferencesFromForm(
      Object.fromEntries(
        [...new FormData(event.currentTarget)].map(([k, v]) => [k, String(v)] as const),
      ),
    );
    const parsed = messagePreferencesSchema.safeParse(posted);
    const errors: Record<string, string> = parsed.success ? {} : firstErrors(parsed.error);
    if (!textable) {
      for (const field of TEXT_CHOICES)
        if (posted[field] === true) errors[field] = preferenceMessages.phoneNotTextable;
    }
    if (Object.keys(errors).length === 0) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(errors);
  };

  const refused = reply && !reply.ok && !clientErrors ? reply.errors : null;
  const errors = clientErrors ?? (reply && !reply.ok ? reply.errors.fields : {});
  const values: Record<Choice, boolean> =
    reply && !reply.ok && 'values' in reply
      ? (reply.values as Record<Choice, boolean>)
      : preferences;
  const id = (name: Choice) => `${idPrefix}-${name.replace('_', '-')}`;
  const labels: Record<Choice, string> = {
    notify_email: 'E-mail',
    notify_sms: 'SMS',
    notify_whatsapp: 'WhatsApp',
    marketing_email: 'E-mail offers',
    marketing_sms: 'SMS offers',
  };
  const box = (name: Choice, hint?: React.ReactNode) => (
    <Choice
      id={id(name)}
      name={name}
      label={labels[name]}
      hint={hint}
      checked={values[name]}
      error={errors[name]}
    />
  );
  const phone = <span className="font-medium text-slate-800">{preferences.texts_to}</span>;

  return (
    <Form
      // After a save the boxes show the stored choices again.
      key={JSON.stringify(values)}
      method="post"
      action="/account/messages"
      noValidate
      onSubmit={check}
      onInput={() => setClientErrors(null)}
      className="max-w-2xl space-y-6"
    >
      <input type="hidden" name="intent" value="preferences" />
      {reply?.ok && !clientErrors ? <Notice tone="success">{reply.message}</Notice> : null}
      {clientErrors || refused ? (
        <ErrorSummary
          message={refused?.message ?? preferenceMessages.invalid}
          fields={clientErrors ?? refused?.fields}
          links={Object.fromEntries(
            (Object.keys(labels) as Choice[]).map((name) => [
              name,
              { id: id(name), label: `${labels[name]}: ${errors[name] ?? ''}` },
            ]),
          )}
        />
      ) : null}

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">
          Messages about your orders
        </legend>
        <p className="text-sm text-slate-600">
          Booking confirmations, the reminder the evening before collection, the driver on the way,
          invoices and delivery. Texts go to {phone}, the mobile number of your profile.
        </p>
        {!textable ? (
          <Notice tone="info">
            {preferences.texts_to || 'Your phone number'} is not a mobile number that can take
            texts, so SMS and WhatsApp cannot be turned on. Change it to a UK mobile number in your
            profile first.
          </Notice>
        ) : preferences.phone_opted_out ? (
          <Notice tone="info">
            This number replied STOP, so we send it no texts. Reply START to one of our texts to
            have them again.
          </Notice>
        ) : null}
        {box('notify_email', <span className="break-all">To {email}</span>)}
        {box('notify_sms', <>Text messages to {phone}</>)}
        {box('notify_whatsapp', <>WhatsApp messages to {phone}</>)}
        <p className="text-sm text-slate-600">
          E-mail can be turned off only while SMS or WhatsApp is on: we need one way to reach you
          about your orders. {noTextsAtNight}, except when the driver is on the way.
        </p>
      </fieldset>

      <div className="border-t border-slate-200 pt-6">
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">
            Offers and news (marketing)
          </legend>
          <p className="text-sm text-slate-600">
            Separate from the messages about your orders, and off unless you tick them.
          </p>
          {box('marketing_email', <span className="break-all">To {email}</span>)}
          {box('marketing_sms', <>To {phone}</>)}
          <p
            id={`${idPrefix}-consent`}
            className="rounded-md border border-slate-200 border-l-4 border-l-brand bg-white px-3 py-2 text-sm text-slate-700"
          >
            {marketingConsentWording}
          </p>
          {preferences.marketing_consent_display ? (
            <p className="text-xs text-slate-500">
              Your marketing choices were last changed on {preferences.marketing_consent_display}{' '}
              (London time).
            </p>
          ) : null}
        </fieldset>
      </div>

      <button type="submit" className="btn-primary bg-brand" disabled={busy}>
        {busy ? 'Saving…' : 'Save preferences'}
      </button>
    </Form>
  );
}
