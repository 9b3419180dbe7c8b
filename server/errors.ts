import { kindOf, type ErrorCode, type ErrorCodeOf, type ErrorKind } from '@shared/error-codes';

export type { ErrorCode, ErrorKind };

/**
 * The small set of typed errors that use-cases throw. Each carries a domain `code` from
 * shared/error-codes.ts (what went wrong, sent to clients in every error reply) and its `kind`
 * (the sort of failure, read from the code), never an HTTP status: `httpStatusOf`
 * (server/error-status.ts) is the one place that maps kinds to statuses, for the API and the
 * page actions alike. Each class takes only codes of its kind, its generic code by default.
 * The messages are shown to people, so they come from the spec where it has wording.
 */

/** Kinds that are the request's fault (the client may fix it), not ours or a dependency's. */
const REFUSALS: ReadonlySet<ErrorKind> = new Set<ErrorKind>([
  'malformed',
  'invalid',
  'unauthenticated',
  'forbidden',
  'not-found',
  'conflict',
  'rate-limited',
]);

export class AppError extends Error {
  readonly kind: ErrorKind;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
    this.kind = kindOf(code);
  }
}

/** A refusal for good: asking again the same way is refused again. */
export function isRefusal(error: unknown): error is AppError {
  return error instanceof AppError && REFUSALS.has(error.kind);
}

/** The request itself is malformed (bad path parameter, unreadable body). */
export class BadRequestError extends AppError {
  constructor(message: string, code: ErrorCodeOf<'malformed'> = 'malformed-request') {
    super(code, message);
  }
}

/** Well-formed but breaks a rule of spec section 5; `errors` maps field → messages. */
export class ValidationError extends AppError {
  constructor(
    message: string,
    readonly errors: Record<string, string[]> = {},
    code: ErrorCodeOf<'invalid'> = 'validation-failed',
  ) {
    super(code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(
    message = 'Please log in to continue.',
    code: ErrorCodeOf<'unauthenticated'> = 'unauthenticated',
  ) {
    super(code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(
    message = 'You do not have access to this.',
    code: ErrorCodeOf<'forbidden'> = 'forbidden',
  ) {
    super(code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(
    message = 'The requested page could not be found.',
    code: ErrorCodeOf<'not-found'> = 'not-found',
  ) {
    super(code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCodeOf<'conflict'> = 'conflict') {
    super(code, message);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please wait a few minutes and try again.',
  ) {
    super('rate-limited', message);
  }
}

/** A dependency (the database) is unreachable; the client may retry. */
export class UnavailableError extends AppError {
  constructor(message = 'The service is briefly unavailable. Please try again in a moment.') {
    super('service-unavailable', message);
  }
}
