import type { z } from 'zod';
import type { tillDay } from '@shared/api/admin/till';
import { londonDateTime } from './london-time-input';

export type TillDayView = z.infer<typeof tillDay>;

/** "12.50" as "£12.50", "-3.00" as "-£3.00". */
export const gbp = (amount: string) =>
  amount.startsWith('-') ? `-£${amount.slice(1)}` : `£${amount}`;
const kinds = { sale: 'Sale', refund: 'Refund', 'paid-in': 'Paid in', 'paid-out': 'Paid out' };

/**
 * A till day's figures (issue 32, decision 051): the running takings while it is open, the
 * day-end (Z) report once closed. The same table on the till screen and the printed page.
 */
export function ZReport({ day }: { day: TillDayView }) {
  const rows: [string, string, string?][] = [
    ['Opening float', gbp(day.float)],
    ['Cash takings', gbp(day.takings.cash), 'z-cash'],
    ['Card takings', gbp(day.takings.card), 'z-card'],
    ['Total takings', gbp(day.takings.total), 'z-total'],
    ['of which VAT', gbp(day.vat), 'z-vat'],
    ['Refunds', gbp(day.refunds)],
    ['Cash paid in', gbp(day.paid_in)],
    ['Cash paid out', gbp(day.paid_out)],
    ['Tickets in (raised)', String(day.tickets_in)],
    ['Tickets out (handed over)', String(day.tickets_out)],
    ['Cash expected', gbp(day.expected_cash), 'z-expected'],
  ];
  if (day.counted_cash !== null) rows.push(['Cash counted', gbp(day.counted_cash), 'z-counted']);
  if (day.difference !== null) rows.push(['Difference', gbp(day.difference), 'z-difference']);
  return (
    <section className="card space-y-3 p-4" aria-labelledby={`z-${day.id}`}>
      <h2 id={`z-${day.id}`} className="text-lg font-bold">
        {day.closed_at ? 'Day-end (Z) report' : 'Running takings'} · {day.branch} · {day.day}
      </h2>
      <p className="text-sm text-slate-600">
        Opened by {day.opened_by} at {londonDateTime(day.opened_at)}
        {day.closed_at ? `; closed by ${day.closed_by} at ${londonDateTime(day.closed_at)}` : ''}
      </p>
      <table className="w-full text-left">
        <tbody>
          {rows.map(([label, value, id]) => (
            <tr key={label} className="border-b border-slate-200">
              <th scope="row" className="py-1 font-normal">
                {label}
              </th>
              <td className="py-1 text-right font-semibold tabular-nums" data-testid={id}>
                {value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {day.note ? <p>Note: {day.note}</p> : null}
      <h3 className="font-bold">Entries</h3>
      {day.entries.length === 0 ? (
        <p className="text-slate-600">No money has moved yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">What</th>
              <th scope="col">By</th>
              <th scope="col" className="text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {day.entries.map((e) => (
              <tr key={e.id} className="border-t border-slate-200">
                <td>{londonDateTime(e.at).split(' ').pop()}</td>
                <td>
                  {kinds[e.kind]} ({e.method}){e.order_no ? ` · ${e.order_no}` : ''}
                  {e.reason ? ` · ${e.reason}` : ''}
                </td>
                <td>{e.by}</td>
                <td className="text-right tabular-nums">{gbp(e.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
