import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DriverStopView } from '~/server/driver.server';
import { keptPhoto } from '../photo-store';

/*
 * The driver's round on the phone (issue 33, decision 061), in IndexedDB through idb: the
 * days' stops as last loaded (what the view shows without a signal), the actions not yet
 * answered with their photos (sent in the order they were taken, each with its idempotency
 * key) and the actions the server refused because the office had changed the stop (shown to
 * the driver until seen). Everything resolves, never rejects: without IndexedDB (a private
 * window) nothing is kept and the view works online only.
 */

/** A day's list as the route's loader gave it. */
export type DriverDay = {
  date: string;
  today: string;
  tomorrow: string;
  day: string;
  stops: DriverStopView[];
};
export type KeptDay = DriverDay & { savedAt: string };

export type CollectBody = {
  idempotency_key: string;
  stop_version?: string;
  bags: number;
  seal_numbers: string[];
  note: string;
  photo_id?: string | null;
};
export type NotHomeBody = {
  idempotency_key: string;
  stop_version?: string;
  leg: 'collection' | 'delivery';
};
export type DeliverBody = {
  idempotency_key: string;
  stop_version?: string;
  left_with: string;
  note: string;
  photo_id?: string | null;
};
type PendingStop = { orderId: string; orderNo: string };
/** An action as the forms make it. */
export type Pending =
  | ({ key: string; kind: 'collect'; body: CollectBody } & PendingStop)
  | ({ key: string; kind: 'not-home'; body: NotHomeBody } & PendingStop)
  | ({ key: string; kind: 'deliver'; body: DeliverBody } & PendingStop);
/** A photo taken without a signal, kept to go with its action. */
export type KeptPhoto = { kind: 'collection' | 'delivery'; file: Blob };
/** An action kept on the phone: its place in the queue and its photo not yet uploaded. */
export type Queued = Pending & { seq: number; photo?: KeptPhoto };
/** An action the server refused for good (the office changed the stop, it was cancelled …). */
export type Refused = {
  key: string;
  kind: Pending['kind'];
  orderId: string;
  orderNo: string;
  code: string;
  message: string;
  at: string;
};

interface DriverDb extends DBSchema {
  days: { key: string; value: KeptDay };
  actions: { key: string; value: Queued; indexes: { seq: number } };
  refused: { key: string; value: Refused };
}

let opening: Promise<IDBPDatabase<DriverDb> | null> | null = null;

function db(): Promise<IDBPDatabase<DriverDb> | null> {
  opening ??= openDB<DriverDb>('driver-round', 1, {
    upgrade(d) {
      d.createObjectStore('days', { keyPath: 'date' });
      d.createObjectStore('actions', { keyPath: 'key' }).createIndex('seq', 'seq');
      d.createObjectStore('refused', { keyPath: 'key' });
    },
  })
    .then(async (d) => {
      await adoptLegacyQueue(d);
      return d;
    })
    .catch(() => null);
  return opening;
}

async function attempt<T>(work: (d: IDBPDatabase<DriverDb>) => Promise<T>, fallback: T) {
  try {
    const d = await db();
    return d ? await work(d) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Before issue 33 the queue lived in localStorage and its photos in their own database: an
 * action kept there by an older version of the page joins this queue, first in line.
 */
async function adoptLegacyQueue(d: IDBPDatabase<DriverDb>) {
  const LEGACY = 'driver-pending-actions';
  let list: (Pending & { photoKind?: KeptPhoto['kind'] })[] = [];
  try {
    list = JSON.parse(localStorage.getItem(LEGACY) ?? '[]') as typeof list;
  } catch {
    return;
  }
  if (list.length === 0) return;
  for (const [i, p] of list.entries()) {
    const file = p.photoKind ? await keptPhoto(p.key) : null;
    const { photoKind, ...action } = p;
    const photo = photoKind && file ? { kind: photoKind, file } : undefined;
    await d.put('actions', { ...action, seq: i - list.length, ...(photo ? { photo } : {}) });
  }
  localStorage.removeItem(LEGACY);
}

/** Keeps a day's list as loaded, for the view without a signal. */
export function keepDay(day: DriverDay): Promise<void> {
  return attempt(async (d) => {
    await d.put('days', { ...day, savedAt: new Date().toISOString() });
    // Days before yesterday are of no use on the round.
    for (const date of await d.getAllKeys('days')) {
      if (date < day.today && date !== day.date) await d.delete('days', date);
    }
  }, undefined);
}

/** The list kept for `date`, if any. */
export function keptDay(date: string): Promise<KeptDay | null> {
  return attempt(async (d) => (await d.get('days', date)) ?? null, null);
}

/** The actions waiting, in the order they were taken. */
export function queuedActions(): Promise<Queued[]> {
  return attempt((d) => d.getAllFromIndex('actions', 'seq'), []);
}

/** Keeps an action (and its photo) last in the queue; false when it could not be kept. */
export function queueAction(action: Pending, photo?: KeptPhoto): Promise<boolean> {
  return attempt(async (d) => {
    const last = (await d.getAllKeysFromIndex('actions', 'seq')).length;
    const seq = Date.now() * 1000 + last;
    await d.put('actions', { ...action, seq, ...(photo ? { photo } : {}) });
    return true;
  }, false);
}

/** Replaces a queued action (its photo uploaded: the photo's id in the body, the file gone). */
export function updateAction(action: Queued): Promise<void> {
  return attempt((d) => d.put('actions', action).then(() => undefined), undefined);
}

export function dropAction(key: string): Promise<void> {
  return attempt((d) => d.delete('actions', key), undefined);
}

/** Moves an action the server refused for good out of the queue, to be shown to the driver. */
export function refuseAction(action: Queued, refusal: { code: string; message: string }) {
  return attempt(async (d) => {
    const tx = d.transaction(['actions', 'refused'], 'readwrite');
    await tx.objectStore('refused').put({
      key: action.key,
      kind: action.kind,
      orderId: action.orderId,
      orderNo: action.orderNo,
      code: refusal.code,
      message: refusal.message,
      at: new Date().toISOString(),
    });
    await tx.objectStore('actions').delete(action.key);
    await tx.done;
  }, undefined);
}

export function refusedActions(): Promise<Refused[]> {
  return attempt((d) => d.getAll('refused'), []);
}

export function dismissRefused(key: string): Promise<void> {
  return attempt((d) => d.delete('refused', key), undefined);
}
