import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { installJobSchema } from '../jobs/install';
import { claimDataDir } from './data-dir-lock';
import type { SqlExecutor } from '../jobs/sql-executor';

export type Schema = typeof schema;
/** The same Drizzle API whether PGlite or node-postgres sits underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Use-cases that may run inside a caller's transaction take this. */
export type DbOrTx = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip, for readiness checks. */
  ping(): Promise<void>;
  /**
   * Applies the versioned migrations in server/db/migrations and installs the job queue's
   * schema (pg-boss, decision 030); idempotent.
   */
  migrate(): Promise<void>;
  /** Plain SQL with `$n` parameters, outside any transaction: what pg-boss runs its queries with. */
  executeSql: SqlExecutor['executeSql'];
  /**
   * LISTENs on `channels` on a connection of its own (PostgreSQL: a dedicated client that
   * reconnects when it drops; PGlite: its in-process listeners). Resolves with a function that
   * stops listening.
   */
  listen(channels: readonly string[], handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type ListenHandlers = {
  notify(channel: string, payload: string): void;
  /** Listening (again): every notice from now on arrives; earlier ones may have been missed. */
  connected(): void;
  /** The listening connection dropped: notices are missed until `connected` is called again. */
  disconnected(error?: unknown): void;
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_ID = 73_285_621;

export type OpenDatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told of each connection the database ended (the server logs it). */
      onConnectionError?: (error: Error) => void;
    }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob | File;
      /** An open in-memory PGlite to use: the tests hand one on from file to file. */
      client?: PGlite;
    };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While the database is down, fail fast (503) instead of queueing requests forever.
      connectionTimeoutMillis: 5_000,
    });
    // A connection that ends (a database restart or failover, a proxy's idle timeout, a
    // backend terminated) emits 'error' on its client. pg-pool listens only while the client is
    // idle; a client checked out for a transaction has no listener between two statements,
    // and an unheard 'error' ends the process. So every client gets one for its whole life:
    // the statement that was running fails on its own (a 503 to retry), the pool drops the
    // client and opens another.
    const dropped = (error: Error) => options.onConnectionError?.(error);
    pool.on('error', dropped);
    pool.on('connect', (client) => client.on('error', dropped));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      migrate: async () => {
        // A session-level lock: lock, migrate and unlock on one connection.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          try {
            await migratePg(drizzlePg(client), { migrationsFolder });
            await installJobSchema({ executeSql: (text, values) => client.query(text, values) });
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
          }
        } finally {
          client.release();
        }
      },
      executeSql: (text, values) => pool.query(text, values),
      listen: (channels, handlers) => listenPostgres(options.url, channels, handlers),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const release = options.dataDir ? claimDataDir(options.dataDir) : () => {};
  let client: PGlite;
  try {
    client =
      options.client ?? new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const executeSql = pgliteExecutor(client);
  return {
    db,
    kind: 'pglite',
    executeSql,
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await installJobSchema({ executeSql });
    },
    listen: async (channels, handlers) => {
      // One process, one connection: PGlite calls these after each committed NOTIFY.
      const stops = await Promise.all(
        channels.map((channel) =>
          client.listen(channel, (payload) => handlers.notify(channel, payload)),
        ),
      );
      handlers.connected();
      return async () => {
        for (const stop of stops) await stop().catch(() => {});
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * pg-boss's queries on PGlite: with parameters one statement (extended protocol); without,
 * possibly several (its schema installation is one BEGIN … COMMIT script), answering the rows
 * of the last statement that returns any.
 */
function pgliteExecutor(client: PGlite): SqlExecutor['executeSql'] {
  return async (text, values) => {
    if (values && values.length > 0) {
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    }
    const results = await client.exec(text);
    const withRows = results.filter((r) => r.fields.length > 0);
    return { rows: (withRows.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
}

/** Delay before the next attempt to listen again: 100 ms, doubling up to 2 s. */
const RECONNECT_MS = [100, 200, 400, 800, 1_600, 2_000];

/**
 * A pg client of its own that LISTENs on `channels` and, when the connection drops (database
 * restart, network), connects again until stopped, telling the handlers each time.
 */
async function listenPostgres(
  url: string,
  channels: readonly string[],
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => {});
      if (stopped) return;
      handlers.disconnected(error);
      timer = setTimeout(
        () => void connect(),
        RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)],
      );
      timer.unref();
    };
    next.on('error', drop);
    next.on('end', () => drop());
    next.on('notification', (message) => handlers.notify(message.channel, message.payload ?? ''));
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      drop(error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
    handlers.connected();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

/** A fresh in-memory PGlite's data directory, for copying a migrated template in tests. */
export async function dumpPgliteDataDir(handle: DatabaseHandle): Promise<Blob> {
  if (handle.kind !== 'pglite') throw new Error('only PGlite databases can be dumped');
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
