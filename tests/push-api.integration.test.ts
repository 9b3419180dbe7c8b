import { browserSubscription } from '@tests/helpers/browser-subscription';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { LONDON_ZONE } from '@shared/london-time';
import { pushMessages, pushSubscriptions } from '../server/db/schema';
import { pushCustomer } from '../server/use-cases/messages/queue-push';
import { DAILY_TEXT_CAP } from '../server/use-cases/messages/text-rules';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { logIn, signUp } from '@tests/helpers/fixtures';

/*
 * Web Push's API and rules (issue 33, decision 060): a customer's devices turned on, listed
 * and removed under /api/account/push; bad input refused with codes; another customer's
 * device not found; the texts' quiet hours and daily cap on a pinned clock.
 */

let server: TestServer;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function customer() {
  n += 1;
  const email = `push-api-${n}@example.com`;
  const { customer_id } = await signUp(server, { email });
  const token = await logIn(server, email);
  return { id: customer_id, headers: { Authorization: `Bearer ${token}` } };
}

const subscribe = (headers: Record<string, string>, body: unknown = browserSubscription()) =>
  server.api<{
    code?: string;
    errors?: Record<string, string[]>;
    device: { id: string; label: string };
  }>('/api/account/push/subscriptions', {
    body,
    headers: {
      ...headers,
      'User-Agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Safari/604.1',
    },
  });

describe('/api/account/push', () => {
  it('serves the VAPID public key the browser subscribes with', async () => {
    const reply = await server.api<{ public_key: string }>('/api/account/push/key');
    expect(reply.status).toBe(200);
    expect(reply.body.public_key).toBe(server.services.push.publicKey);
    expect(Buffer.from(reply.body.public_key, 'base64url')).toHaveLength(65);
  });

  it('turns a device on, lists it (no endpoint or keys) and removes it', async () => {
    const { headers } = await customer();
    const added = await subscribe(headers);
    expect(added.status).toBe(201);
    expect(added.body.device.label).toBe('Safari on iPhone');
    const list = await server.api<{ devices: Record<string, unknown>[] }>(
      '/api/account/push/subscriptions',
      { headers },
    );
    expect(list.body.devices).toEqual([
      {
        id: added.body.device.id,
        label: 'Safari on iPhone',
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    const removed = await server.api(`/api/account/push/subscriptions/${added.body.device.id}`, {
      method: 'DELETE',
      headers,
    });
    expect(removed.status).toBe(200);
    const after = await server.api<{ devices: unknown[] }>('/api/account/push/subscriptions', {
      headers,
    });
    expect(after.body.devices).toEqual([]);
  });

  it('the same endpoint again updates the device, and moves it to whoever is signed in now', async () => {
    const first = await customer();
    const second = await customer();
    const subscription = browserSubscription();
    await subscribe(first.headers, subscription);
    const again = await subscribe(second.headers, subscription);
    expect(again.status).toBe(201);
    const rows = await server.services.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(rows.map((r) => r.customerId)).toEqual([second.id]);
  });

  it('another customer’s device is not found, and stays', async () => {
    const owner = await customer();
    const other = await customer();
    const added = await subscribe(owner.headers);
    const path = `/api/account/push/subscriptions/${added.body.device.id}`;
    const reply = await server.api<{ code: string }>(path, {
      method: 'DELETE',
      headers: other.headers,
    });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('not-found');
    const bogus = await server.api<{ code: string }>('/api/account/push/subscriptions/nope', {
      method: 'DELETE',
      headers: other.headers,
    });
    // Not even an id: the path is refused as the contract refuses any bad parameter.
    expect(bogus.status).toBe(400);
    const list = await server.api<{ devices: unknown[] }>('/api/account/push/subscriptions', {
      headers: owner.headers,
    });
    expect(list.body.devices).toHaveLength(1);
  });

  it('refuses bad subscriptions with 422 and a code, writing nothing', async () => {
    const { id, headers } = await customer();
    const good = browserSubscription();
    const cases: [unknown, string, string][] = [
      [{ ...good, endpoint: 'not a url' }, 'validation-failed', 'endpoint'],
      [
        { ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/x' },
        'validation-failed',
        'endpoint',
      ],
      [{ ...good, keys: { ...good.keys, p256dh: 'c2hvcnQ' } }, 'validation-failed', 'keys.p256dh'],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, 'validation-failed', 'keys.auth'],
      [{ endpoint: good.endpoint }, 'validation-failed', 'keys'],
      // Our own network, or any address a visitor picks, is no push service.
      [{ ...good, endpoint: 'https://127.0.0.1:8443/push/1' }, 'push-service-unknown', 'endpoint'],
      [
        { ...good, endpoint: 'https://fcm.googleapis.com.evil.example/x' },
        'push-service-unknown',
        'endpoint',
      ],
    ];
    for (const [body, code, field] of cases) {
      const reply = await subscribe(headers, body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.code, JSON.stringify(body)).toBe(code);
      expect(Object.keys(reply.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const rows = await server.services.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.customerId, id));
    expect(rows).toEqual([]);
  });

  it('asks for a session', async () => {
    const reply = await server.api<{ code: string }>('/api/account/push/subscriptions', {
      body: browserSubscription(),
    });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('unauthenticated');
  });

  it('is in the OpenAPI document', async () => {
    const doc = await server.api<{ paths: Record<string, Record<string, unknown>> }>(
      '/api/openapi.json',
    );
    expect(Object.keys(doc.body.paths['/api/account/push/subscriptions'] ?? {}).sort()).toEqual([
      'get',
      'post',
    ]);
    expect(Object.keys(doc.body.paths['/api/account/push/subscriptions/{id}'] ?? {})).toEqual([
      'delete',
    ]);
    expect(doc.body.paths['/api/account/push/key']).toHaveProperty('get');
    expect(doc.body.paths['/api/admin/push/subscriptions']).toHaveProperty('post');
  });
});

describe('quiet hours and the daily cap, as for texts (pinned clock)', () => {
  const london = (iso: string) => DateTime.fromISO(iso, { zone: LONDON_ZONE }).toJSDate();
  const notice = { title: 't', body: 'b', url: 'http://localhost/track/x', tag: 'order-x' };

  async function withDevice() {
    const { id, headers } = await customer();
    await subscribe(headers);
    return id;
  }
  const push = (customerId: string, event: 'delivered' | 'driver-on-the-way', now: Date) =>
    server.services.db.transaction((tx) =>
      pushCustomer(tx, { customerId, event, notice, orderId: null, now }),
    );
  const rowsOf = (customerId: string) =>
    server.services.db
      .select()
      .from(pushMessages)
      .where(eq(pushMessages.customerId, customerId))
      .orderBy(pushMessages.id);

  it('holds a notification due at 22:30 until 08:00, except "on the way"', async () => {
    const id = await withDevice();
    expect(await push(id, 'delivered', london('2026-11-24T22:30'))).toBe('queued');
    expect(await push(id, 'driver-on-the-way', london('2026-11-24T22:30'))).toBe('queued');
    const [held, now] = await rowsOf(id);
    expect(held!.sendAfter).toEqual(london('2026-11-25T08:00'));
    expect(now!.sendAfter).toEqual(london('2026-11-24T22:30'));
  });

  it(`sends at most ${DAILY_TEXT_CAP} a London day; the next is written as suppressed`, async () => {
    const id = await withDevice();
    for (let i = 0; i < DAILY_TEXT_CAP; i += 1) {
      expect(await push(id, 'delivered', london(`2026-11-24T1${i}:00`))).toBe('queued');
    }
    expect(await push(id, 'delivered', london('2026-11-24T17:00'))).toBe('suppressed');
    const rows = await rowsOf(id);
    expect(rows.at(-1)).toMatchObject({ status: 'suppressed', statusReason: 'daily cap' });
    // Held overnight, it counts on the morning it goes: the next day has room.
    expect(await push(id, 'delivered', london('2026-11-24T23:00'))).toBe('queued');
  });

  it('writes nothing for a customer with no device turned on', async () => {
    const { id } = await customer();
    expect(await push(id, 'delivered', london('2026-11-24T12:00'))).toBe('none');
    expect(await rowsOf(id)).toEqual([]);
  });
});
