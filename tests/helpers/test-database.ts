import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { withDatabase } from './global-db-setup';

export type TestDatabase = DatabaseHandle & {
  /** postgres:// URL of this copy, when it runs on PostgreSQL (for a second server instance). */
  url?: string;
};

/**
 * A private, migrated and seeded database for one test file: a copy of the run's template,
 * on PostgreSQL when DATABASE_URL is set, otherwise in-memory PGlite. Close it in afterAll.
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
  const file = inject('pgliteTemplateFile');
  const handle = await openDatabase({
    kind: 'pglite',
    loadDataDir: new Blob([readFileSync(file)]),
  });
  return handle;
}

/** True when this run's integration tests use a real PostgreSQL server. */
export function onPostgres(): boolean {
  return Boolean(inject('postgresUrl'));
}
