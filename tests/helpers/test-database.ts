import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { withDatabase } from './global-db-setup';
import { resetToTemplate, sequenceValues, type SequenceValues } from './pglite-reuse';

export type TestDatabase = DatabaseHandle & {
  /** postgres:// URL of this copy, when it runs on PostgreSQL (for a second server instance). */
  url?: string;
};

/**
 * A private, migrated and seeded database for one test file: a copy of the run's template,
 * on PostgreSQL when DATABASE_URL is set, otherwise in-memory PGlite (one a finished file of
 * this worker used, put back to the template's rows: tests/helpers/pglite-reuse.ts). Close it
 * in afterAll.
 */
export async function createTestDatabase(
  options: { poolSize?: number } = {},
): Promise<TestDatabase> {
  const serverUrl = inject('postgresUrl');
  if (serverUrl) {
    const name = `cl_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    await admin.end();
    const url = withDatabase(serverUrl, name);
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: options.poolSize });
    return {
      ...handle,
      url,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const client = await pgliteCopy();
  // Closed for this file's holders (a test that closes it sees what a closed database does),
  // kept for the worker's next file, put back to the template's rows then.
  let closed = false;
  const view = new Proxy(client, {
    get(target, property) {
      if (property === 'closed') return closed || target.closed;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (closed) return () => Promise.reject(new Error('PGlite is closed'));
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  const handle = await openDatabase({ kind: 'pglite', client: view });
  return {
    ...handle,
    close: async () => {
      if (closed) return;
      closed = true;
      if (!client.closed) idle.push(client);
    },
  };
}

/** PGlites of this worker's finished files: a worker runs one file after another. */
const idle: PGlite[] = [];
const openedWith = new WeakMap<PGlite, SequenceValues>();
let opened = 0;

/** How many PGlites this worker has started from the template (the rest were handed on). */
export function pglitesOpened(): number {
  return opened;
}

async function pgliteCopy(): Promise<PGlite> {
  for (let client = idle.pop(); client; client = idle.pop()) {
    try {
      await resetToTemplate(client, openedWith.get(client)!);
      return client;
    } catch {
      // A copy a test left unusable is not handed on.
      await client.close().catch(() => {});
    }
  }
  const client = new PGlite({
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplateFile'))]),
  });
  await client.waitReady;
  openedWith.set(client, await sequenceValues(client));
  opened += 1;
  return client;
}

/** True when this run's integration tests use a real PostgreSQL server. */
export function onPostgres(): boolean {
  return Boolean(inject('postgresUrl'));
}
