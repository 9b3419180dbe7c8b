import { Form, Link } from 'react-router';
import { z } from 'zod';
import { isoDate } from '@shared/text';
import { londonToday } from '@shared/london-time';
import { readQuery } from '~/utils/query';
import { orderStatuses } from '@shared/order-status';
import { listOrders } from '~/server/orders.server';
import { orderBoard } from '~/server/orders.server';
import { boardView, orderListRowView, type BoardRowView } from '~/server/orders.server';
import { requireStaffScope } from '~/features/admin/guard.server';
import { ApprovalPill, QuestionPill, RepeatPill, StatusPill } from '~/features/admin/ui';
import { TagScan } from '~/features/admin/tag-scan';
import { CasesPill, OpenCasesPanel } from '~/features/admin/intake-report-panel';
import { openCases, openCasesView } from '~/server/intake-report.server';
import { WaitingClaims } from '~/features/admin/claims/claims-table-list';
import { waitingClaimsOf } from '~/features/admin/claims/claims-list.server';
import type { Route } from './+types/board';

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const { scope } = await requireStaffScope(services, { request, url });
  const { branchIds } = scope;
  const { date } = readQuery(request, z.object({ date: isoDate().optional() }));
  const day = date ?? londonToday(services.now());
  const board = boardView(services.config.brand, await orderBoard(services, { day, branchIds }));
  const inShop = (await listOrders(services, { status: 'cleaning', limit: 50, branchIds })).map(
    (o) => orderListRowView(services.config.brand, o),
  );
  const cases = openCasesView(services.config.brand, await openCases(services));
  // Issue 34: claims waiting on the shop, oldest first with their age.
  const claims = await waitingClaimsOf(services, branchIds);
  return { board, inShop, cases, claims };
}

type Row = BoardRowView;

function RunList({
  title,
  rows,
  empty,
  cases,
}: {
  title: string;
  rows: Row[];
  empty: string;
  cases?: Record<string, number>;
}) {
  return (
    <section className="card p-0" aria-labelledby={`${title}-title`}>
      <h2
        id={`${title}-title`}
        className="border-b border-slate-200 px-5 py-3 text-lg font-semibold"
      >
        {title} <span className="text-slate-500">({rows.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500">{empty}</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 px-5 py-3">
              <span className="w-24 font-mono text-sm font-semibold text-slate-700">
                {row.window}
              </span>
              {/* On a phone the details take the whole width under the window and status. */}
              <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
                <Link to={`/admin/orders/${row.id}`} className="font-semibold text-brand underline">
                  {row.order_no}
                </Link>{' '}
                · {row.customer_name} ·{' '}
                <a
                  href={`tel:${row.customer_phone}`}
                  className="inline-block py-2 underline sm:py-0"
                >
                  {row.customer_phone}
                </a>
                <p className="text-sm text-slate-700">{row.address_lines.join(', ')}</p>
                {row.notes ? <p className="text-sm text-amber-800">Note: {row.notes}</p> : null}
              </div>
              <span className="ml-auto flex flex-wrap justify-end gap-1 sm:ml-0">
                <StatusPill status={row.status} />
                {row.awaiting_approval ? <ApprovalPill /> : null}
                {row.question ? <QuestionPill /> : null}
                {row.repeat ? <RepeatPill /> : null}
                <CasesPill count={cases?.[row.id] ?? 0} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function AdminBoard({ loaderData }: Route.ComponentProps) {
  const { board, inShop } = loaderData;
  const cases = Object.fromEntries(loaderData.cases.orders.map((o) => [o.id, o.open_cases]));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Orders board</h1>
          <p className="text-sm text-slate-600">
            Collections and deliveries of one day, in slot order.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <Form method="get" className="flex items-end gap-2">
            <div>
              <label htmlFor="date" className="field-label">
                Day
              </label>
              <input
                id="date"
                name="date"
                type="date"
                defaultValue={board.day}
                className="field-input"
              />
            </div>
            <button type="submit" className="btn-secondary py-2.5">
              Show
            </button>
          </Form>
          <Link to={`/admin/route-sheet?date=${board.day}`} className="btn-primary py-2.5">
            Route sheet
          </Link>
        </div>
      </div>
      <TagScan className="max-w-xl" />

      <ul
        className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8"
        aria-label="Orders by status"
      >
        {orderStatuses.map((status) => (
          <li key={status}>
            <Link
              to={`/admin/orders?status=${encodeURIComponent(status)}`}
              className="block rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-brand"
            >
              <span className="block text-2xl font-bold">{board.counts[status] ?? 0}</span>
              <span className="text-xs font-medium text-slate-600 uppercase">{status}</span>
            </Link>
          </li>
        ))}
      </ul>

      <div className="grid gap-6 lg:grid-cols-2">
        <RunList
          title="Collections"
          rows={board.collections}
          empty="No collections on this day."
          cases={cases}
        />
        <RunList
          title="Deliveries"
          rows={board.deliveries}
          empty="No deliveries on this day."
          cases={cases}
        />
      </div>

      <OpenCasesPanel cases={loaderData.cases} />

      {loaderData.claims.length ? (
        <section
          className="card p-0"
          aria-labelledby="board-claims-title"
          data-testid="board-claims"
        >
          <h2
            id="board-claims-title"
            className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-3 text-lg font-semibold"
          >
            <span>
              Claims by age <span className="text-slate-500">({loaderData.claims.length})</span>
            </span>
            <Link to="/admin/claims" className="text-sm font-medium text-brand underline">
              All claims
            </Link>
          </h2>
          <WaitingClaims claims={loaderData.claims} compact />
        </section>
      ) : null}

      {board.waiting.length ? (
        <section className="card" aria-labelledby="waiting-title">
          <h2 id="waiting-title" className="text-lg font-semibold">
            Waiting on customers ({board.waiting.length})
          </h2>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {board.waiting.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-2 py-2">
                <Link
                  to={`/admin/orders/${o.id}#thread`}
                  className="font-semibold text-brand underline"
                >
                  {o.order_no}
                </Link>
                <span>
                  {o.customer_name} · £{o.total}
                </span>
                <span className="ml-auto flex gap-1">
                  {o.awaiting_approval ? <ApprovalPill /> : null}
                  {o.question ? <QuestionPill /> : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card">
        <h2 className="text-lg font-semibold">In cleaning ({inShop.length})</h2>
        <ul className="mt-2 flex flex-wrap gap-2 text-sm">
          {inShop.map((o) => (
            <li key={o.id}>
              <Link
                to={`/admin/orders/${o.id}`}
                className="rounded bg-slate-100 px-2 py-1 text-brand underline"
              >
                {o.order_no} · {o.customer_name}
              </Link>{' '}
              <CasesPill count={cases[o.id] ?? 0} />
            </li>
          ))}
          {inShop.length === 0 ? <li className="text-slate-500">Nothing in cleaning.</li> : null}
        </ul>
      </section>
    </div>
  );
}
