import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutTokens,
  customerAddresses,
  customers,
  oneTimeCodes,
  rateLimits,
  sessions,
} from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { expireStaleRows } from './expire-stale';

describe('expireStaleRows (the hourly clean-up)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('deletes expired codes, checkout tokens and sessions and day-old rate-limit counters, nothing live', async () => {
    const now = new Date('2026-03-02T12:00:00Z');
    const past = new Date(now.getTime() - 60_000);
    const future = new Date(now.getTime() + 60_000);
    const { db } = database;
    const [customer] = await db
      .insert(customers)
      .values({ name: 'Ada', email: 'expiry@example.com', phone: '07911123456' })
      .returning();
    const [address] = await db
      .insert(customerAddresses)
      .values({
        customerId: customer!.id,
        line1: '1 High Street',
        postcode: 'W9 2HD',
        fullAddress: '1 High Street\nLondon\nW9 2HD',
      })
      .returning();
    await db.insert(sessions).values([
      { tokenHash: 'expired-session', customerId: customer!.id, expiresAt: past },
      { tokenHash: 'live-session', customerId: customer!.id, expiresAt: future },
    ]);
    await db.insert(checkoutTokens).values([
      {
        tokenHash: 'expired-token',
        customerId: customer!.id,
        addressId: address!.id,
        expiresAt: past,
      },
      {
        tokenHash: 'live-token',
        customerId: customer!.id,
        addressId: address!.id,
        expiresAt: future,
      },
    ]);
    await db.insert(oneTimeCodes).values([
      { purpose: 'password_reset', customerId: customer!.id, codeHash: 'old', expiresAt: past },
      { purpose: 'password_reset', customerId: customer!.id, codeHash: 'live', expiresAt: future },
    ]);
    await db.insert(rateLimits).values([
      { key: 'login:ip:old', windowStart: new Date(now.getTime() - 25 * 60 * 60_000), hits: 3 },
      { key: 'login:ip:now', windowStart: new Date(now.getTime() - 10 * 60_000), hits: 3 },
    ]);

    expect(await expireStaleRows({ db, now: () => now })).toEqual({
      oneTimeCodes: 1,
      checkoutTokens: 1,
      sessions: 1,
      staffSessions: 0,
      rateLimits: 1,
    });
    expect((await db.select().from(sessions)).map((s) => s.tokenHash)).toEqual(['live-session']);
    expect((await db.select().from(checkoutTokens)).map((t) => t.tokenHash)).toEqual([
      'live-token',
    ]);
    expect((await db.select().from(oneTimeCodes)).map((c) => c.codeHash)).toEqual(['live']);
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(['login:ip:now']);
    // Run again: nothing left to do.
    expect(Object.values(await expireStaleRows({ db, now: () => now }))).toEqual([0, 0, 0, 0, 0]);
  });
});
