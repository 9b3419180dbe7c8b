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
import { httpStatusOf, httpStatusOfCode } from './error-status';
import { ERROR_CODES, errorCodeList, kindOf } from '@shared/error-codes';

describe('use-case errors carry domain codes; HTTP statuses are mapped in one place', () => {
  const cases = [
    [new BadRequestError('x'), 'malformed-request', 'malformed', 400, true],
    [new ValidationError('x'), 'validation-failed', 'invalid', 422, true],
    [new UnauthorizedError(), 'unauthenticated', 'unauthenticated', 401, true],
    [new ForbiddenError(), 'forbidden', 'forbidden', 403, true],
    [new NotFoundError(), 'not-found', 'not-found', 404, true],
    [new ConflictError('x'), 'conflict', 'conflict', 409, true],
    [new RateLimitedError(60), 'rate-limited', 'rate-limited', 429, true],
    [
      new PaymentProviderError(),
      'payment-provider-unavailable',
      'provider-unavailable',
      502,
      false,
    ],
    [new UnavailableError(), 'service-unavailable', 'unavailable', 503, false],
  ] as const;
  for (const [error, code, kind, status, refusal] of cases) {
    it(`${error.name}: ${code} (${kind}) → ${status}`, () => {
      expect(error.code).toBe(code);
      expect(error.kind).toBe(kind);
      expect(httpStatusOf(error)).toBe(status);
      // A refusal is for good (a webhook is not retried); an outage is worth another try.
      expect(isRefusal(error)).toBe(refusal);
      expect('status' in error).toBe(false);
    });
  }
  it('a specific code keeps its class’s kind and status', () => {
    const full = new ConflictError('Sorry, that window is full.', 'slot-full');
    expect([full.code, full.kind, httpStatusOf(full)]).toEqual(['slot-full', 'conflict', 409]);
    const settle = new ValidationError('Choose.', { settle: ['Choose.'] }, 'settle-required');
    expect([settle.kind, httpStatusOf(settle)]).toEqual(['invalid', 422]);
  });

  it('every code of the list has a kind with a status, and a line saying what it means', () => {
    for (const code of errorCodeList) {
      expect(httpStatusOfCode(code), code).toBeGreaterThanOrEqual(400);
      expect(ERROR_CODES[code].about.length, code).toBeGreaterThan(10);
      expect(code, 'kebab-case').toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(kindOf(code)).toBe(ERROR_CODES[code].kind);
    }
  });

  it('anything else is not a refusal', () => {
    expect(isRefusal(new Error('boom'))).toBe(false);
    expect(isRefusal(undefined)).toBe(false);
  });
});
