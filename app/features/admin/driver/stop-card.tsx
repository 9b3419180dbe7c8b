import { useState } from 'react';
import type { DriverStopView } from '~/server/driver.server';
import { type KeptPhoto, type Pending } from './action-queue';
import { bigButton } from './big-button';
import { CollectForm } from './collect-form';
import { DeliverForm } from './deliver-form';
import { NotHomeSheet } from './not-home-sheet';

/** What is collected or delivered at the stop. */
function StopItems({ stop }: { stop: DriverStopView }) {
  if (stop.collect) {
    if (stop.collect.not_sure || stop.collect.items.length === 0) {
      return (
        <p className="text-sm text-slate-700">
          Collect: customer is not sure what they are sending
        </p>
      );
    }
    return (
      <p className="text-sm text-slate-700">
        Collect: {stop.collect.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}
      </p>
    );
  }
  if (stop.deliver) {
    const bags = stop.deliver.bags;
    return (
      <p className="text-sm text-slate-700">
        Deliver: {stop.deliver.items} item{stop.deliver.items === 1 ? '' : 's'}
        {bags ? `, collected in ${bags} bag${bags === 1 ? '' : 's'}` : ''}
      </p>
    );
  }
  return null;
}

/**
 * One stop in route order: when, who and where, the notes, what to carry, Call and Navigate,
 * and its actions, opened inline. A stop done keeps its card, without address or actions.
 */
export function StopCard({
  stop,
  waiting,
  onAction,
}: {
  stop: DriverStopView;
  waiting: boolean;
  onAction: (p: Pending, kept?: KeptPhoto) => void;
}) {
  const [open, setOpen] = useState<'collect' | 'deliver' | 'not-home' | null>(null);
  // A stop of a later day has no action yet but is not done (issue 31).
  const done = stop.actions.length === 0 && !stop.later_day;
  const isCollection = stop.leg === 'collection';
  // Issue 33: each action carries the version of the stop the driver saw.
  const act = (p: Pending, kept?: KeptPhoto) =>
    onAction({ ...p, body: { ...p.body, stop_version: stop.version } } as Pending, kept);
  return (
    <li
      data-testid="driver-stop"
      data-order={stop.order_no}
      data-state={stop.state}
      className={`rounded-xl border p-4 shadow-sm ${done ? 'border-slate-200 bg-slate-50' : 'border-slate-300 bg-white'}`}
    >
      <div className="flex items-start gap-3">
        <span
          aria-label={`Stop ${stop.stop_no}`}
          className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-lg font-bold ${
            done ? 'bg-slate-200 text-slate-700' : 'bg-brand text-white'
          }`}
        >
          {stop.stop_no}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <span className="font-bold text-slate-900">{stop.window}</span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold uppercase ${
                isCollection ? 'bg-sky-100 text-sky-900' : 'bg-violet-100 text-violet-900'
              }`}
            >
              {isCollection ? 'Collect' : 'Deliver'}
            </span>
            <span className="text-slate-600">{stop.order_no}</span>
          </p>
          <h2 className="mt-1 text-lg leading-tight font-bold text-slate-900">
            {stop.customer_name}
          </h2>
          {done ? null : (
            <>
              {stop.door ? <p className="font-semibold text-slate-900">{stop.door}</p> : null}
              <p className="text-slate-700">{stop.address}</p>
            </>
          )}
        </div>
      </div>
      {stop.card_not_saved && !done ? (
        <p className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
          Card not saved — collect payment details
        </p>
      ) : null}
      {stop.notes && !done ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="font-semibold">Notes: </span>
          {stop.notes}
        </p>
      ) : null}
      {stop.access_notes && !done ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="font-semibold">Access: </span>
          {stop.access_notes}
        </p>
      ) : null}
      {stop.care.length > 0 && !done ? (
        <p className="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950">
          <span className="font-semibold">Care: </span>
          {stop.care.join(' · ')}
        </p>
      ) : null}
      {done ? null : (
        <div className="mt-2">
          <StopItems stop={stop} />
        </div>
      )}
      <p
        className={`mt-2 text-sm font-semibold ${
          stop.state === 'not-home'
            ? 'text-amber-800'
            : done
              ? 'text-emerald-800'
              : 'text-slate-600'
        }`}
      >
        {waiting ? 'Waiting to be sent…' : stop.state_label}
      </p>
      {done ? null : (
        <div className="mt-3 grid grid-cols-2 gap-2">
          <a href={stop.call_url} className={`${bigButton} border border-brand text-brand`}>
            Call
          </a>
          <a
            href={stop.navigate_url}
            target="_blank"
            rel="noreferrer"
            className={`${bigButton} border border-brand text-brand`}
          >
            Navigate
          </a>
        </div>
      )}
      {!waiting && !open && stop.actions.length > 0 ? (
        <div className="mt-2 grid grid-cols-2 gap-2">
          {stop.actions.includes('collect') ? (
            <button
              type="button"
              className={`${bigButton} bg-brand text-white`}
              onClick={() => setOpen('collect')}
            >
              Collect
            </button>
          ) : null}
          {stop.actions.includes('deliver') ? (
            <button
              type="button"
              className={`${bigButton} bg-emerald-700 text-white`}
              onClick={() => setOpen('deliver')}
            >
              Deliver
            </button>
          ) : null}
          {stop.actions.includes('not-home') ? (
            <button
              type="button"
              className={`${bigButton} border border-amber-400 bg-amber-50 text-amber-950`}
              onClick={() => setOpen('not-home')}
            >
              Not home
            </button>
          ) : null}
        </div>
      ) : null}
      {open === 'collect' ? (
        <CollectForm
          stop={stop}
          onCancel={() => setOpen(null)}
          onDone={(p, kept) => {
            setOpen(null);
            act(p, kept);
          }}
        />
      ) : null}
      {open === 'not-home' ? (
        <NotHomeSheet
          stop={stop}
          onCancel={() => setOpen(null)}
          onDone={(p) => {
            setOpen(null);
            act(p);
          }}
        />
      ) : null}
      {open === 'deliver' ? (
        <DeliverForm
          stop={stop}
          onCancel={() => setOpen(null)}
          onDone={(p, kept) => {
            setOpen(null);
            act(p, kept);
          }}
        />
      ) : null}
    </li>
  );
}
