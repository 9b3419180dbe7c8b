import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { orders, outbox, slotSettings, slotUsage } from '../../db/schema';

/*
 * POST /api/account/orders/{id}/reschedule (issue 18, decision 035): the logged-in customer
 * moves the collection or the delivery of their own order; 404 for another's, 409 too late or
 * full (nothing written), 422 for a body that names no window.
 * On PostgreSQL (`npm run test:pg`) the 50 moves at once are 50 real concurrent transactions.
 */

const password = 'Secret@123';
const address = { door_number: '12', line1: 'Elgin Avenue', town: 'London', postcode: 'W9 2HD' };
// Tuesday 24 November 2026, 07:00 in London.
const now = new Date('2026-11-24T07:00:00Z');

type Reply = Record<string, unknown> & { status: boolean; message: string };

describe('reschedule API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const db = () => server.database.db;

  async function customer(email: string) {
    const signed = await server.api<{ customer_id: string }>('/api/register', {
      body: { name: 'Ada Lovelace', email, phone: '07700 900123', password, address },
    });
    const login = await server.api<{ token: string }>('/api/login', { body: { email, password } });
    return { id: signed.body.customer_id, auth: { Authorization: `Bearer ${login.body.token}` } };
  }

  const reschedule = (id: string, headers: Record<string, string>, body: unknown) =>
    server.api<Reply>(`/api/account/orders/${id}/reschedule`, { body, headers });

  it('moves the collection of your own order, frees its place and e-mails you', async () => {
    const ada = await customer('ada@example.com');
    const bob = await customer('bob@example.com');
    const old = new Date('2026-11-26T09:00:00Z');
    const order = await insertOrderRow(db(), old, { customerId: ada.id });
    await db().insert(slotUsage).values({ kind: 'pickup', startsAt: old, taken: 1 });
    const body = { leg: 'collection', date: '2026-11-25', time: '11:00' };

    expect(
      (await server.api<Reply>(`/api/account/orders/${order.id}/reschedule`, { body })).status,
    ).toBe(401);
    const notYours = await reschedule(order.id, bob.auth, body);
    expect(notYours.status).toBe(404);
    expect((await reschedule(order.id, ada.auth, { leg: 'collection', date: 'soon' })).status).toBe(
      422,
    );

    const reply = await reschedule(order.id, ada.auth, body);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: true,
      leg: 'collection',
      window: 'Wed 25 Nov 2026, 11:00–12:00',
      delivery_moved: false,
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.pickupStartsAt).toEqual(new Date('2026-11-25T11:00:00Z'));
    const [freed] = await db()
      .select()
      .from(slotUsage)
      .where(and(eq(slotUsage.kind, 'pickup'), eq(slotUsage.startsAt, old)));
    expect(freed!.taken).toBe(0);
    const mails = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'new-collection-window'));
    expect(mails.map((m) => m.toAddress)).toEqual(['ada@example.com']);
  });

  it('409 "That slot is now full" for a full window, and too late within 2 hours; nothing moves', async () => {
    const ada = await customer('ada2@example.com');
    const [settings] = await db().select().from(slotSettings).limit(1);
    const full = new Date('2026-11-25T15:00:00Z');
    await db()
      .insert(slotUsage)
      .values({ kind: 'delivery', startsAt: full, taken: settings!.deliveryCapacityPerSlot });
    const order = await insertOrderRow(db(), new Date('2026-11-24T08:30:00Z'), {
      customerId: ada.id,
    });
    const fullReply = await reschedule(order.id, ada.auth, {
      leg: 'delivery',
      date: '2026-11-25',
      time: '15:00',
    });
    expect(fullReply.status).toBe(409);
    expect(fullReply.body.message).toMatch(/^That slot is now full/);
    const late = await reschedule(order.id, ada.auth, {
      leg: 'collection',
      date: '2026-11-25',
      time: '11:00',
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/up to 2 hours before it starts/);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.pickupStartsAt).toEqual(order.pickupStartsAt);
    expect(row!.deliveryStartsAt).toEqual(order.deliveryStartsAt);
  });

  it('50 moves sent at once into one window of capacity N: N answered 200, the rest 409, never overbooked', async () => {
    const ada = await customer('ada50@example.com');
    const [settings] = await db().select().from(slotSettings).limit(1);
    const capacity = settings!.pickupCapacityPerSlot;
    // Saturday 28 November, 09:00 London: where the 50 orders are; Wednesday 25, 14:00: empty.
    const old = new Date('2026-11-28T09:00:00Z');
    const target = new Date('2026-11-25T14:00:00Z');
    await db().insert(slotUsage).values({ kind: 'pickup', startsAt: old, taken: 50 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push((await insertOrderRow(db(), old, { customerId: ada.id })).id);
    }
    const body = { leg: 'collection', date: '2026-11-25', time: '14:00' };
    const replies = await Promise.all(ids.map((id) => reschedule(id, ada.auth, body)));

    expect(replies.filter((r) => r.status === 200)).toHaveLength(capacity);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(50 - capacity);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/^That slot is now full/);
    }
    const usage = async (startsAt: Date) =>
      (
        await db()
          .select()
          .from(slotUsage)
          .where(and(eq(slotUsage.kind, 'pickup'), eq(slotUsage.startsAt, startsAt)))
      )[0]?.taken;
    expect(await usage(target)).toBe(capacity);
    expect(await usage(old)).toBe(50 - capacity);
    const rows = await db().select().from(orders).where(inArray(orders.id, ids));
    expect(rows.filter((o) => o.pickupStartsAt.getTime() === target.getTime())).toHaveLength(
      capacity,
    );
    expect(rows.filter((o) => o.pickupStartsAt.getTime() === old.getTime())).toHaveLength(
      50 - capacity,
    );
  }, 120_000);
});
