import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { routes } from '@shared/api/routes';
import type { DriverStopView } from '~/server/driver.server';
import { call } from '~/utils/api-client';
import { useActionQueue } from './action-queue';
import { bigButton } from './big-button';
import { useKeptRound } from './keep-round';
import { RoundStatus } from './round-status';
import { StopCard } from './stop-card';
import { SyncBar } from './sync-bar';

/*
 * The driver's view (issue 16, decision 026): made for a 375 px phone held in one hand. Stops
 * are cards in route order with big Call and Navigate buttons; the actions open inline and go
 * through this phone's queue (./action-queue.ts), which keeps them until the server answers.
 */

type Props = {
  date: string;
  today: string;
  tomorrow: string;
  day: string;
  stops: DriverStopView[];
  /** Issue 33: shown from the phone's copy, kept at `savedAt`, without a signal. */
  offline?: { savedAt: string } | null;
};

export function DriverView(props: Props) {
  const { date, today, tomorrow, day, stops, offline = null } = props;
  const { pending, refused, sync, enqueue, dismiss } = useActionQueue();
  useKeptRound(props, !offline);
  const revalidator = useRevalidator();
  const [starting, setStarting] = useState(false);
  const [startMessage, setStartMessage] = useState('');
  const waiting = new Set(pending.map((p) => p.orderId));
  // A stop of a later day has no action yet, but it is still to do (issue 31).
  const isDone = (s: DriverStopView) => s.actions.length === 0 && !s.later_day;
  const open = stops.filter((s) => !isDone(s));
  const done = stops.filter(isDone);
  const ready = stops.filter(
    (s) =>
      s.leg === 'delivery' && s.order_status === 'ready' && s.state === 'to-do' && !s.later_day,
  );
  const tab = (to: string, label: string) => (
    <Link
      to={to === today ? '/admin/driver' : `/admin/driver?date=${to}`}
      aria-current={date === to ? 'page' : undefined}
      className={`flex min-h-12 flex-1 items-center justify-center rounded-lg text-base font-semibold ${
        date === to ? 'bg-brand text-white' : 'text-slate-700'
      }`}
    >
      {label}
    </Link>
  );
  return (
    <div className="mx-auto max-w-xl space-y-4 pb-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">My stops</h1>
        <p className="text-slate-600">
          {day} · {open.length} to do, {done.length} done
        </p>
      </div>
      <nav aria-label="Day" className="flex gap-1 rounded-xl border border-slate-200 bg-white p-1">
        {tab(today, 'Today')}
        {tab(tomorrow, 'Tomorrow')}
      </nav>
      <SyncBar sync={sync} />
      <RoundStatus
        offline={offline}
        waiting={pending.length}
        refused={refused}
        onDismiss={(key) => void dismiss(key)}
      />
      {stops.some((s) => s.later_day) ? (
        <p className="rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-700">
          These stops are for {day}: Start deliveries, Collect, Deliver and Not home open on the
          day.
        </p>
      ) : null}
      {ready.length > 0 ? (
        <div className="rounded-xl border border-violet-200 bg-violet-50 p-3">
          <button
            type="button"
            disabled={starting}
            className={`${bigButton} w-full bg-violet-700 text-white disabled:opacity-60`}
            onClick={async () => {
              setStarting(true);
              const reply = await call(routes.driver.startDeliveries, { body: { date } });
              setStarting(false);
              setStartMessage(reply.ok ? reply.data.message : reply.error.message);
              await revalidator.revalidate();
            }}
          >
            Start deliveries ({ready.length} ready)
          </button>
        </div>
      ) : null}
      {startMessage ? (
        <p role="status" className="text-sm font-medium text-violet-900">
          {startMessage}
        </p>
      ) : null}
      {stops.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-600">
          No collections or deliveries on this day.
        </p>
      ) : null}
      <ol className="space-y-3" aria-label="Stops">
        {open.map((s) => (
          <StopCard
            key={`${s.leg}-${s.order_id}`}
            stop={s}
            waiting={waiting.has(s.order_id)}
            onAction={(p, kept) => void enqueue(p, kept)}
          />
        ))}
      </ol>
      {done.length > 0 ? (
        <section aria-label="Done">
          <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">
            Done
          </h2>
          <ol className="space-y-3">
            {done.map((s) => (
              <StopCard
                key={`${s.leg}-${s.order_id}`}
                stop={s}
                waiting={false}
                onAction={(p, kept) => void enqueue(p, kept)}
              />
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
