import type { z } from 'zod';
import { Link } from 'react-router';
import { routes } from '@shared/api/routes';
import type { uncollectedTicket } from '@shared/api/admin/uncollected';
import { requireStaffPage } from '~/features/admin/guard.server';
import { gbp } from '~/features/admin/counter/z-report';
import { ActionFeedback, londonDateTime, useAdminAction } from '~/features/admin/ui';
import { uncollectedPage } from '~/server/reports.server';
import type { Route } from './+types/counter-uncollected';

/*
 * Counter tickets ready and not handed over (issue 32, decision 054), longest waiting first:
 * the days since ready, the reminders sent (30, 60, 80 days; the last notice at 90). The owner
 * keeps or donates a ticket once its last notice went (audited; nothing is deleted); staff of
 * the branch see the list without the buttons. A driver is sent to their round by the guard.
 */

type Ticket = z.infer<typeof uncollectedTicket>;

export function meta() {
  return [{ title: 'Uncollected · Counter · Back office' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context.services, { request, url });
  return uncollectedPage(context.services, { staff });
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

const reminderText = (r: Ticket['reminders'][number]) => {
  const by = [r.text === 'queued' ? 'text' : null, r.emailed ? 'e-mail' : null].filter(Boolean);
  return `${r.days === 90 ? 'Last notice' : `${r.days} days`}: ${by.length ? by.join(' and ') : 'no channel'}`;
};

function ageClass(days: number) {
  if (days >= 90) return 'bg-red-100 text-red-900';
  if (days >= 60) return 'bg-amber-100 text-amber-900';
  if (days >= 30) return 'bg-yellow-50 text-yellow-900';
  return 'bg-slate-100 text-slate-700';
}

export default function CounterUncollected({ loaderData }: Route.ComponentProps) {
  const { tickets, canDecide } = loaderData;
  const { run, busy, feedback } = useAdminAction();
  const decide = (ticket: Ticket, decision: 'keep' | 'donate') =>
    run(routes.admin.decideUncollected, { params: { id: ticket.id }, body: { decision } });
  const waitingDecision = tickets.filter((t) => t.awaiting_decision).length;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Uncollected tickets</h1>
        <Link to="/admin/counter" className="btn-secondary px-4 py-2">
          Back to the counter
        </Link>
      </div>
      <p className="max-w-3xl text-slate-700">
        Ready and not handed over, longest waiting first. Customers are reminded at 30, 60 and 80
        days and given a last notice at 90 (“Items may be disposed of after 90 days undelivered.”).{' '}
        {canDecide ? 'After the last notice you decide: keep or donate.' : ''}
      </p>
      {waitingDecision > 0 ? (
        <p
          className="rounded-lg bg-red-50 px-4 py-3 font-semibold text-red-900"
          data-testid="awaiting-decision"
        >
          {waitingDecision === 1
            ? '1 ticket waits for the owner’s decision.'
            : `${waitingDecision} tickets wait for the owner’s decision.`}
        </p>
      ) : null}
      <ActionFeedback feedback={feedback} of={[routes.admin.decideUncollected]} />
      {tickets.length === 0 ? (
        <p className="card p-4">Every ready ticket has been collected.</p>
      ) : (
        <ul className="space-y-2" aria-label="Uncollected tickets">
          {tickets.map((t) => (
            <li key={t.id} className="card grid gap-3 p-4 md:grid-cols-[8rem_1fr_auto]">
              <div>
                <span
                  className={`inline-block rounded-md px-2 py-1 text-lg font-bold tabular-nums ${ageClass(t.days)}`}
                >
                  {t.days} days
                </span>
                <p className="mt-1 text-xs text-slate-600">Ready {londonDateTime(t.ready_at)}</p>
              </div>
              <div className="min-w-0 space-y-1">
                <p className="font-semibold">
                  <Link to={`/admin/counter/tickets/${t.id}`} className="text-brand underline">
                    {t.order_no}
                  </Link>{' '}
                  · {t.customer} · {t.phone}
                </p>
                <p className="text-sm text-slate-700">
                  {t.branch} branch{t.rack ? `, rack ${t.rack}` : ''} · due{' '}
                  <strong>{gbp(t.amount_due)}</strong> of {gbp(t.total)}
                </p>
                <p className="text-sm text-slate-600" data-testid="reminders">
                  {t.reminders.length === 0
                    ? 'No reminder yet.'
                    : t.reminders.map(reminderText).join(' · ')}
                </p>
                {t.decision ? (
                  <p className="text-sm font-semibold" data-testid="decision">
                    {t.decision === 'keep' ? 'Kept' : 'Donated'} by {t.decided_by ?? 'the owner'}
                    {t.decided_at ? ` on ${londonDateTime(t.decided_at)}` : ''}
                  </p>
                ) : null}
              </div>
              {canDecide && (t.awaiting_decision || t.decision === 'keep') ? (
                <div className="flex flex-wrap items-start gap-2 md:flex-col">
                  {/* A kept ticket may still be donated later; a donated one is final. */}
                  {(t.awaiting_decision
                    ? (['keep', 'donate'] as const)
                    : (['donate'] as const)
                  ).map((decision) => (
                    <button
                      key={decision}
                      type="button"
                      className={`${decision === 'keep' ? 'btn-secondary' : 'btn-primary'} px-4 py-2`}
                      disabled={busy}
                      onClick={() => void decide(t, decision)}
                    >
                      {decision === 'keep' ? 'Keep' : 'Donate'}
                    </button>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
