import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from './client';

/**
 * A query that runs on most requests (the session behind a cookie, the account's reads), built
 * once per database with Drizzle's `prepare(name)` and its placeholders, not on every call:
 * building a query's SQL cost more CPU and garbage than the rest of its round trip (issue 30,
 * the account's p99). On PostgreSQL the name also makes each connection parse and plan it
 * once. Inside a caller's transaction it is built for that transaction, as before.
 */
export function preparedQuery<Prepared>(
  name: string,
  build: (db: DbOrTx, name: string) => Prepared,
): (db: DbOrTx) => Prepared {
  const built = new WeakMap<Database, Prepared>();
  return (db) => {
    if (is(db, PgTransaction)) return build(db, name);
    let query = built.get(db);
    if (!query) {
      query = build(db, name);
      built.set(db, query);
    }
    return query;
  };
}
