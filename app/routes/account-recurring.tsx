import { redirect, useNavigation } from 'react-router';
import { recurringPlanChangeSchema, recurringPlanSchema } from '@shared/recurring';
import { getCurrentCustomer } from '~/server/accounts.server';
import {
  changeRecurringPlan,
  createRecurringPlan,
  editRecurringPlan,
  planChangedMessage,
  recurringOverview,
} from '~/server/recurring.server';
import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { Notice } from '~/components/form/form-field';
import { AccountFrame } from '~/features/account/account-frame';
import { PlanCard } from '~/features/recurring/plan-card';
import { planChangeOf } from '~/features/recurring/plan-change.server';
import { SetupForm } from '~/features/recurring/setup-form';
import type { Route } from './+types/account-recurring';
import { loginHref } from '~/utils/redirect-to';

/*
 * Repeat collections in the account (issue 18, decision 036): set one up, see the next dates
 * with Skip on each, Pause, Resume and Stop, and change its rule (`intent=edit`). Plain form posts to this action (`intent`), the
 * same use-cases as /api/account/recurring.
 */

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Repeat collections | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

const credentialsOf = (request: Request) => ({
  cookie: request.headers.get('cookie'),
  authorization: request.headers.get('authorization'),
});

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await getCurrentCustomer(services, credentialsOf(request));
  if (!customer) throw redirect(loginHref(url.pathname));
  return recurringOverview(services, { customerId: customer.id });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context;
  const customer = await getCurrentCustomer(services, credentialsOf(request));
  if (!customer) return redirect('/login', 303);
  const fields = await formFields(request);
  try {
    if (fields.intent === 'create') {
      const typed = !fields.address_id || fields.address_id === 'new';
      const plan = await createRecurringPlan(services, {
        customerId: customer.id,
        plan: parseFields(recurringPlanSchema, {
          ...fields,
          address_id: typed ? undefined : fields.address_id,
          address: typed
            ? {
                door_number: fields.door_number ?? '',
                line1: fields.line1 ?? '',
                postcode: fields.postcode ?? '',
              }
            : undefined,
        }),
      });
      return {
        ok: true as const,
        form: 'create' as const,
        message: `Your repeat collection is set up. The first one is on ${plan.upcoming[0]?.display ?? 'its day'}; we will e-mail you before each one.`,
      };
    }
    if (fields.intent === 'edit') {
      const plan = await editRecurringPlan(services, {
        customerId: customer.id,
        planId: fields.plan ?? '',
        plan: parseFields(recurringPlanChangeSchema, {
          ...fields,
          address_id: fields.address_id || undefined,
        }),
      });
      return { ok: true as const, form: 'edit' as const, message: planChangedMessage(plan) };
    }
    const done = await changeRecurringPlan(services, {
      access: { kind: 'customer', customerId: customer.id },
      planId: fields.plan ?? '',
      change: planChangeOf(fields),
    });
    return { ok: true as const, form: 'change' as const, message: done.message };
  } catch (error) {
    if (fields.intent === 'edit') {
      return formFailure(error, { form: 'edit' as const, plan: fields.plan ?? '' });
    }
    return formFailure(error, {
      form: fields.intent === 'create' ? ('create' as const) : ('change' as const),
      plan: '',
    });
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function AccountRecurring({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const { plans, options } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <AccountFrame
      current="recurring"
      title="Repeat collections"
      intro="We collect every one, two or four weeks on your day. We e-mail you five days before each collection and book it two days before; skip any you do not need."
    >
      <div className="space-y-6">
        {actionData?.ok ? <Notice tone="success">{actionData.message}</Notice> : null}
        {failed && failed.form === 'change' ? (
          <Notice tone="error">{failed.errors.message}</Notice>
        ) : null}
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            hidden={{ plan: plan.id }}
            busy={busy}
            change={{
              options,
              errors:
                failed && failed.form === 'edit' && failed.plan === plan.id ? failed.errors : null,
            }}
          />
        ))}
        <section aria-labelledby="new-plan" className="space-y-3">
          <h2 id="new-plan" className="text-lg font-semibold text-slate-900">
            {plans.length > 0 ? 'Set up another repeat collection' : 'Set up a repeat collection'}
          </h2>
          <SetupForm
            options={options}
            errors={failed && failed.form === 'create' ? failed.errors : null}
            busy={busy}
          />
        </section>
      </div>
    </AccountFrame>
  );
}
