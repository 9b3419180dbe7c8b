import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** What pg-boss's `db` option calls: a query with `$1…$n` parameters, answering `{ rows }`. */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

/**
 * pg-boss's queries run through a Drizzle database or transaction: a job sent this way is
 * part of the caller's transaction, committed or rolled back with it. (On PGlite it must be:
 * a query on the database while a transaction is open waits for that transaction for ever.)
 */
export function drizzleExecutor(db: DbOrTx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = await db.execute(withParams(text, values));
      return { rows: (result as unknown as { rows: Record<string, unknown>[] }).rows };
    },
  };
}

/** `select $1::int` with [5] as Drizzle SQL: the text as it is, each `$n` a parameter. */
export function withParams(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
    } else {
      const index = Number(part) - 1;
      if (index < 0 || index >= values.length) throw new Error(`no value for $${part}`);
      chunks.push(sql`${sql.param(values[index])}`);
    }
  });
  return sql.join(chunks);
}
