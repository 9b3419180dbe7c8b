import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { routes } from '@shared/api/routes';
import type { DriverStopView } from '~/server/driver.server';
import { call } from '~/utils/api-client';
import { dropPhoto, keepPhoto, keptPhoto } from './photo-store';
import { PhotoUploadError, uploadPhoto } from './upload-photo';

/*
 * The driver's view (issue 16): made for a 375 px phone held in one hand. Stops are cards in
 * route order with big Call and Navigate buttons; the actions open inline. Each action gets a
 * UUID when it is opened and keeps it: an action that could not be sent (offline, a timeout,
 * a 5xx) stays in this phone's storage and is retried with the same key until the server
 * answers, so a retry never records it twice. A photo taken without a signal is kept on the
 * phone (./photo-store.ts) and uploaded by the queue just before its action is sent.
 */

type Props = {
  date: string;
  today: string;
  tomorrow: string;
  day: string;
  stops: DriverStopView[];
};

type Pending =
  | ({ key: string; kind: 'collect'; body: CollectBody } & PendingStop)
  | ({ key: string; kind: 'not-home'; body: NotHomeBody } & PendingStop)
  | ({ key: string; kind: 'deliver'; body: DeliverBody } & PendingStop);
type PendingStop = {
  orderId: string;
  orderNo: string;
  /** A photo kept on the phone under the action's key, to upload before the action. */
  photoKind?: 'collection' | 'delivery';
};
type CollectBody = {
  idempotency_key: string;
  bags: number;
  seal_numbers: string[];
  note: string;
  photo_id?: string | null;
};
type NotHomeBody = { idempotency_key: string; leg: 'collection' | 'delivery' };
type DeliverBody = {
  idempotency_key: string;
  left_with: string;
  note: string;
  photo_id?: string | null;
};

type Sync =
  | { state: 'idle' }
  | { state: 'saving'; text: string }
  | { state: 'saved'; text: string }
  | { state: 'retrying'; text: string }
  | { state: 'error'; text: string };

const STORE = 'driver-pending-actions';
const RETRY_MS = 4000;

function loadPending(): Pending[] {
  try {
    return JSON.parse(localStorage.getItem(STORE) ?? '[]') as Pending[];
  } catch {
    return [];
  }
}
function savePending(list: Pending[]) {
  try {
    localStorage.setItem(STORE, JSON.stringify(list));
  } catch {
    // storage may be unavailable (private mode): the action is kept in memory only
  }
}

function newKey(): string {
  return crypto.randomUUID();
}

/** The answers that mean "try again later": no signal, a timeout, the server failing. */
function isTransient(status: number): boolean {
  return status === 0 || status === 408 || status >= 500;
}

/**
 * Uploads the photo kept for `p`, if any, and returns the action with its id (saved, so that
 * a retry does not upload it twice). 'retry' while there is no signal; a photo the server
 * refuses (too large, not an image) is dropped and the action goes without it.
 */
async function withKeptPhoto(p: Pending): Promise<Pending | 'retry'> {
  if (!p.photoKind || p.kind === 'not-home') return p;
  const photo = await keptPhoto(p.key);
  let next: Pending = { ...p, photoKind: undefined };
  if (photo) {
    try {
      const stored = await uploadPhoto(p.orderId, p.photoKind, photo);
      next = { ...next, body: { ...next.body, photo_id: stored.id } } as Pending;
    } catch (error) {
      if (!(error instanceof PhotoUploadError) || isTransient(error.status)) return 'retry';
    }
  }
  savePending(loadPending().map((q) => (q.key === p.key ? next : q)));
  await dropPhoto(p.key);
  return next;
}

async function send(p: Pending) {
  const params = { id: p.orderId };
  if (p.kind === 'collect') return call(routes.driver.collect, { params, body: p.body });
  if (p.kind === 'deliver') return call(routes.driver.deliver, { params, body: p.body });
  return call(routes.driver.notHome, { params, body: p.body });
}

/** The queue of actions not yet answered, sent one after another, retried while unanswered. */
function useActionQueue() {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<Pending[]>([]);
  const [sync, setSync] = useState<Sync>({ state: 'idle' });
  const sending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    if (timer.current) clearTimeout(timer.current);
    try {
      let queue = loadPending();
      while (queue.length > 0) {
        const next = queue[0]!;
        setSync({ state: 'saving', text: `Saving ${next.orderNo}…` });
        const ready = await withKeptPhoto(next);
        const reply = ready === 'retry' ? null : await send(ready);
        if (!reply || (!reply.ok && isTransient(reply.status))) {
          setSync({
            state: 'retrying',
            text: `No signal: ${queue.length} action${queue.length === 1 ? '' : 's'} waiting. Retrying…`,
          });
          timer.current = setTimeout(() => void flush(), RETRY_MS);
          return;
        }
        queue = loadPending().filter((p) => p.key !== next.key);
        savePending(queue);
        setPending(queue);
        setSync(
          reply.ok
            ? { state: 'saved', text: `Saved: ${reply.data.message}` }
            : { state: 'error', text: reply.error.message },
        );
      }
      await revalidator.revalidate();
    } finally {
      sending.current = false;
    }
  }, [revalidator]);

  useEffect(() => {
    setPending(loadPending());
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      if (timer.current) clearTimeout(timer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on mount
  }, []);

  const enqueue = useCallback(
    async (action: Pending, kept?: KeptPhoto) => {
      const p =
        kept && (await keepPhoto(action.key, kept.file))
          ? { ...action, photoKind: kept.kind }
          : action;
      const queue = [...loadPending().filter((q) => q.key !== p.key), p];
      savePending(queue);
      setPending(queue);
      void flush();
    },
    [flush],
  );
  return { pending, sync, enqueue };
}

function SyncBar({ sync }: { sync: Sync }) {
  if (sync.state === 'idle') return null;
  const tone = {
    saving: 'border-sky-200 bg-sky-50 text-sky-900',
    saved: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    retrying: 'border-amber-300 bg-amber-50 text-amber-900',
    error: 'border-red-200 bg-red-50 text-red-900',
  }[sync.state];
  return (
    <p
      role={sync.state === 'error' ? 'alert' : 'status'}
      data-sync={sync.state}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${tone}`}
    >
      {sync.text}
    </p>
  );
}

const bigButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-4 text-base font-semibold';

type PhotoState =
  | { status: 'none' }
  | { status: 'uploading' }
  | { status: 'done'; id: string; url: string }
  /** Taken without a signal: kept, and sent with the action. */
  | { status: 'kept'; file: Blob; url: string }
  | { status: 'error'; message: string };

type KeptPhoto = { kind: 'collection' | 'delivery'; file: Blob };

/** The photo to keep on the phone with the action, when it could not be uploaded yet. */
function keptOf(photo: PhotoState, kind: KeptPhoto['kind']): KeptPhoto | undefined {
  return photo.status === 'kept' ? { kind, file: photo.file } : undefined;
}

/**
 * The phone's camera (decision 025): the photo is uploaded as soon as it is taken, and its id
 * goes with the action. Saving waits while it uploads.
 */
function PhotoField({
  orderId,
  kind,
  label,
  photo,
  onPhoto,
}: {
  orderId: string;
  kind: 'collection' | 'delivery';
  label: string;
  photo: PhotoState;
  onPhoto: (p: PhotoState) => void;
}) {
  return (
    <div>
      <p className="field-label">{label}</p>
      <label
        className={`${bigButton} w-full cursor-pointer border border-dashed border-slate-400 bg-white text-slate-800 focus-within:outline-2 focus-within:outline-brand`}
      >
        {photo.status === 'done' || photo.status === 'kept' ? 'Retake photo' : 'Take photo'}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={label}
          className="sr-only"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            onPhoto({ status: 'uploading' });
            try {
              const stored = await uploadPhoto(orderId, kind, file);
              onPhoto({ status: 'done', ...stored });
            } catch (error) {
              if (error instanceof PhotoUploadError && isTransient(error.status)) {
                onPhoto({ status: 'kept', file, url: URL.createObjectURL(file) });
                return;
              }
              onPhoto({
                status: 'error',
                message:
                  error instanceof Error
                    ? error.message
                    : 'The photo could not be sent. Try again.',
              });
            }
          }}
        />
      </label>
      {photo.status === 'uploading' ? (
        <p role="status" className="mt-1 text-sm text-slate-700">
          Uploading photo…
        </p>
      ) : null}
      {photo.status === 'done' || photo.status === 'kept' ? (
        <img
          src={photo.url}
          alt={`${label}, taken`}
          className="mt-2 h-32 w-full rounded-md border border-slate-200 object-cover"
        />
      ) : null}
      {photo.status === 'kept' ? (
        <p role="status" className="mt-1 text-sm font-medium text-amber-900">
          No signal: the photo is kept on this phone and sent with the action.
        </p>
      ) : null}
      {photo.status === 'error' ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {photo.message}
        </p>
      ) : null}
    </div>
  );
}

function CollectForm({
  stop,
  onDone,
  onCancel,
}: {
  stop: DriverStopView;
  onDone: (p: Pending, kept?: KeptPhoto) => void;
  onCancel: () => void;
}) {
  const [key] = useState(newKey);
  const [bags, setBags] = useState(1);
  const [tags, setTags] = useState('');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<PhotoState>({ status: 'none' });
  return (
    <form
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      aria-label={`Collect ${stop.order_no}`}
      onSubmit={(e) => {
        e.preventDefault();
        onDone(
          {
            key,
            kind: 'collect',
            orderId: stop.order_id,
            orderNo: stop.order_no,
            body: {
              idempotency_key: key,
              bags,
              seal_numbers: tags
                .split(/[\s,]+/)
                .map((t) => t.trim())
                .filter(Boolean),
              note: note.trim(),
              photo_id: photo.status === 'done' ? photo.id : null,
            },
          },
          keptOf(photo, 'collection'),
        );
      }}
    >
      <div>
        <p className="field-label" id={`bags-${stop.order_id}`}>
          Bags
        </p>
        <div
          className="flex items-center gap-3"
          role="group"
          aria-labelledby={`bags-${stop.order_id}`}
        >
          <button
            type="button"
            aria-label="One bag fewer"
            className={`${bigButton} w-14 border border-slate-300 bg-white text-2xl`}
            onClick={() => setBags((b) => Math.max(1, b - 1))}
          >
            −
          </button>
          <input
            aria-label="Number of bags"
            inputMode="numeric"
            className="field-input h-12 w-20 text-center text-xl font-bold"
            value={bags}
            onChange={(e) => {
              const n = Number(e.target.value.replace(/\D/g, ''));
              setBags(Math.min(30, Math.max(1, n || 1)));
            }}
          />
          <button
            type="button"
            aria-label="One bag more"
            className={`${bigButton} w-14 border border-slate-300 bg-white text-2xl`}
            onClick={() => setBags((b) => Math.min(30, b + 1))}
          >
            +
          </button>
        </div>
      </div>
      <label className="block">
        <span className="field-label">Tag or seal numbers</span>
        <input
          className="field-input h-12 w-full"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          placeholder="S-1041, S-1042"
          autoComplete="off"
        />
      </label>
      <NoteField note={note} onNote={setNote} />
      <PhotoField
        orderId={stop.order_id}
        kind="collection"
        label="Collection photo"
        photo={photo}
        onPhoto={setPhoto}
      />
      <SaveButtons
        label="Save collection"
        tone="bg-brand"
        uploading={photo.status === 'uploading'}
        onCancel={onCancel}
      />
    </form>
  );
}

/** The free-text note of a stop action. */
function NoteField({ note, onNote }: { note: string; onNote: (note: string) => void }) {
  return (
    <label className="block">
      <span className="field-label">Note</span>
      <input
        className="field-input h-12 w-full"
        value={note}
        onChange={(e) => onNote(e.target.value)}
        maxLength={500}
      />
    </label>
  );
}

/** Cancel and save, side by side; save waits while a photo uploads. */
function SaveButtons({
  label,
  tone,
  uploading,
  onCancel,
}: {
  label: string;
  tone: string;
  uploading: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <button
        type="button"
        className={`${bigButton} border border-slate-300 bg-white`}
        onClick={onCancel}
      >
        Cancel
      </button>
      <button
        type="submit"
        disabled={uploading}
        className={`${bigButton} ${tone} text-white disabled:opacity-70`}
      >
        {uploading ? 'Uploading…' : label}
      </button>
    </div>
  );
}

const leftWithChoices = ['Handed to customer', 'Concierge', 'Safe place', 'Neighbour'];

function DeliverForm({
  stop,
  onDone,
  onCancel,
}: {
  stop: DriverStopView;
  onDone: (p: Pending, kept?: KeptPhoto) => void;
  onCancel: () => void;
}) {
  const [key] = useState(newKey);
  const [leftWith, setLeftWith] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [photo, setPhoto] = useState<PhotoState>({ status: 'none' });
  return (
    <form
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      aria-label={`Deliver ${stop.order_no}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!leftWith.trim()) {
          setError('Please say where it was left or with whom.');
          return;
        }
        onDone(
          {
            key,
            kind: 'deliver',
            orderId: stop.order_id,
            orderNo: stop.order_no,
            body: {
              idempotency_key: key,
              left_with: leftWith.trim(),
              note: note.trim(),
              photo_id: photo.status === 'done' ? photo.id : null,
            },
          },
          keptOf(photo, 'delivery'),
        );
      }}
    >
      <fieldset>
        <legend className="field-label">Left where, or with whom</legend>
        <div className="flex flex-wrap gap-2">
          {leftWithChoices.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={leftWith === choice}
              className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${
                leftWith === choice
                  ? 'border-brand bg-brand text-white'
                  : 'border-slate-300 bg-white text-slate-800'
              }`}
              onClick={() => {
                setLeftWith(choice);
                setError('');
              }}
            >
              {choice}
            </button>
          ))}
        </div>
        <input
          aria-label="Where it was left or with whom"
          className="field-input mt-2 h-12 w-full"
          value={leftWith}
          maxLength={120}
          onChange={(e) => {
            setLeftWith(e.target.value);
            setError('');
          }}
          placeholder="Or type: behind the side gate"
        />
        {error ? (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>
      <PhotoField
        orderId={stop.order_id}
        kind="delivery"
        label="Proof-of-delivery photo"
        photo={photo}
        onPhoto={setPhoto}
      />
      <NoteField note={note} onNote={setNote} />
      <SaveButtons
        label="Save delivery"
        tone="bg-emerald-700"
        uploading={photo.status === 'uploading'}
        onCancel={onCancel}
      />
    </form>
  );
}

function What({ stop }: { stop: DriverStopView }) {
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

function StopCard({
  stop,
  waiting,
  onAction,
}: {
  stop: DriverStopView;
  waiting: boolean;
  onAction: (p: Pending, kept?: KeptPhoto) => void;
}) {
  const [open, setOpen] = useState<'collect' | 'deliver' | null>(null);
  const done = stop.actions.length === 0;
  const isCollection = stop.leg === 'collection';
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
          <What stop={stop} />
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
              onClick={() => {
                const key = newKey();
                onAction({
                  key,
                  kind: 'not-home',
                  orderId: stop.order_id,
                  orderNo: stop.order_no,
                  body: { idempotency_key: key, leg: stop.leg },
                });
              }}
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
            onAction(p, kept);
          }}
        />
      ) : null}
      {open === 'deliver' ? (
        <DeliverForm
          stop={stop}
          onCancel={() => setOpen(null)}
          onDone={(p, kept) => {
            setOpen(null);
            onAction(p, kept);
          }}
        />
      ) : null}
    </li>
  );
}

export function DriverView({ date, today, tomorrow, day, stops }: Props) {
  const { pending, sync, enqueue } = useActionQueue();
  const revalidator = useRevalidator();
  const [starting, setStarting] = useState(false);
  const [startMessage, setStartMessage] = useState('');
  const waiting = new Set(pending.map((p) => p.orderId));
  const isDone = (s: DriverStopView) => s.actions.length === 0;
  const open = stops.filter((s) => !isDone(s));
  const done = stops.filter(isDone);
  const ready = stops.filter(
    (s) => s.leg === 'delivery' && s.order_status === 'ready' && s.state === 'to-do',
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
