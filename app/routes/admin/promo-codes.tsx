import { data, Form, useNavigation } from 'react-router';
import { newPromoCodeSchema } from '@shared/promo';
import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { SelectField, TextField } from '~/components/form';
import { createPromoCode, listPromoCodes, setPromoCodeActive } from '~/server/back-office.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import type { Route } from './+types/promo-codes';

/*
 * /admin/promo-codes (issue 18, decision 037): the owner lists, creates and deactivates promo
 * codes. Forms posted to the action (they work without JavaScript), one use-case each.
 */

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, { request, url }, ['owner']);
  return { codes: await listPromoCodes(services) };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const { services } = context;
  const staff = await requireStaffPage(services, { request, url }, ['owner']);
  const actor = { id: staff.id, name: staff.name, role: staff.role };
  const fields = await formFields(request);
  try {
    if (fields.intent === 'create') {
      const code = parseFields(newPromoCodeSchema, fields, 'Please check the code’s fields.');
      const done = await createPromoCode(services, { actor, code });
      return data({ ok: true as const, message: done.message });
    }
    const id = Number(fields.id);
    if (!Number.isInteger(id) || id < 1) {
      return data({ ok: false as const, errors: { message: 'Unknown code.', fields: {} } }, 400);
    }
    const done = await setPromoCodeActive(services, {
      actor,
      id,
      active: fields.intent === 'activate',
    });
    return data({ ok: true as const, message: done.message });
  } catch (error) {
    return formFailure(error, { posted: fields });
  }
}

export default function AdminPromoCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { codes } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors: Record<string, string | undefined> = failed?.errors.fields ?? {};
  const posted: Record<string, string | undefined> =
    failed && 'posted' in failed ? (failed.posted as Record<string, string>) : {};
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Promo codes</h1>
      {actionData ? (
        <div
          role={actionData.ok ? 'status' : 'alert'}
          className={`rounded-md border px-4 py-3 text-sm ${
            actionData.ok
              ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
              : 'border-red-200 bg-red-50 text-red-900'
          }`}
        >
          {actionData.ok ? actionData.message : actionData.errors.message}
        </div>
      ) : null}
      <ul className="card divide-y divide-slate-100 p-0" aria-label="Promo codes">
        {codes.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <span className="min-w-0 break-words">
              <strong className="font-mono">{c.code}</strong> · {c.offer}
              {c.rules.length ? ` · ${c.rules.join(' · ')}` : ''}
              <span className="block text-sm text-slate-600">
                Used {c.used}
                {c.totalLimit !== null ? ` of ${c.totalLimit}` : ''}
                {c.description ? ` · ${c.description}` : ''}
                {c.active ? '' : ' · '}
                {c.active ? null : <em className="text-red-700">deactivated</em>}
              </span>
            </span>
            <Form method="post">
              <input type="hidden" name="id" value={c.id} />
              <button
                type="submit"
                name="intent"
                value={c.active ? 'deactivate' : 'activate'}
                className="text-brand underline"
                disabled={busy}
                aria-label={`${c.active ? 'Deactivate' : 'Reactivate'} ${c.code}`}
              >
                {c.active ? 'Deactivate' : 'Reactivate'}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className="card space-y-3" aria-labelledby="new-code">
        <h2 id="new-code" className="text-lg font-semibold">
          New promo code
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="code"
            name="code"
            label="Code"
            hint="3 to 20 letters, digits or dashes; customers type it in any case."
            defaultValue={posted.code}
            error={errors.code}
            autoComplete="off"
          />
          <TextField
            id="description"
            name="description"
            label="Description (for staff)"
            defaultValue={posted.description}
            error={errors.description}
          />
          <SelectField
            id="kind"
            name="kind"
            label="Kind"
            defaultValue={posted.kind ?? 'percent'}
            error={errors.kind}
          >
            <option value="percent">Percentage off</option>
            <option value="fixed">Fixed amount off (£)</option>
          </SelectField>
          <TextField
            id="amount"
            name="amount"
            label="Amount"
            hint="A percentage (30) or pounds (10.00)."
            inputMode="decimal"
            defaultValue={posted.amount}
            error={errors.amount}
          />
          <TextField
            id="min_spend"
            name="min_spend"
            label="Minimum spend (£, optional)"
            inputMode="decimal"
            defaultValue={posted.min_spend}
            error={errors.min_spend}
          />
          <label className="flex min-h-11 items-center gap-2 self-end text-sm">
            <input
              type="checkbox"
              name="first_order_only"
              defaultChecked={posted.first_order_only === 'on'}
              className="h-4 w-4"
            />
            First order only
          </label>
          <TextField
            id="starts_on"
            name="starts_on"
            type="date"
            label="Starts on (optional)"
            defaultValue={posted.starts_on}
            error={errors.starts_on}
          />
          <TextField
            id="ends_on"
            name="ends_on"
            type="date"
            label="Last day (optional)"
            defaultValue={posted.ends_on}
            error={errors.ends_on}
          />
          <TextField
            id="per_customer_limit"
            name="per_customer_limit"
            label="Uses per customer (optional)"
            inputMode="numeric"
            defaultValue={posted.per_customer_limit}
            error={errors.per_customer_limit}
          />
          <TextField
            id="total_limit"
            name="total_limit"
            label="Uses in total (optional)"
            inputMode="numeric"
            defaultValue={posted.total_limit}
            error={errors.total_limit}
          />
        </div>
        <button type="submit" name="intent" value="create" className="btn-primary" disabled={busy}>
          Create code
        </button>
      </Form>
    </div>
  );
}
