import { urlOf } from '@shared/api/client';
import { routes } from '@shared/api/routes';
import { data, Form, Link } from 'react-router';
import { formatGbp, parsePounds } from '@shared/money';
import { formFailure, formFields } from '~/components/form/form-action.server';
import { z } from 'zod';
import { text } from '@shared/text';
import { readQuery } from '~/utils/query';
import {
  customerDetail,
  customerList,
  customerRepeatPlans,
  grantGoodwillCredit,
  pauseRepeatPlanForCustomer,
  type StaffPlanView,
} from '~/server/back-office.server';
import { customerDetailView } from '~/server/orders.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import { StatusPill } from '~/features/admin/ui';
import type { Route } from './+types/customers';

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, { request, url });
  const query = readQuery(
    request,
    z.object({ q: text().optional(), id: text().optional(), repeat: text().optional() }),
  );
  const q = (query.q ?? '').slice(0, 100);
  const id = query.id ?? '';
  const repeat = query.repeat === '1';
  // A search, or every repeat customer (issue 18), each with its live repeat collections.
  const customers = await customerList(services, { query: q, repeatOnly: repeat });
  const customer = /^[0-9a-f-]{36}$/i.test(id)
    ? await customerDetail(services, { id }).then(
        (d) => customerDetailView(services.config.brand, d),
        () => null,
      )
    : null;
  const plans = customer ? await customerRepeatPlans(services, { customerId: customer.id }) : [];
  return { q, repeat, customers, customer, plans };
}

/**
 * Goodwill credit (issue 18), or pausing a repeat collection for the customer
 * (`intent=pause-plan`): a form posted here, one use-case each; staff and owner.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const { services } = context;
  const staff = await requireStaffPage(services, { request, url });
  const fields = await formFields(request);
  if (fields.intent === 'pause-plan') {
    try {
      const plan = await pauseRepeatPlanForCustomer(services, {
        actor: { id: staff.id, name: staff.name, role: staff.role },
        planId: fields.plan ?? '',
        until: fields.until ?? '',
      });
      return data({
        ok: true as const,
        form: 'pause' as const,
        message: `The repeat collection is ${plan.paused_note?.replace(/^Paused/, 'paused') ?? 'paused'}.`,
      });
    } catch (error) {
      return formFailure(error, { form: 'pause' as const });
    }
  }
  const amountPence = parsePounds(fields.amount ?? '') ?? 0;
  try {
    const done = await grantGoodwillCredit(services, {
      actor: { id: staff.id, name: staff.name, role: staff.role },
      customerId: fields.customer_id ?? '',
      amountPence,
      reason: fields.reason ?? '',
    });
    return data({
      ok: true as const,
      form: 'credit' as const,
      message: `Credit added: the balance is now ${formatGbp(done.balancePence)}.`,
    });
  } catch (error) {
    return formFailure(error, { form: 'credit' as const });
  }
}

const nextStates: Record<NonNullable<StaffPlanView['next']>['state'], string> = {
  due: 'planned',
  announced: 'announced',
  booked: 'booked',
  failed: 'not booked',
};

/** One live repeat collection: rule, state and next collection (issue 18, decision 036). */
function PlanLine({ plan }: { plan: StaffPlanView }) {
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span>
        {plan.frequency_label} on {plan.weekday_label}, from {plan.window_start}
      </span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${plan.status === 'paused' ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900'}`}
      >
        {plan.paused_note ?? 'Active'}
      </span>
      <span>
        {plan.next
          ? `Next: ${plan.next.display} (${nextStates[plan.next.state]})`
          : 'No collection planned'}
      </span>
    </span>
  );
}

export default function AdminCustomers({ loaderData, actionData }: Route.ComponentProps) {
  const { q, repeat, customers, customer, plans } = loaderData;
  const listUrl = (id: string) =>
    `/admin/customers?${new URLSearchParams({ ...(q ? { q } : {}), ...(repeat ? { repeat: '1' } : {}), id }).toString()}`;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Customers</h1>
      <Form method="get" className="card flex flex-wrap items-end gap-3 p-4">
        <div className="min-w-64 flex-1">
          <label htmlFor="q" className="field-label">
            Name, e-mail, phone or postcode
          </label>
          <input id="q" name="q" defaultValue={q} className="field-input" />
        </div>
        <label className="flex items-center gap-2 py-2.5 text-sm">
          <input type="checkbox" name="repeat" value="1" defaultChecked={repeat} />
          Repeat customers only
        </label>
        <button type="submit" className="btn-primary py-2.5">
          Search
        </button>
        <Link to="/admin/customers?repeat=1" className="py-2.5 text-sm text-brand underline">
          All repeat customers
        </Link>
      </Form>
      {q || repeat ? (
        <ul className="card divide-y divide-slate-100 p-0">
          {customers.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span>
                <Link to={listUrl(c.id)} className="font-semibold text-brand underline">
                  {c.name}
                </Link>{' '}
                · {c.email} · {c.phone_number}{' '}
                {c.guest ? <span className="text-xs text-slate-500">(guest)</span> : null}
                {c.repeat_plans.length > 0 ? (
                  <span className="ml-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                    Repeat customer
                  </span>
                ) : null}
              </span>
              {c.repeat_plans.length > 0 ? (
                <ul className="w-full space-y-1" aria-label={`Repeat collections of ${c.name}`}>
                  {c.repeat_plans.map((p) => (
                    <li key={p.id}>
                      <PlanLine plan={p} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
          {customers.length === 0 ? (
            <li className="px-4 py-3 text-slate-500">
              {repeat ? 'No repeat customers found.' : 'Nobody found.'}
            </li>
          ) : null}
        </ul>
      ) : null}
      {customer ? (
        <section className="card space-y-3" aria-label="Customer">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-semibold">
              {customer.name} {customer.erased ? '(erased)' : ''}
            </h2>
            <a
              href={urlOf(routes.admin.exportCustomer, { params: { id: customer.id } })}
              className="btn-secondary py-2"
              download
            >
              Export data (JSON)
            </a>
          </div>
          <p className="text-sm">
            {customer.email} · {customer.phone_number} · {customer.guest ? 'guest' : 'registered'}{' '}
            since {new Date(customer.created_at).toLocaleDateString('en-GB')}
          </p>
          <ul className="text-sm text-slate-700">
            {customer.addresses.map((a) => (
              <li key={a.id} className="whitespace-pre-line">
                {a.full_address}
              </li>
            ))}
          </ul>
          {plans.length > 0 ? (
            <div className="rounded-lg border border-slate-200 p-3">
              <h3 className="text-sm font-semibold text-slate-900">Repeat collections</h3>
              <ul className="mt-2 space-y-2">
                {plans.map((p) => (
                  <li key={p.id} className="space-y-1">
                    <PlanLine plan={p} />
                    <span className="block text-xs text-slate-500">
                      {p.address} · delivered from {p.delivery_start}
                    </span>
                    {p.status === 'active' ? (
                      <Form method="post" className="flex flex-wrap items-end gap-2">
                        <input type="hidden" name="intent" value="pause-plan" />
                        <input type="hidden" name="plan" value={p.id} />
                        <div>
                          <label htmlFor={`pause-${p.id}`} className="field-label">
                            Pause until (for the customer)
                          </label>
                          <input
                            id={`pause-${p.id}`}
                            type="date"
                            name="until"
                            required
                            className="field-input"
                          />
                        </div>
                        <button type="submit" className="btn-secondary py-2">
                          Pause
                        </button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
              {actionData?.form === 'pause' ? (
                <p
                  role={actionData.ok ? 'status' : 'alert'}
                  className={`mt-2 text-sm ${actionData.ok ? 'text-emerald-800' : 'text-red-700'}`}
                >
                  {actionData.ok
                    ? actionData.message
                    : [actionData.errors.message, ...Object.values(actionData.errors.fields)].join(
                        ' ',
                      )}
                </p>
              ) : null}
              <p className="mt-2 text-xs text-slate-500">
                Any other change (skip, resume, change, stop) is the customer’s, from their account
                or the e-mailed link.
              </p>
            </div>
          ) : null}
          {customer.orders.length === 0 ? (
            <p className="py-2 text-sm text-slate-600">No orders yet.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-600 uppercase">
                <tr>
                  <th className="py-2">Order</th>
                  <th className="py-2">Placed</th>
                  <th className="py-2">Total</th>
                  <th className="py-2">Due</th>
                  <th className="py-2">Status</th>
                </tr>
              </thead>
              <tbody>
                {customer.orders.map((o) => (
                  <tr key={o.id} className="border-t border-slate-100">
                    <td className="py-2">
                      <Link to={`/admin/orders/${o.id}`} className="text-brand underline">
                        {o.order_no}
                      </Link>
                    </td>
                    <td className="py-2">{new Date(o.created_at).toLocaleDateString('en-GB')}</td>
                    <td className="py-2">£{o.total}</td>
                    <td className="py-2">£{o.amount_due}</td>
                    <td className="py-2">
                      <StatusPill status={o.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Form
            method="post"
            className="flex flex-wrap items-end gap-3 border-t border-slate-100 pt-3"
          >
            <input type="hidden" name="customer_id" value={customer.id} />
            <div className="w-28">
              <label htmlFor="credit-amount" className="field-label">
                Credit (£)
              </label>
              <input id="credit-amount" name="amount" inputMode="decimal" className="field-input" />
            </div>
            <div className="min-w-56 flex-1">
              <label htmlFor="credit-reason" className="field-label">
                Why (the customer sees it)
              </label>
              <input id="credit-reason" name="reason" maxLength={200} className="field-input" />
            </div>
            <button type="submit" className="btn-secondary py-2.5">
              Add goodwill credit
            </button>
            {actionData?.form === 'credit' ? (
              <p
                role={actionData.ok ? 'status' : 'alert'}
                className={`w-full text-sm ${actionData.ok ? 'text-emerald-800' : 'text-red-700'}`}
              >
                {actionData.ok
                  ? actionData.message
                  : [actionData.errors.message, ...Object.values(actionData.errors.fields)].join(
                      ' ',
                    )}
              </p>
            ) : null}
          </Form>
        </section>
      ) : null}
    </div>
  );
}
