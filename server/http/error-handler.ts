import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RateLimitedError, ValidationError } from '../errors';
import { errorFields, type Logger } from '../logger';
import { httpStatusOf } from '../error-status';
import { isDatabaseUnavailable, isDataException } from '../db/errors';
import type { ErrorReply } from '@shared/api';
import type { ErrorCode } from '@shared/error-codes';
import { loggedPath } from './request-log';

export type ApiErrorBody = ErrorReply;

/** The body of an error reply: every one carries its code (shared/error-codes.ts). */
export function errorBody(
  code: ErrorCode,
  message: string,
  errors?: Record<string, string[]>,
): ApiErrorBody {
  return errors ? { status: false, code, message, errors } : { status: false, code, message };
}

/** The code of an error Fastify raised reading the request, by the status it gave it. */
function readingErrorCode(status: number): ErrorCode {
  if (status === 413) return 'request-too-large';
  if (status === 415) return 'unsupported-media-type';
  if (status === 408) return 'request-timeout';
  if (status === 404) return 'endpoint-not-found';
  return 'malformed-request';
}

/**
 * The one place that turns errors into HTTP. Typed errors keep their code, status and message; a
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
  if (error instanceof AppError) {
    if (error instanceof RateLimitedError) reply.header('Retry-After', error.retryAfterSeconds);
    return reply
      .code(httpStatusOf(error))
      .send(
        errorBody(
          error.code,
          error.message,
          error instanceof ValidationError ? error.errors : undefined,
        ),
      );
  }
  // Errors of reading the request (malformed JSON, too large, unknown content type).
  const status = (error as FastifyError | undefined)?.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply
      .code(status)
      .send(
        errorBody(
          readingErrorCode(status),
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
      .send(
        errorBody(
          'value-not-storable',
          'Please check the values you entered: one of them could not be stored.',
        ),
      );
  }
  if (isDatabaseUnavailable(error)) {
    reply.header('Retry-After', 5);
    return reply
      .code(503)
      .send(
        errorBody(
          'service-unavailable',
          'The service is briefly unavailable. Please try again in a moment.',
        ),
      );
  }
  logger.error('unhandled API error', {
    method: request.method,
    path: request.routeOptions.url ?? loggedPath(request.url),
    ...errorFields(error),
  });
  return reply
    .code(500)
    .send(errorBody('internal-error', 'Something went wrong, please try again!'));
}
