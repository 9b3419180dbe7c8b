import { Form, useNavigation } from 'react-router';
import { PersonalDetailsFields, TextAreaField, TextField } from '~/components/form';
import { messages } from '@shared/form-checks';
import { storageKeys } from '~/utils/api-client';
import type { CheckoutDetails } from './checkout-state';

/**
 * Step 1, Customer Details: one form, three ways on (spec 2, 8): guest checkout, sign up with
 * a password, or log in. Each is a submit button, so all work without JavaScript.
 */
export function DetailsStep({
  action,
  details,
  errors,
}: {
  action: string;
  details: CheckoutDetails;
  errors: Record<string, string>;
}) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Form
      method="post"
      action={action}
      aria-labelledby="details-title"
      noValidate
      className="card space-y-4"
    >
      <h2 id="details-title" className="text-lg font-semibold">
        Customer Details
      </h2>
      <PersonalDetailsFields
        idPrefix="checkout"
        order={['name', 'phone', 'email']}
        labels={{ email: 'E-mail' }}
        values={details}
        errors={errors}
        required
      />
      <TextAreaField
        id="checkout-notes"
        name="notes"
        label="Notes for the driver or our cleaners (optional)"
        rows={3}
        defaultValue={details.notes}
        error={errors.notes}
      />
      <fieldset className="rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-700">
          Create an account (optional)
        </legend>
        <div className="space-y-4">
          <TextField
            id="checkout-password"
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password}
            hint={messages.password}
          />
          <TextField
            id="checkout-confirm"
            name="password_confirmation"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={errors.password_confirmation}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="guest" className="btn-primary" disabled={busy}>
          Guest Checkout
        </button>
        <button
          type="submit"
          name="intent"
          value="signup"
          className="btn-secondary"
          disabled={busy}
        >
          Sign Up
        </button>
        <button
          type="submit"
          name="intent"
          value="login"
          className="btn-secondary"
          onClick={() => {
            // After logging in, /login brings the visitor back here (spec 4 'Login').
            localStorage.setItem(storageKeys.from, 'checkout');
          }}
        >
          Login
        </button>
      </div>
    </Form>
  );
}
