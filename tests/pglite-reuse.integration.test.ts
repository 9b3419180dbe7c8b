import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import {
  createTestDatabase,
  onPostgres,
  pglitesOpened,
  type TestDatabase,
} from '@tests/helpers/test-database';
import { startTestServer } from '@tests/helpers/test-server';
import { MONDAY_6AM, placeGuestOrder, signUp } from '@tests/helpers/fixtures';

/*
 * A worker hands its finished files' PGlites on to its next files (tests/helpers/pglite-reuse.ts).
 * What the next file gets must be what a fresh copy of the template holds: every table's rows
 * and every sequence's next value.
 */
async function contents(database: TestDatabase): Promise<Record<string, string>> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const { rows: tables } = await client.query<{ s: string; t: string }>(
    `select schemaname as s, tablename as t from pg_tables
      where schemaname in ('public', 'pgboss') order by 1, 2`,
  );
  const out: Record<string, string> = {};
  for (const { s, t } of tables) {
    const { rows } = await client.query<{ h: string }>(
      `select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from "${s}"."${t}" r`,
    );
    out[`${s}.${t}`] = rows[0]!.h;
  }
  const { rows: sequences } = await client.query<{ n: string; v: string }>(
    `select schemaname || '.' || sequencename as n, coalesce(last_value, 0)::text as v
       from pg_sequences where schemaname in ('public', 'pgboss') order by 1`,
  );
  for (const { n, v } of sequences) out[`sequence ${n}`] = v;
  return out;
}

describe.skipIf(onPostgres())('a PGlite handed on to the next test file', () => {
  it('holds what a fresh copy of the template holds, after a file wrote orders, accounts and jobs', async () => {
    const fresh = await createTestDatabase();
    const expected = await contents(fresh);
    // A file's worth of writes: a server (its seed, jobs, sessions), an account, an order.
    const server = await startTestServer({ database: fresh, now: () => MONDAY_6AM });
    await signUp(server, { email: 'reuse@example.com' });
    await placeGuestOrder(server);
    const written = await contents(fresh);
    expect(written).not.toEqual(expected);
    await server.stop();
    const before = pglitesOpened();
    const handedOn = await createTestDatabase();
    expect(pglitesOpened()).toBe(before);
    // The first file's handle is closed for it, as a closed database is.
    const refused = await fresh.db.execute(sql`select 1`).catch((error: Error) => error);
    expect(String((refused as Error).cause)).toContain('PGlite is closed');
    expect(await contents(handedOn)).toEqual(expected);
    await handedOn.close();
  }, 60_000);
});
