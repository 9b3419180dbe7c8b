import { londonDateTime } from './london-time-input';

export type RaisedTicket = {
  id: string;
  order_no: string;
  total: string;
  paid: string;
  due: string;
  tendered: string | null;
  payment: 'cash' | 'card' | 'at-collection';
  change: string | null;
  promised_ready_at: string;
  invoice_number: string | null;
  receipt_url: string;
  customer_name: string;
};

/**
 * A ticket just raised (issue 32): the change to hand over, when it is ready, the receipt to
 * print, and the next customer.
 */
export function TicketDone({ ticket, onNext }: { ticket: RaisedTicket; onNext: () => void }) {
  return (
    <section
      aria-labelledby="ticket-raised"
      className="card mx-auto max-w-xl space-y-4 text-center"
    >
      <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">
        Ticket raised
      </p>
      <h2 id="ticket-raised" className="text-4xl font-bold tracking-tight">
        {ticket.order_no}
      </h2>
      <p className="text-slate-700">{ticket.customer_name}</p>
      <dl className="grid grid-cols-2 gap-3 text-left">
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs font-semibold text-slate-500 uppercase">Total</dt>
          <dd className="text-xl font-bold tabular-nums">£{ticket.total}</dd>
        </div>
        {ticket.change !== null ? (
          <div className="rounded-lg bg-emerald-50 p-3">
            <dt className="text-xs font-semibold text-emerald-800 uppercase">Change to give</dt>
            <dd
              className="text-xl font-bold text-emerald-900 tabular-nums"
              data-testid="ticket-change"
            >
              £{ticket.change}
            </dd>
          </div>
        ) : null}
        {ticket.due !== '0.00' ? (
          <div className="rounded-lg bg-amber-50 p-3">
            <dt className="text-xs font-semibold text-amber-800 uppercase">Due at collection</dt>
            <dd className="text-xl font-bold text-amber-900 tabular-nums" data-testid="ticket-due">
              £{ticket.due}
            </dd>
          </div>
        ) : ticket.change === null ? (
          <div className="rounded-lg bg-emerald-50 p-3">
            <dt className="text-xs font-semibold text-emerald-800 uppercase">Paid</dt>
            <dd
              className="text-xl font-bold text-emerald-900 tabular-nums"
              data-testid="ticket-paid"
            >
              £{ticket.paid}
            </dd>
          </div>
        ) : null}
        <div className="col-span-2 rounded-lg bg-slate-50 p-3">
          <dt className="text-xs font-semibold text-slate-500 uppercase">Ready from</dt>
          <dd className="text-lg font-semibold">{londonDateTime(ticket.promised_ready_at)}</dd>
        </div>
      </dl>
      {ticket.invoice_number ? (
        <p className="text-sm text-slate-600">
          {ticket.payment === 'card' ? 'Paid by card' : 'Paid in cash'}
          {ticket.due !== '0.00' ? ' (deposit)' : ''} · VAT invoice {ticket.invoice_number}
        </p>
      ) : null}
      <div className="flex justify-center gap-3">
        <a href={ticket.receipt_url} target="_blank" rel="noreferrer" className="btn-primary">
          Print receipt
        </a>
        <a href={`/admin/orders/${ticket.id}`} className="btn-secondary">
          Open order
        </a>
        <button type="button" onClick={onNext} className="btn-secondary" autoFocus>
          Next customer
        </button>
      </div>
    </section>
  );
}
