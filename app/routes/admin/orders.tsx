import { Form, Link, redirect } from 'react-router';
import { z } from 'zod';
import { text } from '@shared/text';
import { readQuery } from '~/utils/query';
import { isOrderStatus, orderStatuses } from '@shared/order-status';
import { findByScan, listOrders } from '~/server/orders.server';
import { orderListRowView } from '~/server/orders.server';
import { requireStaffScope } from '~/features/admin/guard.server';
import { StatusPill } from '~/features/admin/ui';
import type { Route } from './+types/orders';

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const { staff, scope } = await requireStaffScope(services, { request, url });
  const query = readQuery(request, z.object({ status: text().optional(), q: text().optional() }));
  const status = query.status ?? '';
  const q = (query.q ?? '').slice(0, 100);
  // The board's scan box searches here: a tag or an order number opens its page at once.
  const opened = q ? await findByScan(services, { actor: staff, typed: q }) : null;
  if (opened) throw redirect(opened);
  const rows = await listOrders(services, {
    status: isOrderStatus(status) ? status : undefined,
    search: q,
    branchIds: scope.branchIds,
  });
  const orders = rows.map((o) => orderListRowView(services.config.brand, o));
  return { orders, status, q };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, status, q } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Orders</h1>
      <Form method="get" className="card flex flex-wrap items-end gap-3 p-4">
        <div>
          <label htmlFor="status" className="field-label">
            Status
          </label>
          <select id="status" name="status" defaultValue={status} className="field-input">
            <option value="">All</option>
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-56 flex-1">
          <label htmlFor="q" className="field-label">
            Order number, name, e-mail or postcode
          </label>
          <input id="q" name="q" defaultValue={q} className="field-input" />
        </div>
        <button type="submit" className="btn-primary py-2.5">
          Search
        </button>
      </Form>
      <div className="card overflow-x-auto p-0">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th className="px-4 py-3">Order</th>
              <th className="px-4 py-3">Customer</th>
              <th className="px-4 py-3">Collection</th>
              <th className="px-4 py-3">Delivery</th>
              <th className="px-4 py-3">Total</th>
              <th className="px-4 py-3">Due</th>
              <th className="px-4 py-3">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {orders.map((o) => (
              <tr key={o.id}>
                <td className="px-4 py-3">
                  <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand underline">
                    {o.order_no}
                  </Link>
                </td>
                <td className="px-4 py-3">
                  {o.customer_name}
                  <span className="block text-xs text-slate-500">{o.postcode}</span>
                </td>
                <td className="px-4 py-3">{o.pickup_display}</td>
                <td className="px-4 py-3">{o.delivery_display}</td>
                <td className="px-4 py-3">£{o.total}</td>
                <td className="px-4 py-3">£{o.amount_due}</td>
                <td className="px-4 py-3">
                  <StatusPill status={o.status} />
                </td>
              </tr>
            ))}
            {orders.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-4 py-6 text-slate-500">
                  {q
                    ? `Nothing matches “${q}”: no garment tag, order number, name, e-mail or postcode.`
                    : 'No orders found.'}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}
