import {
  zEntry,
  zReportOpenedClosed,
  zReportRows,
  zReportTitle,
  type TillDayView,
} from '@shared/z-report';

export { gbp, type TillDayView } from '@shared/z-report';

/**
 * A till day's figures (issue 32, decision 051): the running takings while it is open, the
 * day-end (Z) report once closed. The same table on the till screen and the printed page.
 */
export function ZReport({ day }: { day: TillDayView }) {
  const rows = zReportRows(day);
  return (
    <section className="card space-y-3 p-4" aria-labelledby={`z-${day.id}`}>
      <h2 id={`z-${day.id}`} className="text-lg font-bold">
        {zReportTitle(day)}
      </h2>
      <p className="text-sm text-slate-600">{zReportOpenedClosed(day)}</p>
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
            {day.entries.map((e) => {
              const { time, what, amount } = zEntry(e);
              return (
                <tr key={e.id} className="border-t border-slate-200">
                  <td className="pr-2 align-top">{time}</td>
                  <td className="pr-2 align-top">{what}</td>
                  <td className="pr-2 align-top">{e.by}</td>
                  <td className="text-right tabular-nums">{amount}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
