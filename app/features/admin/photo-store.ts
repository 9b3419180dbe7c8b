/*
 * Since issue 33 (decision 061) the queue keeps its photos with its actions
 * (driver/offline-store.ts); this store is read once, to adopt what an older page left.
 *
 * Photos the driver took without a signal (issue 16): kept in this phone's IndexedDB (a
 * photo is too large for localStorage) under the key of the action they belong to, until the
 * action's queue uploads them. Everything resolves, never rejects: without IndexedDB (a
 * private window) a photo is simply not kept, and the action is sent without it.
 */

const DB_NAME = 'driver-photos';
const STORE = 'photos';

function open(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const db = await open();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    } finally {
      db.close();
    }
  });
}

/** Keeps the photo of the action `key`; false when it could not be kept. */
export async function keepPhoto(key: string, photo: Blob): Promise<boolean> {
  return (await run('readwrite', (s) => s.put(photo, key))) !== null;
}

/** The photo kept for the action `key`, if any. */
export async function keptPhoto(key: string): Promise<Blob | null> {
  const found = await run<unknown>('readonly', (s) => s.get(key));
  return found instanceof Blob ? found : null;
}

export async function dropPhoto(key: string): Promise<void> {
  await run('readwrite', (s) => s.delete(key));
}
