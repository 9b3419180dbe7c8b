import { useState } from 'react';
import { data, Link } from 'react-router';
import { requireStaffPage } from '~/features/admin/guard.server';
import { CollectPanel } from '~/features/admin/counter/collect-panel';
import { MoneyPanel } from '~/features/admin/counter/money-panel';
import { ReadyPanel } from '~/features/admin/counter/ready-panel';
import { TicketSummary, type CounterTicketView } from '~/features/admin/counter/ticket-summary';
import { counterTicketView } from '~/server/counter.server';
import { AppError, httpStatusOf } from '~/server/errors.server';
import type { Route } from './+types/counter-ticket';

/*
 * A counter ticket at the counter (issue 32, decision 050): opened by scanning its number into
 * the counter's find box. It shows where the garments hang and the balance due; staff mark it
 * ready with its rack (the customer is told), then hand over all or some of its lines, taking
 * the balance in cash with change, or recording why it goes unpaid. Writes through the API.
 */

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `Ticket ${loaded?.ticket.order_no ?? ''} · Counter · Back office` },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { services } = context;
  const staff = await requireStaffPage(services, { request, url });
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data('Not found', { status: 404 });
  try {
    return { ticket: await counterTicketView(services, { staff, orderId: params.id }) };
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: httpStatusOf(error) });
    throw error;
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function CounterTicket({ loaderData }: Route.ComponentProps) {
  const [ticket, setTicket] = useState<CounterTicketView>(loaderData.ticket);
  const [message, setMessage] = useState('');
  const [shown, setShown] = useState(loaderData.ticket.id);
  if (shown !== loaderData.ticket.id) {
    // Another ticket scanned: start from its own data.
    setShown(loaderData.ticket.id);
    setTicket(loaderData.ticket);
    setMessage('');
  }
  const done = (next: CounterTicketView, said: string) => {
    setTicket(next);
    setMessage(said);
  };
  const collectable = ticket.status === 'ready';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">
          Ticket {ticket.order_no}{' '}
          <span className="font-normal text-slate-500">· {ticket.customer_name}</span>
        </h1>
        <div className="flex flex-wrap gap-2">
          {/* The garment intake (tags, labels, photos) is the order page's, reused. */}
          <Link to={`/admin/orders/${ticket.id}`} className="btn-secondary px-4 py-2">
            Garment tags and photos
          </Link>
          <Link to="/admin/counter" className="btn-secondary px-4 py-2">
            Back to the counter
          </Link>
        </div>
      </div>
      {message ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-4 py-3 text-lg font-semibold text-emerald-900"
          data-testid="counter-message"
        >
          {message}
        </p>
      ) : null}
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_24rem]">
        <TicketSummary ticket={ticket} />
        <div className="space-y-3">
          {ticket.status === 'collected' || ticket.status === 'cleaning' || collectable ? (
            <ReadyPanel key={`ready-${ticket.id}`} ticket={ticket} onDone={done} />
          ) : null}
          {ticket.status !== 'cancelled' ? (
            <MoneyPanel key={`money-${ticket.id}`} ticket={ticket} onDone={done} />
          ) : null}
          {collectable ? (
            <CollectPanel key={`collect-${ticket.id}`} ticket={ticket} onDone={done} />
          ) : null}
          {ticket.status === 'delivered' ? (
            <div className="card p-4">
              <Link to="/admin/counter" className="btn-primary w-full">
                Next customer
              </Link>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
