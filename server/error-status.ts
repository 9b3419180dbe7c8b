import type { AppError, ErrorCode } from './errors';

/** The one mapping of the use-cases' error codes to HTTP statuses (API replies, page actions). */
const HTTP_STATUS: Record<ErrorCode, number> = {
  malformed: 400,
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  'provider-unavailable': 502,
  unavailable: 503,
};

export function httpStatusOf(error: AppError): number {
  return HTTP_STATUS[error.code];
}
