import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RateLimitedError, ValidationError } from '../errors';
import { errorFields, type Logger } from '../logger';
import { httpStatusOf } from '../error-status';
import { isDatabaseUnavailable, isDataException } from '../db/errors';
import type { ErrorReply } from '@shared/api';
import { loggedPath } from './request-log';

export type ApiErrorBody = ErrorReply;

/**
 * The one place that turns errors into HTTP. Typed errors keep their status and message; a
 * request the server could not read answers its own 4xx; a value PostgreSQL refused as data
 * is a 422; a database that does not answer is a 503; anything else is logged and answered
 * 500 without internals.
 */
export function sendApiError(
  logger: Logger,
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (reply.sent) return;
  const body = (message: string, errors?: Record<string, string[]>): ApiErrorBody =>
    errors ? { status: false, message, errors } : { status: false, message };
  if (error instanceof AppError) {
    if (error instanceof RateLimitedError) reply.header('Retry-After', error.retryAfterSeconds);
    return reply
      .code(httpStatusOf(error))
      .send(body(error.message, error instanceof ValidationError ? error.errors : undefined));
  }
  // Errors of reading the request (malformed JSON, too large, unknown content type).
  const status = (error as FastifyError | undefined)?.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply
      .code(status)
      .send(
        body(
          status === 413
            ? 'The request is too large.'
            : status === 415
              ? 'Please send the request as JSON.'
              : 'The request could not be read. Please check it and try again.',
        ),
      );
  }
  // A value PostgreSQL refused as data (class 22: out of range, invalid text, bad date) that
  // our schemas did not catch first: the request's fault, so 422, and logged for us to fix.
  if (isDataException(error)) {
    logger.warn('database refused a value', {
      method: request.method,
      path: request.routeOptions.url ?? loggedPath(request.url),
      ...errorFields(error),
    });
    return reply
      .code(422)
      .send(body('Please check the values you entered: one of them could not be stored.'));
  }
  if (isDatabaseUnavailable(error)) {
    reply.header('Retry-After', 5);
    return reply
      .code(503)
      .send(body('The service is briefly unavailable. Please try again in a moment.'));
  }
  logger.error('unhandled API error', {
    method: request.method,
    path: request.routeOptions.url ?? loggedPath(request.url),
    ...errorFields(error),
  });
  return reply.code(500).send(body('Something went wrong, please try again!'));
}
