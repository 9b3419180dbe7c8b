import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, RateLimitedError, ValidationError } from '../errors';
import { errorFields, type Logger } from '../logger';

export type ApiErrorBody = {
  status: false;
  message: string;
  errors?: Record<string, string[]>;
};

/** Maps typed errors to JSON; anything else is logged and answered without internals. */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof AppError) {
      const body: ApiErrorBody = { status: false, message: error.message };
      if (error instanceof ValidationError) body.errors = error.errors;
      if (error instanceof RateLimitedError) res.setHeader('Retry-After', error.retryAfterSeconds);
      res.status(error.status).json(body);
      return;
    }
    // Body parser errors (malformed JSON, too large) carry an http status of their own.
    const status = typeof error?.status === 'number' ? error.status : 500;
    if (status >= 400 && status < 500) {
      res.status(status).json({
        status: false,
        message:
          status === 413
            ? 'The request is too large.'
            : 'The request could not be read. Please check it and try again.',
      } satisfies ApiErrorBody);
      return;
    }
    if (isDatabaseUnavailable(error)) {
      res
        .status(503)
        .setHeader('Retry-After', 5)
        .json({
          status: false,
          message: 'The service is briefly unavailable. Please try again in a moment.',
        } satisfies ApiErrorBody);
      return;
    }
    logger.error('unhandled API error', {
      method: req.method,
      path: req.path,
      ...errorFields(error),
    });
    res.status(500).json({
      status: false,
      message: 'Something went wrong, please try again!',
    } satisfies ApiErrorBody);
  };
}

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ status: false, message: 'No such API endpoint.' } satisfies ApiErrorBody);
};

/**
 * Connection refused/reset or PostgreSQL shutting down: answer 503, not 500. Drizzle wraps
 * driver errors, so the cause chain is searched too.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, cause, message } = error as { code?: string; cause?: unknown; message?: string };
  if (
    typeof message === 'string' &&
    /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/.test(
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
