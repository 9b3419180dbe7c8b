import { and, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { customers } from './schema';

/** A search term taken literally inside LIKE. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A live customer whose name or e-mail holds `q`, or whose phone holds its digits (four or
 * more, whatever the spacing either side): the back office's and the counter's search. `more`
 * widens it (the back office's postcodes).
 */
export function liveCustomerMatching(q: string, ...more: (SQL | undefined)[]): SQL | undefined {
  const like = `%${escapeLike(q)}%`;
  const digits = q.replace(/\D/g, '');
  return and(
    isNull(customers.deletedAt),
    or(
      ilike(customers.name, like),
      ilike(customers.email, like),
      digits.length >= 4
        ? sql`regexp_replace(${customers.phone}, '\\D', '', 'g') like ${`%${digits}%`}`
        : undefined,
      ...more,
    ),
  );
}
