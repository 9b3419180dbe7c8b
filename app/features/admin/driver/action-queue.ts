import { isTransient } from '@shared/error-codes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import { dropPhoto, keepPhoto, keptPhoto } from '../photo-store';
import { PhotoUploadError, uploadPhoto } from '../upload-photo';

/*
 * The driver's actions not yet answered (issue 16, decision 026). Each action gets a UUID when
 * it is opened and keeps it: an action that could not be sent (offline, a timeout, a 5xx)
 * stays in this phone's storage and is retried with the same key until the server answers, so
 * a retry never records it twice. A photo taken without a signal is kept on the phone
 * (../photo-store.ts) and uploaded by the queue just before its action is sent.
 */

export type Pending =
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

export type Sync =
  | { state: 'idle' }
  | { state: 'saving'; text: string }
  | { state: 'saved'; text: string }
  | { state: 'retrying'; text: string }
  | { state: 'error'; text: string };

/** A photo taken without a signal, kept on the phone to go with its action. */
export type KeptPhoto = { kind: 'collection' | 'delivery'; file: Blob };

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

export function newKey(): string {
  return crypto.randomUUID();
}

/** The answers that mean "try again later" (no signal, a timeout, the server failing), by code. */
export { isTransient };

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
      if (!(error instanceof PhotoUploadError) || isTransient(error.code)) return 'retry';
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
export function useActionQueue() {
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
      // Nothing sent, nothing to reload: a mount with an empty queue must not fetch the page
      // again (with no signal that fetch would fail and take the round off the screen).
      const anySent = queue.length > 0;
      while (queue.length > 0) {
        const next = queue[0]!;
        setSync({ state: 'saving', text: `Saving ${next.orderNo}…` });
        const ready = await withKeptPhoto(next);
        const reply = ready === 'retry' ? null : await send(ready);
        if (!reply || (!reply.ok && isTransient(reply.error.code))) {
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
      if (anySent) await revalidator.revalidate();
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
