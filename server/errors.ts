/**
 * The small set of typed errors that use-cases throw, each with a domain code that says what
 * went wrong, not how HTTP says it: `httpStatusOf` (server/error-status.ts) is the one
 * place that maps codes to statuses, for the API and the page actions alike. The messages
 * are shown to people, so they come from the spec where it has wording.
 */
export type ErrorCode =
  | 'malformed'
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'provider-unavailable'
  | 'unavailable';

/** Codes that are the request's fault (the client may fix it), not ours or a dependency's. */
const REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'malformed',
  'invalid',
  'unauthenticated',
  'forbidden',
  'not-found',
  'conflict',
  'rate-limited',
]);

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A refusal for good: asking again the same way is refused again. */
export function isRefusal(error: unknown): error is AppError {
  return error instanceof AppError && REFUSALS.has(error.code);
}

/** The request itself is malformed (bad path parameter, unreadable body). */
export class BadRequestError extends AppError {
  constructor(message: string) {
    super('malformed', message);
  }
}

/** Well-formed but breaks a rule of spec section 5; `errors` maps field → messages. */
export class ValidationError extends AppError {
  constructor(
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super('invalid', message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please log in to continue.') {
    super('unauthenticated', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this.') {
    super('forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'The requested page could not be found.') {
    super('not-found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super('conflict', message);
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
    super('unavailable', message);
  }
}
