import type { z } from 'zod';
import type { counterTicket } from '@shared/api/admin/counter';
import { londonDateTime } from './london-time-input';

export type CounterTicketView = z.infer<typeof counterTicket>;

/**
 * What a counter ticket holds (issue 32, decision 050): where its garments hang, what is due,
 * its lines (handed over or not) and its hand-overs, for the ticket screen.
 */
export function TicketSummary({ ticket }: { ticket: CounterTicketView }) {
  const status =
    ticket.status === 'delivered'
      ? 'Collected'
      : ticket.status === 'ready'
        ? 'Ready'
        : 'In the shop';
  return (
    <section aria-labelledby="ticket-summary" className="card space-y-3 p-4">
      <h2 id="ticket-summary" className="sr-only">
        The ticket
      </h2>
      <dl className="grid grid-cols-3 gap-3">
        <div className="rounded-lg bg-brand/5 p-3">
          <dt className="text-xs font-semibold text-slate-600 uppercase">Hangs on</dt>
          <dd className="text-3xl font-bold tracking-tight" data-testid="ticket-rack">
            {ticket.rack ?? '—'}
          </dd>
        </div>
        <div
          className={`rounded-lg p-3 ${ticket.due === '0.00' ? 'bg-emerald-50' : 'bg-amber-50'}`}
        >
          <dt className="text-xs font-semibold text-slate-700 uppercase">Due</dt>
          <dd className="text-3xl font-bold tabular-nums" data-testid="ticket-due">
            £{ticket.due}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs font-semibold text-slate-600 uppercase">Status</dt>
          <dd className="text-xl font-bold" data-testid="ticket-status">
            {status}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-700">
        {ticket.branch} · ready from {londonDateTime(ticket.promised_ready_at)} · total £
        {ticket.total}, paid £{ticket.paid}
        {ticket.invoice_number ? ` · invoice ${ticket.invoice_number}` : ''}
      </p>
      <ul aria-label="Items on the ticket" className="divide-y divide-slate-200">
        {ticket.items.map((item) => (
          <li key={item.id} className="flex items-baseline justify-between gap-3 py-2">
            <span className="min-w-0">
              <span className="font-semibold">
                {item.quantity} × {item.name}
              </span>
              {item.note ? <span className="block text-sm text-slate-600">{item.note}</span> : null}
            </span>
            <span className="shrink-0 text-sm">
              {item.handed_over ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900">
                  Handed over
                </span>
              ) : (
                <span className="tabular-nums">£{item.line_total}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {ticket.handovers.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-700">Handed over</h3>
          <ul className="text-sm text-slate-700">
            {ticket.handovers.map((h) => (
              <li key={h.at + h.by}>
                {londonDateTime(h.at)} by {h.by} at {h.branch}
                {h.tendered !== null ? ` · £${h.tendered} tendered, £${h.change} change` : ''}
                {h.unpaid_reason ? ` · unpaid: ${h.unpaid_reason}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <a href={ticket.receipt_url} target="_blank" rel="noreferrer" className="btn-secondary">
        Print receipt
      </a>
    </section>
  );
}
