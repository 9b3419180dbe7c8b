import { useState } from 'react';
import { Link } from 'react-router';
import { requireStaffPage } from '~/features/admin/guard.server';
import { CloseTillForm, OpenTillForm, TillCashForm } from '~/features/admin/counter/till-forms';
import { ZReport, type TillDayView } from '~/features/admin/counter/z-report';
import { tillOverviewView } from '~/server/counter.server';
import type { Route } from './+types/counter-till';

/*
 * The till of the session's counter branch (issue 32, decision 051): open the day with a
 * float, the running takings, cash paid in and out with a reason, and the close with the cash
 * counted against the cash expected; then the day-end (Z) report to print. Writes through the
 * API (shared/api/admin/till.ts). Below, the recent days of the member's branches.
 */

export function meta() {
  return [{ title: 'Till · Counter · Back office' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context.services, { request, url });
  return tillOverviewView(context.services, { staff });
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function CounterTill({ loaderData }: Route.ComponentProps) {
  const [day, setDay] = useState<TillDayView | null>(loaderData.current);
  const [message, setMessage] = useState('');
  const done = (next: TillDayView, said: string) => {
    setDay(next);
    setMessage(said);
  };
  const open = day !== null && day.closed_at === null;
  const { waiting } = loaderData;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Till</h1>
        <Link to="/admin/counter" className="btn-secondary px-4 py-2">
          Back to the counter
        </Link>
      </div>
      {message ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-4 py-3 text-lg font-semibold text-emerald-900"
          data-testid="till-message"
        >
          {message}
        </p>
      ) : null}
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-3">
          {day ? (
            <ZReport day={day} />
          ) : (
            <p className="card p-4">The till is not open: open the day before taking cash.</p>
          )}
          {day === null && waiting.entries > 0 ? (
            <p className="card p-4" data-testid="till-waiting">
              {waiting.entries === 1
                ? 'A card payment or refund'
                : `${waiting.entries} card payments or refunds`}{' '}
              (£{waiting.total}) came through while the till was closed: the day you open takes{' '}
              {waiting.entries === 1 ? 'it' : 'them'}, with the reason on its Z report.
            </p>
          ) : null}
          {day?.closed_at ? (
            <Link to={`/admin/counter/till/days/${day.id}`} className="btn-primary">
              Print the Z report
            </Link>
          ) : null}
        </div>
        <div className="space-y-3">
          {day === null ? <OpenTillForm onDone={done} /> : null}
          {open ? <TillCashForm key={`cash-${day.id}`} day={day} onDone={done} /> : null}
          {open ? <CloseTillForm key={`close-${day.id}`} day={day} onDone={done} /> : null}
        </div>
      </div>
      {loaderData.days.length ? (
        <section className="card p-4" aria-labelledby="days-heading">
          <h2 id="days-heading" className="text-lg font-bold">
            Recent days
          </h2>
          <ul>
            {loaderData.days.map((d) => (
              <li key={d.id}>
                <Link to={`/admin/counter/till/days/${d.id}`} className="underline">
                  {d.branch} · {d.day}
                </Link>{' '}
                {d.closed ? `closed, difference £${d.difference}` : 'open'}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
