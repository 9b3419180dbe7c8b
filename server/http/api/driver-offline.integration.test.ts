import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertOrderRow, staffLogIn } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { createStaffUser } from '../../auth/staff';
import { orders, stopEvents } from '../../db/schema';

/*
 * Issue 33, the driver's round kept on the phone: each stop of the list has a version, an
 * action sent later with the version the phone saw goes through while the stop is as it was
 * (and once only when sent twice), and is refused with `stop-changed` (409), writing nothing,
 * when the office changed the stop in between.
 */

// Tuesday 24 November 2026, 07:00 in London (GMT).
const now = new Date('2026-11-24T07:00:00Z');
const password = 'driver-password-123';
type Stop = { order_id: string; version: string; state: string };

describe('stop versions (issue 33)', () => {
  let server: TestServer;
  let driver: string;

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
    await createStaffUser(server.database.db, {
      email: 'dan@shop.test',
      name: 'Dan Driver',
      role: 'driver',
      password,
    });
    driver = await staffLogIn(server, 'dan@shop.test', password);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const auth = () => ({ Authorization: `Bearer ${driver}` });
  const stopsOf = async () =>
    (
      await server.api<{ stops: Stop[] }>('/api/admin/driver/stops?date=2026-11-24', {
        headers: auth(),
      })
    ).body.stops;
  const collect = (id: string, key: string, version: string) =>
    server.api<{ code?: string; message: string; replayed?: boolean }>(
      `/api/admin/driver/stops/${id}/collect`,
      {
        method: 'POST',
        headers: auth(),
        body: { idempotency_key: key, stop_version: version, bags: 2 },
      },
    );

  it('takes an action on the stop as the phone saw it, once, and refuses one the office changed since', async () => {
    const db = server.database.db;
    const same = await insertOrderRow(db, new Date('2026-11-24T09:00:00Z'), {
      customerName: 'Sam Same',
      customerEmail: 'sam@example.com',
    });
    const moved = await insertOrderRow(db, new Date('2026-11-24T10:00:00Z'), {
      customerName: 'Olive Office',
      customerEmail: 'olive@example.com',
      customerNotes: 'Leave with the porter',
    });
    const before = await stopsOf();
    const versionOf = (id: string, list = before) => list.find((s) => s.order_id === id)!.version;
    expect(versionOf(same.id)).toMatch(/^[0-9a-f]{16}$/);
    expect(versionOf(same.id)).not.toBe(versionOf(moved.id));

    // Unchanged: recorded, and the same key again is the same answer, written once.
    const first = await collect(same.id, 'key-same-0001', versionOf(same.id));
    expect(first.status).toBe(200);
    const again = await collect(same.id, 'key-same-0001', versionOf(same.id));
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(await db.select().from(stopEvents).where(eq(stopEvents.orderId, same.id))).toHaveLength(
      1,
    );
    // The driver's own action does not change the version (the phone's next actions still go).
    expect(versionOf(same.id, await stopsOf())).toBe(versionOf(same.id));

    // The office changes the note while the driver's action waits on the phone.
    await db
      .update(orders)
      .set({ customerNotes: 'Call first: porter away' })
      .where(eq(orders.id, moved.id));
    const refused = await collect(moved.id, 'key-moved-0001', versionOf(moved.id));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('stop-changed');
    expect(refused.body.message).toMatch(/office changed Order .* record it again/);
    expect(await db.select().from(stopEvents).where(eq(stopEvents.orderId, moved.id))).toEqual([]);
    const [still] = await db.select().from(orders).where(eq(orders.id, moved.id));
    expect(still!.status).toBe('pending');

    // With the list loaded again, the driver records it on the changed stop.
    const fresh = versionOf(moved.id, await stopsOf());
    expect(fresh).not.toBe(versionOf(moved.id));
    expect((await collect(moved.id, 'key-moved-0002', fresh)).status).toBe(200);
  });
});
