import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  isRefusal,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
  ValidationError,
} from './errors';
import { PaymentProviderError } from './adapters/payments/payment-provider';
import { httpStatusOf } from './error-status';

describe('use-case errors carry domain codes; HTTP statuses are mapped in one place', () => {
  const cases = [
    [new BadRequestError('x'), 'malformed', 400, true],
    [new ValidationError('x'), 'invalid', 422, true],
    [new UnauthorizedError(), 'unauthenticated', 401, true],
    [new ForbiddenError(), 'forbidden', 403, true],
    [new NotFoundError(), 'not-found', 404, true],
    [new ConflictError('x'), 'conflict', 409, true],
    [new RateLimitedError(60), 'rate-limited', 429, true],
    [new PaymentProviderError(), 'provider-unavailable', 502, false],
    [new UnavailableError(), 'unavailable', 503, false],
  ] as const;
  for (const [error, code, status, refusal] of cases) {
    it(`${error.name}: ${code} → ${status}`, () => {
      expect(error.code).toBe(code);
      expect(httpStatusOf(error)).toBe(status);
      // A refusal is for good (a webhook is not retried); an outage is worth another try.
      expect(isRefusal(error)).toBe(refusal);
      expect('status' in error).toBe(false);
    });
  }
  it('anything else is not a refusal', () => {
    expect(isRefusal(new Error('boom'))).toBe(false);
    expect(isRefusal(undefined)).toBe(false);
  });
});
