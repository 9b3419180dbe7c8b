import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from './client';
import { contentVersion } from './schema';

/**
 * What the public pages and API show of the catalogue and the slot rules, kept in memory and
 * reloaded when it changes (docs/decisions/009).
 *
 * Staff edit that content in the back office and expect it live on the next request, and
 * several instances may serve one database, so nothing is kept on trust for a while: every
 * read first asks the database for `content_version.version`, a single-row counter that
 * statement triggers on the content tables raise in the writing transaction itself (migration
 * 0005). A value is used while it was loaded at that version or a later one. The version is
 * read before the value is loaded, so a value is never labelled newer than it is.
 *
 * Reads that start in the same turn of the event loop (the root and page loaders of one
 * request, requests arriving together) share one version query: it is sent after they all
 * asked, so each of them still sees every change committed before it asked.
 */
export type ContentCache = {
  readonly kind: 'content-cache';
  /** The database, for the live data read together with cached content (slot usage). */
  readonly db: Database;
  /** `load(db)` as of the current content version: from memory unless the content changed. */
  get<T>(key: string, load: (db: Database) => Promise<T>): Promise<T>;
  /** The content version now (shared with the reads of the same turn of the event loop). */
  version(): Promise<number>;
};

/** Catalogue reads take the database (or a transaction: read directly) or the cache. */
export type ContentSource = DbOrTx | ContentCache;

export function isContentCache(source: ContentSource): source is ContentCache {
  return (source as Partial<ContentCache>).kind === 'content-cache';
}

/** `load` through the cache when given one; otherwise straight from the database. */
export function readContent<T>(
  source: ContentSource,
  key: string,
  load: (db: DbOrTx) => Promise<T>,
): Promise<T> {
  return isContentCache(source) ? source.get(key, load) : load(source);
}

/** The database behind a source, for data that is never cached. */
export function databaseOf(source: ContentSource): DbOrTx {
  return isContentCache(source) ? source.db : source;
}

export function createContentCache(
  db: Database,
  /** Tests may count or script version reads; by default the content_version row. */
  readVersion: () => Promise<number> = versionReader(db),
): ContentCache {
  const entries = new Map<string, { version: number; value: Promise<unknown> }>();
  let pendingVersion: Promise<number> | null = null;

  const currentVersion = () => {
    pendingVersion ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // Sent now: whoever asks from here on waits for the next query.
      pendingVersion = null;
      return readVersion();
    });
    return pendingVersion;
  };

  return {
    kind: 'content-cache',
    db,
    version: currentVersion,
    async get<T>(key: string, load: (db: Database) => Promise<T>): Promise<T> {
      const version = await currentVersion();
      const entry = entries.get(key);
      if (entry && entry.version >= version) return entry.value as Promise<T>;
      const value = load(db).then(deepFreeze);
      const fresh = { version, value };
      entries.set(key, fresh);
      // A failed load is not kept: the next read tries again.
      value.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return value;
    },
  };
}

function versionReader(db: Database): () => Promise<number> {
  // Prepared once: this runs on every public request.
  const query = db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1))
    .prepare('content_version');
  return async () => {
    const [row] = await query.execute();
    // Without the row (an unmigrated database) nothing is ever reused: NaN equals nothing.
    return row ? Number(row.version) : Number.NaN;
  };
}

/** Cached values are shared by every request: frozen, so none can change them for the rest. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    if (value instanceof Map) {
      for (const v of value.values()) deepFreeze(v);
    } else if (!(value instanceof Set) && !(value instanceof Date)) {
      for (const v of Object.values(value)) deepFreeze(v);
    }
  }
  return value;
}
