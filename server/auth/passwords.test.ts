import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('passwords (scrypt)', () => {
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
});
