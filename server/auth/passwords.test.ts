import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_HASH_COST,
  hashPassword,
  lowerPasswordHashCostForTests,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords';

describe('passwords (scrypt)', () => {
  // The test runs' set-up lowers the cost (tests/helpers/quick-password-hashes.ts); these tests
  // check what a running site does.
  beforeAll(() => lowerPasswordHashCostForTests(PASSWORD_HASH_COST));
  afterAll(() => lowerPasswordHashCostForTests(2 ** 10));

  it('hashes with a salt and verifies only the right password', async () => {
    const a = await hashPassword('Secret@123');
    const b = await hashPassword('Secret@123');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Secret@123');
    expect(await verifyPassword('Secret@123', a)).toBe(true);
    expect(await verifyPassword('Secret@124', a)).toBe(false);
  });
  it('rejects malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'bcrypt$abc')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });
  it('the dummy check always fails', async () => {
    expect(await verifyAgainstDummy('dummy password that matches nothing')).toBe(false);
  });
  it('a lowered cost is only ever asked for by the test runs', () => {
    const callers = execFileSync('git', ['grep', '-l', 'lowerPasswordHashCostForTests('], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .sort();
    expect(callers).toEqual([
      'server/auth/passwords.test.ts',
      'server/auth/passwords.ts',
      'server/http/api/accounts-limits.integration.test.ts',
      'tests/helpers/quick-password-hashes.ts',
    ]);
    expect(readFileSync('vitest.config.ts', 'utf8')).toContain('quick-password-hashes');
  });
  it('refuses a cost that is not a power of two between 2^10 and the production cost', () => {
    expect(() => lowerPasswordHashCostForTests(1000)).toThrow();
    expect(() => lowerPasswordHashCostForTests(2 ** 9)).toThrow();
    expect(() => lowerPasswordHashCostForTests(2 ** 16)).toThrow();
  });
});
