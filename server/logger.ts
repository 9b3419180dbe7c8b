import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import pretty from 'pino-pretty';

/**
 * Structured logs (pino): one JSON object per line in production and whenever stdout is not a
 * terminal, human-readable lines in a terminal (config.logFormat). Callers pass facts, not
 * personal data: ids and counts, never names, e-mails, phone numbers, addresses, passwords or
 * tokens.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFields = Record<string, unknown>;
export type Logger = {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
};

/**
 * Where log lines go: JSON lines on stdout, human-readable lines on stdout, or (tests) a
 * function receiving each JSON line without its newline.
 */
export type LogOutput = 'json' | 'pretty' | ((line: string) => void);

export function createLogger(
  level: LogLevel,
  output: LogOutput = 'json',
  /** Where 'pretty' writes (tests); stdout otherwise. */
  prettyDestination?: NodeJS.WritableStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    messageKey: 'message',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  let log: pino.Logger;
  if (output === 'pretty') {
    log = pino(
      options,
      pretty({
        messageKey: 'message',
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
        singleLine: true,
        sync: true,
        ...(prettyDestination ? { destination: prettyDestination, colorize: false } : {}),
      }),
    );
  } else {
    // Levels by name ("level":"info"), as log collectors and our tests read them.
    const json = { ...options, formatters: { level: (label: string) => ({ level: label }) } };
    const destination =
      typeof output === 'function'
        ? { write: (line: string) => output(line.endsWith('\n') ? line.slice(0, -1) : line) }
        : pino.destination({ dest: 1, sync: true });
    log = pino(json, destination);
  }
  return {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}

/** What PostgreSQL (node-postgres and PGlite alike) attaches to an error it reports. */
type DatabaseErrorLike = Error & {
  code: string;
  severity?: string;
  table?: string;
  constraint?: string;
  column?: string;
  schema?: string;
  dataType?: string;
};

function isDatabaseError(value: unknown): value is DatabaseErrorLike {
  if (!(value instanceof Error)) return false;
  const { code, severity } = value as Partial<Record<'code' | 'severity', unknown>>;
  // SQLSTATE codes are five characters, e.g. 23505; severity is ERROR, FATAL …
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/** The database error of `error` or of one of its causes (drizzle wraps the driver's). */
function databaseErrorOf(error: Error): DatabaseErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (isDatabaseError(current)) return current;
    current = current.cause;
  }
  return undefined;
}

/**
 * PostgreSQL quotes the values it complains about (`invalid input syntax for type uuid:
 * "someone@example.com"`); only the names of the table, column and constraint stay.
 */
function scrubDatabaseMessage(error: DatabaseErrorLike): string {
  const names = new Set(
    [error.table, error.constraint, error.column, error.schema, error.dataType].filter(Boolean),
  );
  return error.message.replace(/"([^"]*)"/g, (quoted, inner: string) =>
    names.has(inner) ? quoted : '"…"',
  );
}

/** The stack's call sites without its first line(s), which repeat the message. */
function callSites(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * An error as loggable fields: its name, message and stack, nothing the caller attached. A
 * database error is logged by its code, table and constraint, never with the query's
 * parameters (drizzle's "Failed query: … params: …" holds the names, e-mails and phone numbers
 * of the row).
 */
export function errorFields(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: String(error) };
  const database = databaseErrorOf(error);
  if (database) {
    const message = scrubDatabaseMessage(database);
    return {
      error: {
        name: 'DatabaseError',
        code: database.code,
        ...(database.severity ? { severity: database.severity } : {}),
        ...(database.table ? { table: database.table } : {}),
        ...(database.constraint ? { constraint: database.constraint } : {}),
        ...(database.column ? { column: database.column } : {}),
        message,
        stack: `DatabaseError: ${message}\n${callSites(error)}`,
      },
    };
  }
  if (error instanceof DrizzleQueryError) {
    // A query that failed before PostgreSQL answered (connection lost, database closed).
    const cause = error.cause instanceof Error ? error.cause : undefined;
    const code = (cause as { code?: unknown } | undefined)?.code;
    const message = `query failed: ${cause ? cause.message : 'no cause given'}`;
    return {
      error: {
        name: 'DrizzleQueryError',
        ...(typeof code === 'string' ? { code } : {}),
        message,
        stack: `DrizzleQueryError: ${message}\n${callSites(error)}`,
      },
    };
  }
  return { error: { name: error.name, message: error.message, stack: error.stack } };
}
