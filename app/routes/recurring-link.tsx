import { data, useNavigation } from 'react-router';
import { changeRecurringPlan, getRecurringPlan } from '~/server/recurring.server';
import { AppError } from '~/server/errors.server';
import { formFailure, formFields } from '~/components/form/form-action.server';
import { ErrorSummary } from '~/components/form';
import { Notice } from '~/components/form/form-field';
import { PlanCard } from '~/features/recurring/plan-card';
import { planChangeOf } from '~/features/recurring/plan-change.server';
import { useRootData } from '~/utils/root-data';
import { linkedPageId } from '~/utils/linked-page.server';
import { seo } from '~/utils/seo';
import type { Route } from './+types/recurring-link';

/*
 * A repeat collection by the announcement's signed link (issue 18, decision 036): skip this
 * one, pause or stop, without logging in and without JavaScript (plain form posts carrying
 * the link's token `t`).
 */

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const planId = linkedPageId(params.id);
  const token = url.searchParams.get('t');
  try {
    const plan = await getRecurringPlan(context.services, {
      access: { kind: 'link', token },
      planId,
    });
    return { refused: null, plan, token, date: url.searchParams.get('d') };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'unauthenticated') {
      return data({ refused: error.message, plan: null, token: null, date: null }, 401);
    }
    if (error instanceof AppError) throw data('Not found', { status: 404 });
    throw error;
  }
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const planId = linkedPageId(params.id);
  const fields = await formFields(request);
  try {
    const done = await changeRecurringPlan(context.services, {
      access: { kind: 'link', token: fields.t },
      planId,
      change: planChangeOf(fields),
    });
    return { ok: true as const, message: done.message, plan: done.plan };
  } catch (error) {
    return formFailure(error);
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Your repeat collection',
    description: 'Skip a collection, pause or stop your repeat collections.',
    path: '/recurring',
    noindex: true,
  });
}

export default function RecurringLink({ loaderData, actionData }: Route.ComponentProps) {
  const brand = useRootData()!.brand;
  const busy = useNavigation().state !== 'idle';
  const plan = (actionData?.ok ? actionData.plan : null) ?? loaderData.plan;
  return (
    <main id="main" className="min-h-[70vh] bg-slate-50 px-4 py-8 sm:py-10">
      <div className="mx-auto max-w-2xl space-y-4">
        <h1 className="page-title">Your repeat collection</h1>
        {actionData?.ok ? <Notice tone="success">{actionData.message}</Notice> : null}
        {actionData && !actionData.ok ? (
          <ErrorSummary message={actionData.errors.message} fields={actionData.errors.fields} />
        ) : null}
        {plan ? (
          <>
            <p className="text-slate-700">
              Skip a collection you do not need, pause for a while, or stop. No login needed.
            </p>
            <PlanCard
              plan={plan}
              hidden={{ t: loaderData.token ?? '' }}
              busy={busy}
              highlight={loaderData.date}
            />
          </>
        ) : (
          <div className="card space-y-3">
            <p className="text-slate-700">{loaderData.refused}</p>
          </div>
        )}
        <p className="text-sm text-slate-600">
          Questions? Call us on{' '}
          <a className="font-semibold text-brand underline" href={`tel:${brand.phone}`}>
            {brand.phone}
          </a>
          .
        </p>
      </div>
    </main>
  );
}
