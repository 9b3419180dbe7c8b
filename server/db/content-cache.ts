import { eq } from 'drizzle-orm';
import type { Database, DatabaseHandle, DbOrTx } from './client';
import { contentVersion } from './schema';

/**
 * What the public pages and API show of the catalogue and the slot rules, kept in memory and
 * reloaded when it changes (docs/decisions/009, 016).
 *
 * `content_version.version` is a single-row counter that statement triggers on the content
 * tables raise in the writing transaction itself (migration 0005); since migration 0008 each
 * raise is also announced by NOTIFY on `content_changed`, and every change of slot usage on
 * `slot_usage_changed`. Once `start()` listens, the version is known in memory: a change made
 * on any instance reaches every instance when its transaction commits (within milliseconds),
 * and the instance that made it calls `refresh()` before its reply leaves, so its own next
 * request sees it. A value is used while it was loaded at that version or a later one; the
 * version is known before the value is loaded, so a value is never labelled newer than it is.
 *
 * While nothing listens (before `start()`, or while the listening connection is down and
 * reconnecting) every read asks the database for the version, as before: reads that start in
 * the same turn of the event loop share one version query. Values derived from live slot
 * usage (`derived`) are kept only while listening.
 */
export type ContentCache = {
  readonly kind: 'content-cache';
  /** The database, for the live data read together with cached content (slot usage). */
  readonly db: Database;
  /** `load(db)` as of the current content version: from memory unless the content changed. */
  get<T>(key: string, load: (db: Database) => Promise<T>): Promise<T>;
  /** The content version now: from memory while listening, else one shared query. */
  version(): Promise<number>;
  /**
   * A value computed from content and slot usage (a slot listing): kept while neither changed
   * and `now` (epoch ms) lies within the validity the computation gave. Computed for each
   * call while the instance does not listen.
   */
  derived<T>(
    key: string,
    now: number,
    compute: (db: Database) => Promise<{ value: T; validFrom: number; validUntil: number }>,
  ): Promise<T>;
  /** After this instance wrote: re-read the version and forget values derived from usage. */
  refresh(): Promise<void>;
  /** Listens for changes (NOTIFY on PostgreSQL, PGlite's listeners) until `stop()`. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** True while changes arrive by notice (the version is known in memory). */
  listening(): boolean;
  /** Raised on every change of slot usage this instance hears of or makes. */
  slotUsage(): number;
  /** How often values were loaded or derived, for tests and diagnostics. */
  readonly stats: { loads: number; derivations: number; versionReads: number };
};

/** The channels of migration 0008. */
export const CONTENT_CHANNEL = 'content_changed';
export const SLOT_USAGE_CHANNEL = 'slot_usage_changed';

/** Derived values kept at most, across keys (delivery listings are one per pickup window). */
const DERIVED_LIMIT = 1_000;

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
  /** Where change notices come from: the database handle (absent: never listens). */
  feed?: Pick<DatabaseHandle, 'listen'>,
): ContentCache {
  const entries = new Map<string, { version: number; value: Promise<unknown> }>();
  type Derived = {
    version: number;
    usage: number;
    validFrom: number;
    validUntil: number;
    value: Promise<unknown>;
  };
  const derivedEntries = new Map<string, Derived>();
  const stats = { loads: 0, derivations: 0, versionReads: 0 };
  let pendingVersion: Promise<number> | null = null;
  /** The version as known from notices; null while not listening. */
  let known: number | null = null;
  /** Raised on every change of slot usage this instance hears of or makes. */
  let usageGeneration = 0;
  /** Raised on every (re)connection, so a read that straddles one is not trusted. */
  let epoch = 0;
  let stopListening: (() => Promise<void>) | null = null;
  let resyncing: Promise<void> = Promise.resolve();

  const queryVersion = () => {
    stats.versionReads += 1;
    return readVersion();
  };

  const sharedVersionQuery = () => {
    pendingVersion ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // Sent now: whoever asks from here on waits for the next query.
      pendingVersion = null;
      return queryVersion();
    });
    return pendingVersion;
  };

  const currentVersion = (): Promise<number> =>
    known === null ? sharedVersionQuery() : Promise.resolve(known);

  const raise = (version: number) => {
    if (known !== null && Number.isFinite(version) && version > known) known = version;
  };

  /** Reads the version after listening began: notices from here on are not missed. */
  const resync = async () => {
    const at = epoch;
    usageGeneration += 1;
    try {
      const version = await queryVersion();
      if (at !== epoch) return;
      known = known === null ? version : Math.max(known, version);
    } catch {
      // The next reconnection or refresh tries again; meanwhile reads ask the database.
      if (at === epoch) known = null;
    }
  };

  return {
    kind: 'content-cache',
    db,
    stats,
    version: currentVersion,
    listening: () => known !== null,
    slotUsage: () => usageGeneration,
    async get<T>(key: string, load: (db: Database) => Promise<T>): Promise<T> {
      const version = await currentVersion();
      const entry = entries.get(key);
      if (entry && entry.version >= version) return entry.value as Promise<T>;
      stats.loads += 1;
      const value = load(db).then(deepFreeze);
      const fresh = { version, value };
      entries.set(key, fresh);
      // A failed load is not kept: the next read tries again.
      value.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return value;
    },
    async derived<T>(
      key: string,
      now: number,
      compute: (db: Database) => Promise<{ value: T; validFrom: number; validUntil: number }>,
    ): Promise<T> {
      const live = known !== null;
      const version = await currentVersion();
      const usage = usageGeneration;
      const entry = derivedEntries.get(key);
      if (
        live &&
        entry &&
        entry.version >= version &&
        entry.usage === usage &&
        now >= entry.validFrom &&
        now <= entry.validUntil
      ) {
        return entry.value as Promise<T>;
      }
      stats.derivations += 1;
      const computed = compute(db).then((c) => ({ ...c, value: deepFreeze(c.value) }));
      if (!live) return (await computed).value;
      const fresh: Derived = {
        version,
        usage,
        // Until the computation says how long it holds, only this very moment.
        validFrom: now,
        validUntil: now,
        value: computed.then((c) => c.value),
      };
      if (derivedEntries.size >= DERIVED_LIMIT) derivedEntries.clear();
      derivedEntries.set(key, fresh);
      try {
        const result = await computed;
        fresh.validFrom = result.validFrom;
        fresh.validUntil = result.validUntil;
        return result.value;
      } catch (error) {
        if (derivedEntries.get(key) === fresh) derivedEntries.delete(key);
        throw error;
      }
    },
    async refresh() {
      usageGeneration += 1;
      if (known === null) return;
      raise(await queryVersion());
    },
    async start() {
      if (!feed || stopListening) return;
      stopListening = await feed.listen([CONTENT_CHANNEL, SLOT_USAGE_CHANNEL], {
        notify(channel, payload) {
          if (channel === SLOT_USAGE_CHANNEL) usageGeneration += 1;
          else if (channel === CONTENT_CHANNEL) raise(Number(payload));
        },
        connected() {
          epoch += 1;
          resyncing = resync();
        },
        disconnected() {
          epoch += 1;
          known = null;
          usageGeneration += 1;
        },
      });
      // Listening from the start when the database answers (else reads ask it meanwhile).
      await resyncing;
    },
    async stop() {
      const stop = stopListening;
      stopListening = null;
      epoch += 1;
      known = null;
      await stop?.();
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
