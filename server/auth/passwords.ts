import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * Passwords are hashed with scrypt (memory-hard, in node:crypto). The stored string carries
 * its own parameters so they can be raised later without breaking existing hashes:
 * scrypt$N$r$p$salt$hash (salt and hash base64url).
 */

/** scrypt's cost for new hashes in every running site. */
export const PASSWORD_HASH_COST = 2 ** 15;
let params = { N: PASSWORD_HASH_COST, r: 8, p: 1 };
const KEY_LENGTH = 32;
// 128 * N * r = 32 MiB per hash; allow a little headroom over the default 32 MiB cap.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { ...params, maxmem: MAX_MEMORY });
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Hashed once per process; checked against when an e-mail has no account, so a failed login
// takes as long whether or not the account exists.
let dummyHash: Promise<string> | undefined;

/** Spends the same time as verifyPassword on a real account; always false. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that matches nothing');
  await verifyPassword(password, await dummyHash);
  return false;
}

/**
 * Test runs only (tests/helpers/quick-password-hashes.ts, and the login-timing test that raises it
 * back for itself; nothing else calls it: its test
 * says so): their thousands of sign-ins test the rules around a password, not scrypt's cost,
 * which would be a large share of the CPU of `npm test`. Stored hashes carry their own cost, so
 * verifying is unchanged.
 */
export function lowerPasswordHashCostForTests(n: number): void {
  if (!Number.isInteger(Math.log2(n)) || n < 2 ** 10 || n > PASSWORD_HASH_COST) {
    throw new Error(`scrypt cost must be a power of two from 1024 to ${PASSWORD_HASH_COST}`);
  }
  params = { ...params, N: n };
  dummyHash = undefined;
}
