import { londonToday, orderBoard } from '@server/use-cases/admin/orders';
import { requireStaffPage } from '~/features/admin/guard';
import type { Route } from './+types/route-sheet';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, request);
  const asked = new URL(request.url).searchParams.get('date') ?? '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : londonToday(services.now());
  return { board: await orderBoard(services.db, day) };
}

type Row = Awaited<ReturnType<typeof orderBoard>>['collections'][number];

function Sheet({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <section className="mt-6 break-inside-avoid">
      <h2 className="text-lg font-bold">
        {title} ({rows.length})
      </h2>
      <table className="mt-2 w-full border-collapse text-sm">
        <thead>
          <tr className="border-b-2 border-slate-800 text-left">
            <th className="py-1 pr-2">Window</th>
            <th className="py-1 pr-2">Order</th>
            <th className="py-1 pr-2">Customer</th>
            <th className="py-1 pr-2">Address</th>
            <th className="py-1 pr-2">Notes</th>
            <th className="py-1">Done</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-300 align-top">
              <td className="py-2 pr-2 font-mono">{r.window}</td>
              <td className="py-2 pr-2 font-semibold">{r.order_no}</td>
              <td className="py-2 pr-2">
                {r.customer_name}
                <br />
                {r.customer_phone}
              </td>
              <td className="py-2 pr-2 whitespace-pre-line">
                {r.door_number ? `Door ${r.door_number}\n` : ''}
                {r.company_name ? `${r.company_name}\n` : ''}
                {r.full_address}
              </td>
              <td className="py-2 pr-2">{r.notes}</td>
              <td className="py-2">☐</td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6} className="py-3 text-slate-500">
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
