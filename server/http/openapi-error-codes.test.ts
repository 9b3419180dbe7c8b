import { describe, expect, it } from 'vitest';
import { api } from '@shared/api';
import { errorCodeList, isTransient } from '@shared/error-codes';
import { loadConfig } from '../config';
import { buildOpenApiDocument } from './openapi';

/*
 * Issue 30: the OpenAPI document shows the error reply's `code` as the ErrorCode enum, every
 * code of shared/error-codes.ts with its line; and which codes mean "try again later".
 */
describe('error codes in the OpenAPI document', () => {
  it('the Error schema has a required code, the ErrorCode enum of the list', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const document = buildOpenApiDocument({
      brand: config.brand,
      publicUrl: 'https://example.test',
      endpoints: [api.accounts.logIn],
    }) as { components: { schemas: Record<string, Record<string, unknown>> } };
    const { Error: error, ErrorCode: code } = document.components.schemas;
    expect(error?.required).toContain('code');
    expect(code?.enum).toEqual(errorCodeList);
    for (const each of ['slot-full', 'settle-required', 'endpoint-not-found', 'internal-error'])
      expect(code?.description).toContain(`\`${each}\``);
  });
});

describe('isTransient: what a client sends again later', () => {
  it('no reply, a timeout and failures on our side; never a refusal', () => {
    for (const code of [
      'no-reply',
      'request-timeout',
      'internal-error',
      'service-unavailable',
      'payment-provider-unavailable',
    ] as const)
      expect(isTransient(code), code).toBe(true);
    for (const code of [
      'unreadable-reply',
      'validation-failed',
      'slot-full',
      'rate-limited',
      'not-found',
    ] as const)
      expect(isTransient(code), code).toBe(false);
  });
});
