import { data, Form, redirect, useNavigation } from 'react-router';
import { AppError, httpStatusOf } from '~/server/errors.server';
import { chooseBranch } from '~/server/branches.server';
import { requireStaffScope } from '~/features/admin/guard.server';
import type { Route } from './+types/branch';

/*
 * The branch a session works in (issue 32): a member of several branches chooses here after
 * signing in (the layout sends them until they do); the header's switcher posts here too. A
 * form post, so it works before the page's scripts run.
 */

export function meta() {
  return [{ title: 'Your branch · Back office' }, { name: 'robots', content: 'noindex' }];
}

/** Only back-office paths are returned to. */
function backTo(from: FormDataEntryValue | string | null): string {
  const path = String(from ?? '');
  return path.startsWith('/admin') && !path.startsWith('//') ? path : '/admin';
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { scope, staff } = await requireStaffScope(context.services, { request, url });
  return {
    choices: scope.choices,
    current: scope.current,
    owner: staff.role === 'owner',
    from: backTo(url.searchParams.get('from')),
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const { services } = context;
  const { staff } = await requireStaffScope(services, { request, url });
  const form = await request.formData();
  const raw = String(form.get('branch_id') ?? '');
  const branchId = raw === 'all' ? null : Number.parseInt(raw, 10);
  try {
    await chooseBranch(services, {
      staff,
      branchId: branchId === null || Number.isInteger(branchId) ? branchId : -1,
    });
  } catch (error) {
    if (error instanceof AppError) {
      return data({ error: error.message }, { status: httpStatusOf(error) });
    }
    throw error;
  }
  return redirect(backTo(form.get('from')));
}

export default function ChooseBranch({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, current, owner, from } = loaderData;
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">Which branch are you working in?</h1>
      <p className="text-slate-700">
        The board, the orders and the route sheet show this branch’s orders. You can change it any
        time from the top of the page.
      </p>
      {actionData?.error ? (
        <p role="alert" className="field-error">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="from" value={from} />
        {choices.map((b) => (
          <button
            key={b.id}
            type="submit"
            name="branch_id"
            value={b.id}
            disabled={busy}
            aria-pressed={b.id === current}
            className={`card min-h-16 text-left text-lg font-semibold ${b.id === current ? 'ring-2 ring-brand' : 'hover:ring-2 hover:ring-slate-300'}`}
          >
            {b.name}
          </button>
        ))}
        {owner ? (
          <button
            type="submit"
            name="branch_id"
            value="all"
            disabled={busy}
            aria-pressed={current === null}
            className={`card min-h-16 text-left text-lg font-semibold ${current === null ? 'ring-2 ring-brand' : 'hover:ring-2 hover:ring-slate-300'}`}
          >
            All branches
          </button>
        ) : null}
      </Form>
      {choices.length === 0 ? (
        <p className="text-slate-700">
          You are not placed in a branch yet, so you see every order. The owner places staff in
          branches at Branches.
        </p>
      ) : null}
    </div>
  );
}
