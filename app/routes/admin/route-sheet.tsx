import { z } from 'zod';
import { isoDate } from '@shared/text';
import { londonToday } from '@shared/london-time';
import { readQuery } from '~/utils/query';
import { orderBoard } from '~/server/orders.server';
import { boardView, type BoardRowView } from '~/server/orders.server';
import { requireStaffScope } from '~/features/admin/guard.server';
import type { Route } from './+types/route-sheet';

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const { scope } = await requireStaffScope(services, { request, url });
  const { date } = readQuery(request, z.object({ date: isoDate().optional() }));
  return {
    board: boardView(
      services.config.brand,
      await orderBoard(services, {
        day: date ?? londonToday(services.now()),
        branchIds: scope.branchIds,
      }),
    ),
  };
}

type Row = BoardRowView;

function Sheet({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <section className="mt-6 break-inside-avoid">
      <h2 className="text-lg font-bold">
        {title} ({rows.length})
      </h2>
      {/* A table on paper and desks; on a phone each stop is a block of its own. */}
      <table className="mt-2 w-full border-collapse text-sm max-sm:block">
        <thead className="max-sm:hidden">
          <tr className="border-b-2 border-slate-800 text-left">
            <th className="py-1 pr-2">Window</th>
            <th className="py-1 pr-2">Order</th>
            <th className="py-1 pr-2">Customer</th>
            <th className="py-1 pr-2">Address</th>
            <th className="py-1 pr-2">Notes</th>
            <th className="py-1">Done</th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.map((r) => (
            <tr
              key={r.id}
              className="border-b border-slate-300 align-top max-sm:grid max-sm:grid-cols-[auto_1fr_auto] max-sm:gap-x-3 max-sm:py-2"
            >
              <td className="py-2 pr-2 font-mono max-sm:p-0">{r.window}</td>
              <td className="py-2 pr-2 font-semibold max-sm:p-0">{r.order_no}</td>
              <td className="py-2 pr-2 max-sm:col-span-3 max-sm:p-0">
                {r.customer_name}
                <br />
                <a href={`tel:${r.customer_phone}`} className="max-sm:inline-block max-sm:py-2">
                  {r.customer_phone}
                </a>
              </td>
              <td className="py-2 pr-2 whitespace-pre-line max-sm:col-span-3 max-sm:p-0 max-sm:font-medium">
                {r.address_lines.join('\n')}
              </td>
              <td className="py-2 pr-2 max-sm:col-span-3 max-sm:p-0 max-sm:empty:hidden">
                {r.notes}
              </td>
              <td className="py-2 max-sm:col-start-3 max-sm:row-start-1 max-sm:p-0">☐</td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr className="max-sm:block">
              <td colSpan={6} className="py-3 text-slate-500 max-sm:block">
                None.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}

export default function RouteSheet({ loaderData }: Route.ComponentProps) {
  const { board } = loaderData;
  const day = new Date(`${board.day}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return (
    <div className="rounded-xl bg-white p-6 shadow-sm print:rounded-none print:p-0 print:shadow-none">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Route sheet: {day}</h1>
        <button
          type="button"
          className="btn-primary py-2 print:hidden"
          onClick={() => window.print()}
        >
          Print
        </button>
      </div>
      <Sheet title="Collections" rows={board.collections} />
      <Sheet title="Deliveries" rows={board.deliveries} />
    </div>
  );
}
