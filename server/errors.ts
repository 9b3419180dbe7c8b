/**
 * The small set of typed errors that use-cases throw. server/http/error-handler.ts maps them
 * to HTTP in one place; the messages are shown to people, so they come from the spec where
 * it has wording.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request itself is malformed (bad path parameter, unreadable body). */
export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

/** 422: well-formed but breaks a rule of spec section 5; `errors` maps field → messages. */
export class ValidationError extends AppError {
  constructor(
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(422, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please log in to continue.') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this.') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'The requested page could not be found.') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please wait a few minutes and try again.',
  ) {
    super(429, message);
  }
}

/** 503: a dependency (the database) is unreachable; the client may retry. */
export class UnavailableError extends AppError {
  constructor(message = 'The service is briefly unavailable. Please try again in a moment.') {
    super(503, message);
  }
}
