import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages, pushSubscriptions } from '../server/db/schema';
import { notifyCustomer } from '../server/use-cases/messages/notify-customer';
import { queuePush } from '../server/use-cases/messages/queue-push';
import { pushStaff } from '../server/use-cases/messages/push-staff';
import { createStaffUser } from '../server/auth/staff';
import { trackingUrl } from '../server/use-cases/mail/tracking-link';
import type { TestServer } from '@tests/helpers/test-server';
import { insertOrderRow, lastLondonNoon, logIn, signUp, staffLogIn } from '@tests/helpers/fixtures';
import {
  startPushTestServer,
  stopPushTestServer,
  type PushServiceStandIn,
  type StandInSubscription,
} from '@tests/helpers/push-service-stand-in';

/*
 * Web Push from the job queue (issue 33, decision 060) to a local push service that checks
 * what a real one checks: the VAPID JWT's ES256 signature against our public key, its aud and
 * exp, and a body that decrypts (aes128gcm) only with the browser's private key. Gone devices
 * (404, 410) are removed; a 500 is retried. Retries a second apart here (5 s doubling live).
 */

let server: TestServer;
let pushService: PushServiceStandIn;
let n = 0;

beforeAll(async () => {
  ({ server, pushService } = await startPushTestServer());
});
afterAll(() => stopPushTestServer(server, pushService));

/** A registered customer and their Bearer token. */
async function customer() {
  n += 1;
  const email = `push-${n}@example.com`;
  const { customer_id } = await signUp(server, { email });
  return { id: customer_id, token: await logIn(server, email) };
}

/** A device turned on through the API, as the account page does it. */
async function turnOn(token: string): Promise<StandInSubscription & { deviceId: string }> {
  const subscription = pushService.subscribe();
  const reply = await server.api<{ device: { id: string } }>('/api/account/push/subscriptions', {
    body: { endpoint: subscription.endpoint, keys: subscription.keys, expirationTime: null },
    headers: {
      Authorization: `Bearer ${token}`,
      'User-Agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile',
    },
  });
  expect(reply.status).toBe(201);
  return { ...subscription, deviceId: reply.body.device.id };
}

async function queue(customerId: string, title = 'Cleanline: delivered'): Promise<number> {
  const id = await server.services.db.transaction((tx) =>
    queuePush(tx, {
      template: 'delivered',
      customerId,
      title,
      body: 'Order CL-1 is delivered. Thank you!',
      url: 'http://localhost/track/x',
      tag: 'order-CL-1',
    }),
  );
  return id!;
}

const row = async (id: number) =>
  (await server.services.db.select().from(pushMessages).where(eq(pushMessages.id, id)))[0]!;

const device = async (id: string) =>
  (
    await server.services.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))
  )[0];

/** Polls until the notification is in one of `statuses` (15 s at most). */
async function until(id: number, ...statuses: string[]) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await row(id);
    if (statuses.includes(found.status)) return found;
    if (Date.now() > deadline) {
      throw new Error(`push ${id} is ${found.status} (${found.lastError}), not ${statuses}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const deliveredTo = (subscriptionId: string) =>
  pushService.delivered.filter((d) => d.subscriptionId === subscriptionId);

describe('push notifications through web-push to a push service', () => {
  it('signs with our VAPID key and encrypts to the device: the push service decrypts the payload', async () => {
    const { id, token } = await customer();
    const phone = await turnOn(token);
    const pushId = await queue(id, 'Cleanline: booking confirmed');
    const sent = await until(pushId, 'sent');
    expect(pushService.refused).toEqual([]);
    expect(deliveredTo(phone.id)).toEqual([
      {
        subscriptionId: phone.id,
        payload: {
          title: 'Cleanline: booking confirmed',
          body: 'Order CL-1 is delivered. Thank you!',
          url: 'http://localhost/track/x',
          tag: 'order-CL-1',
        },
        ttl: String(24 * 60 * 60),
        urgency: 'normal',
      },
    ]);
    expect(sent).toMatchObject({ attempts: 1, lastError: null, deliveredTo: [phone.deviceId] });
    expect((await device(phone.deviceId))?.lastUsedAt).not.toBeNull();
  });

  it('notifies of the events of an order with its tracking page, beside the text', async () => {
    const { id, token } = await customer();
    const phone = await turnOn(token);
    const order = await server.services.db.transaction(async (tx) => {
      const placed = await insertOrderRow(tx, lastLondonNoon(), { customerId: id });
      await notifyCustomer(
        tx,
        { order: placed, now: lastLondonNoon(), event: 'booking-confirmed' },
        server.services,
      );
      return placed;
    });
    const [push] = await server.services.db
      .select()
      .from(pushMessages)
      .where(eq(pushMessages.orderId, order.id));
    await until(push!.id, 'sent');
    const [got] = deliveredTo(phone.id);
    expect(got?.payload).toMatchObject({
      title: expect.stringContaining('booking confirmed'),
      url: trackingUrl(server.services.config.publicUrl, order.trackingToken),
      tag: expect.stringMatching(/^order-/),
    });
  });

  it('removes a device whose push service answers 410, and one that answers 404', async () => {
    const { id, token } = await customer();
    const gone = await turnOn(token);
    const unknown = await turnOn(token);
    pushService.answer(gone.id, 410);
    pushService.answer(unknown.id, 404);
    const failed = await until(await queue(id), 'failed');
    expect(failed.statusReason).toBe('every device was gone');
    expect(await device(gone.deviceId)).toBeUndefined();
    expect(await device(unknown.deviceId)).toBeUndefined();
    // Once each: a gone device is not retried.
    expect(pushService.requests.get(gone.id)).toBe(1);
    expect(pushService.requests.get(unknown.id)).toBe(1);
  });

  it('retries a 500 with back-off, and the devices already reached are not notified twice', async () => {
    const { id, token } = await customer();
    const steady = await turnOn(token);
    const flaky = await turnOn(token);
    pushService.answer(flaky.id, 500);
    const pushId = await queue(id);
    // The first attempt: the steady device reached, the flaky one failed and kept.
    const deadline = Date.now() + 15_000;
    while ((await row(pushId)).attempts < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await row(pushId)).toMatchObject({ status: 'queued', deliveredTo: [steady.deviceId] });
    expect((await row(pushId)).lastError).toContain('500');
    pushService.answer(flaky.id, 201);
    const sent = await until(pushId, 'sent');
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(deliveredTo(steady.id)).toHaveLength(1);
    expect(deliveredTo(flaky.id)).toHaveLength(1);
    expect(await device(flaky.deviceId)).toBeDefined();
  });

  it('a push service that refuses our signature is an error retried, never a removal', async () => {
    const { id, token } = await customer();
    const phone = await turnOn(token);
    const original = server.services.push.publicKey;
    // The stand-in now expects another key: every request is refused (401).
    Object.assign(server.services.push, { publicKey: 'B'.repeat(87) });
    try {
      const pushId = await queue(id);
      const deadline = Date.now() + 15_000;
      while ((await row(pushId)).attempts < 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await row(pushId)).toMatchObject({ status: 'queued', deliveredTo: [] });
      expect(pushService.refused.some((r) => r.startsWith(phone.id))).toBe(true);
      expect(await device(phone.deviceId)).toBeDefined();
    } finally {
      Object.assign(server.services.push, { publicKey: original });
    }
  });
});

describe('staff choose push for new orders and new cases (issue 33)', () => {
  it('notifies the members who asked for the event, with the order’s back-office page', async () => {
    const staffDevice = async (role: 'owner' | 'staff', events: string[]) => {
      n += 1;
      const email = `push-staff-${n}@example.com`;
      await createStaffUser(server.services.db, {
        email,
        name: 'Sam',
        role,
        password: 'Staff@12345',
      });
      const token = await staffLogIn(server, email, 'Staff@12345');
      const subscription = pushService.subscribe();
      const reply = await server.api<{ device: { events: string[] } }>(
        '/api/admin/push/subscriptions',
        {
          body: { endpoint: subscription.endpoint, keys: subscription.keys, events },
          headers: { Authorization: `Bearer ${token}` },
        },
      );
      expect(reply.status).toBe(201);
      expect(reply.body.device.events).toEqual(events);
      return subscription;
    };
    const owner = await staffDevice('owner', ['new-order']);
    const casesOnly = await staffDevice('owner', ['new-case']);
    // A member of no branch: an order of no branch is not theirs.
    const elsewhere = await staffDevice('staff', ['new-order', 'new-case']);
    const order = await server.services.db.transaction(async (tx) => {
      const placed = await insertOrderRow(tx, lastLondonNoon());
      expect(
        await pushStaff(
          tx,
          { event: 'new-order', order: placed, now: new Date() },
          server.services,
        ),
      ).toBe(1);
      return placed;
    });
    const deadline = Date.now() + 15_000;
    while (deliveredTo(owner.id).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(deliveredTo(owner.id).map((d) => d.payload)).toEqual([
      {
        title: 'New order',
        body: expect.stringContaining('was just booked'),
        url: `${server.services.config.publicUrl}/admin/orders/${order.id}`,
        tag: expect.stringMatching(/^staff-/),
      },
    ]);
    expect(deliveredTo(casesOnly.id)).toEqual([]);
    expect(deliveredTo(elsewhere.id)).toEqual([]);
  });

  it('refuses an event that is not on the list', async () => {
    n += 1;
    const email = `push-staff-${n}@example.com`;
    await createStaffUser(server.services.db, {
      email,
      name: 'Sam',
      role: 'staff',
      password: 'Staff@12345',
    });
    const token = await staffLogIn(server, email, 'Staff@12345');
    const subscription = pushService.subscribe();
    const reply = await server.api<{ code: string }>('/api/admin/push/subscriptions', {
      body: { endpoint: subscription.endpoint, keys: subscription.keys, events: ['everything'] },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('validation-failed');
  });
});
