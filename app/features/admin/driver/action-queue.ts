import { isTransient } from '@shared/error-codes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import { PhotoUploadError, uploadPhoto } from '../upload-photo';
import {
  dismissRefused,
  dropAction,
  queueAction,
  queuedActions,
  refuseAction,
  refusedActions,
  updateAction,
  type KeptPhoto,
  type Pending,
  type Queued,
  type Refused,
} from './offline-store';

/*
 * The driver's actions not yet answered (issue 16, decision 026; kept in IndexedDB since
 * issue 33, decision 061). Each action gets a UUID when it is opened and keeps it: an action
 * that could not be sent (offline, a timeout, a 5xx) stays on the phone, with the photo taken
 * without a signal, and is retried with the same key until the server answers, so a retry
 * never records it twice. Actions go one after another in the order they were taken; closing
 * the page loses nothing, the next page to open the view sends them. An action the server
 * refuses for good (the office changed or cancelled the stop) leaves the queue and is shown
 * to the driver as a conflict until they have seen it.
 */

export type { KeptPhoto, Pending, Refused };

export type Sync =
  | { state: 'idle' }
  | { state: 'saving'; text: string }
  | { state: 'saved'; text: string }
  | { state: 'retrying'; text: string }
  | { state: 'error'; text: string };

const RETRY_MS = 4000;

export function newKey(): string {
  return crypto.randomUUID();
}

/** The answers that mean "try again later" (no signal, a timeout, the server failing), by code. */
export { isTransient };

/** "3 actions waiting to send". */
export function waitingText(count: number): string {
  return `${count} action${count === 1 ? '' : 's'} waiting to send`;
}

/**
 * Uploads the photo kept with `p`, if any, and returns the action with its id (saved, so that
 * a retry does not upload it twice). 'retry' while there is no signal; a photo the server
 * refuses (too large, not an image) is dropped and the action goes without it.
 */
async function withKeptPhoto(p: Queued): Promise<Queued | 'retry'> {
  if (!p.photo || p.kind === 'not-home') return p;
  const { photo, ...rest } = p;
  let next = rest as Queued;
  try {
    const stored = await uploadPhoto(p.orderId, photo.kind, photo.file);
    next = { ...next, body: { ...next.body, photo_id: stored.id } } as Queued;
  } catch (error) {
    if (!(error instanceof PhotoUploadError) || isTransient(error.code)) return 'retry';
  }
  await updateAction(next);
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
  const [refused, setRefused] = useState<Refused[]>([]);
  const [sync, setSync] = useState<Sync>({ state: 'idle' });
  const sending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    if (timer.current) clearTimeout(timer.current);
    try {
      let queue = await queuedActions();
      setPending(queue);
      // Nothing sent, nothing to reload: a mount with an empty queue must not fetch the page
      // again (with no signal that fetch would fail and take the round off the screen).
      const anySent = queue.length > 0;
      while (queue.length > 0) {
        const next = queue[0]!;
        setSync({ state: 'saving', text: `Saving ${next.orderNo}…` });
        const ready = await withKeptPhoto(next);
        const reply = ready === 'retry' ? null : await send(ready);
        if (!reply || (!reply.ok && isTransient(reply.error.code))) {
          setSync({ state: 'retrying', text: 'Not sent yet: no signal. Retrying…' });
          timer.current = setTimeout(() => void flush(), RETRY_MS);
          return;
        }
        if (reply.ok) {
          await dropAction(next.key);
          setSync({ state: 'saved', text: `Saved: ${reply.data.message}` });
        } else {
          await refuseAction(next, reply.error);
          setRefused(await refusedActions());
          setSync({ state: 'error', text: reply.error.message });
        }
        queue = await queuedActions();
        setPending(queue);
      }
      if (anySent) await revalidator.revalidate();
    } finally {
      sending.current = false;
    }
  }, [revalidator]);

  useEffect(() => {
    void refusedActions().then(setRefused);
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
      if (await queueAction(action, kept)) {
        setPending(await queuedActions());
        void flush();
        return;
      }
      // No storage on this phone (a private window): sent once, now, and said if it failed.
      const reply = await send(action);
      setSync(
        reply.ok
          ? { state: 'saved', text: `Saved: ${reply.data.message}` }
          : { state: 'error', text: reply.error.message },
      );
      if (reply.ok) await revalidator.revalidate();
    },
    [flush, revalidator],
  );
  const dismiss = useCallback(async (key: string) => {
    await dismissRefused(key);
    setRefused(await refusedActions());
  }, []);
  return { pending, refused, sync, enqueue, dismiss };
}
