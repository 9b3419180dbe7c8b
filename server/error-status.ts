import type { AppError, ErrorKind } from './errors';
import { kindOf, type ErrorCode } from '@shared/error-codes';

/** The one mapping of error kinds to HTTP statuses (API replies, page actions). */
const HTTP_STATUS: Record<ErrorKind, number> = {
  malformed: 400,
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-media-type': 415,
  timeout: 408,
  'rate-limited': 429,
  internal: 500,
  'provider-unavailable': 502,
  unavailable: 503,
};

export function httpStatusOf(error: AppError): number {
  return HTTP_STATUS[error.kind];
}

/** The status a reply with this code is sent with. */
export function httpStatusOfCode(code: ErrorCode): number {
  return HTTP_STATUS[kindOf(code)];
}
