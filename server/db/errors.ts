/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error as `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
}

/** A unique index refused the row, optionally a given one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { constraint?: string; cause?: { constraint?: string } } | undefined;
  const name = e?.constraint ?? e?.cause?.constraint;
  return pgErrorCode(error) === '23505' && (!constraint || name === constraint);
}

/** A foreign key refused the change (a record still in use elsewhere; 23001 is ON DELETE RESTRICT). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === '23503' || code === '23001';
}

/** PostgreSQL refused a value as data (SQLSTATE class 22: 22001 too long, 22003 out of range, 22021 NUL, 22P02 invalid text, 22008 bad date...). */
export function isDataException(error: unknown): boolean {
  return pgErrorCode(error)?.startsWith('22') ?? false;
}

/**
 * Connection refused/reset or PostgreSQL shutting down: answer 503 (retry), not 500. Drizzle wraps
 * driver errors, so the cause chain is searched too.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, cause, message } = error as { code?: string; cause?: unknown; message?: string };
  if (
    typeof message === 'string' &&
    /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|not queryable|PGlite is closed|Cannot use a pool after calling end on the pool/.test(
      message,
    )
  )
    return true;
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === '57P01' || // admin_shutdown
    code === '57P03' || // cannot_connect_now
    code === '08006' ||
    code === '08001'
  );
}
