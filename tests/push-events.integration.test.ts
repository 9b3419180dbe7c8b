import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONDON_ZONE } from '@shared/london-time';
import { formatGbp } from '@shared/money';
import { pushMessages, type orders } from '../server/db/schema';
import { notifyCustomer, type NotifyEvent } from '../server/use-cases/messages/notify-customer';
import { PUSH_EVENTS } from '../server/use-cases/messages/push-templates';
import { DAILY_TEXT_CAP } from '../server/use-cases/messages/text-rules';
import { trackingUrl } from '../server/use-cases/mail/tracking-link';
import type { TestServer } from '@tests/helpers/test-server';
import { insertOrderRow, lastLondonNoon, logIn, signUp } from '@tests/helpers/fixtures';
import {
  startPushTestServer,
  stopPushTestServer,
  type PushServiceStandIn,
} from '@tests/helpers/push-service-stand-in';

/*
 * Push for the same events as the texts (issue 33, decision 064): every event notifyCustomer
 * texts about reaches the customer's device too, through web-push to the local push service
 * (VAPID checked, payload decrypted), with its tracking page, under the texts' quiet hours and
 * daily cap. 060 covered booking confirmed, on the way, not home, intake report, approval,
 * ready and delivered; 064 adds the collection reminder, invoice, failed charge, out for
 * delivery and uncollected tickets.
 */

let server: TestServer;
let pushService: PushServiceStandIn;
let n = 0;

beforeAll(async () => {
  ({ server, pushService } = await startPushTestServer());
});
afterAll(() => stopPushTestServer(server, pushService));

/** A customer with a device turned on through the API, texted by SMS too. */
async function customerWithDevice() {
  n += 1;
  const email = `push-events-${n}@example.com`;
  const { customer_id } = await signUp(server, { email });
  const token = await logIn(server, email);
  const subscription = pushService.subscribe();
  const reply = await server.api('/api/account/push/subscriptions', {
    body: { endpoint: subscription.endpoint, keys: subscription.keys, expirationTime: null },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(reply.status).toBe(201);
  return { id: customer_id, subscriptionId: subscription.id };
}

type Order = typeof orders.$inferSelect;

async function orderOf(customerId: string, at: Date): Promise<Order> {
  return insertOrderRow(server.services.db, at, { customerId, amountDuePence: 2450 });
}

async function notify(order: Order, now: Date, event: NotifyEvent) {
  await server.services.db.transaction((tx) =>
    notifyCustomer(tx, { order, now, ...event }, server.services),
  );
}

const pushesOf = (customerId: string) =>
  server.services.db
    .select()
    .from(pushMessages)
    .where(eq(pushMessages.customerId, customerId))
    .orderBy(pushMessages.id);

/** Waits until the push service decrypted `count` notifications for the device (15 s). */
async function deliveredTo(subscriptionId: string, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const got = pushService.delivered.filter((d) => d.subscriptionId === subscriptionId);
    if (got.length >= count) return got;
    if (Date.now() > deadline) throw new Error(`${got.length} of ${count} pushes arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const london = (iso: string) => DateTime.fromISO(iso, { zone: LONDON_ZONE }).toJSDate();

/** The events 064 added, with what each says. */
const added: { event: NotifyEvent; title: RegExp; body: RegExp }[] = [
  {
    event: { event: 'collection-reminder' },
    title: /collection tomorrow/,
    body: /tomorrow, \d\d:\d\d-\d\d:\d\d/,
  },
  {
    event: { event: 'invoice' },
    title: /invoice is ready/,
    body: new RegExp(`${formatGbp(2450).replace('.', '\\.')} due`),
  },
  {
    event: { event: 'charge-failed' },
    title: /payment needed/,
    body: /could not charge your card/,
  },
  { event: { event: 'out-for-delivery' }, title: /out for delivery/, body: /comes/ },
  {
    event: { event: 'counter-uncollected', branchName: 'Maida Vale', days: 30 },
    title: /waiting for you/,
    body: /ready at our Maida Vale branch for 30 days/,
  },
];

describe('push for every event the customer is texted about (decision 064)', () => {
  it('lists every text event', () => {
    expect([...PUSH_EVENTS].sort()).toEqual(
      [
        'approval-needed',
        'booking-confirmed',
        'charge-failed',
        'collection-reminder',
        'counter-ready',
        'counter-uncollected',
        'delivered',
        'driver-on-the-way',
        'intake-report',
        'invoice',
        'not-home',
        'out-for-delivery',
      ].sort(),
    );
  });

  it('sends the collection reminder, invoice, failed charge, out for delivery and uncollected to the device, each opening the tracking page', async () => {
    const { id, subscriptionId } = await customerWithDevice();
    const noon = lastLondonNoon();
    const order = await orderOf(id, noon);
    for (const { event } of added) await notify(order, noon, event);
    const got = await deliveredTo(subscriptionId, added.length);
    expect(pushService.refused).toEqual([]);
    const url = trackingUrl(server.services.config.publicUrl, order.trackingToken);
    type Payload = { title: string; body: string; url: string; tag: string };
    const payloads = got.map((d) => d.payload as Payload);
    for (const { event, title, body } of added) {
      const payload = payloads.find((p) => title.test(p.title));
      expect(payload, event.event).toBeDefined();
      expect(payload!.body).toMatch(body);
      expect(payload!.url).toBe(url);
      expect(payload!.tag).toMatch(/^order-/);
    }
    const rows = await pushesOf(id);
    expect(rows.map((r) => r.template).sort()).toEqual(added.map((a) => a.event.event).sort());
  });

  it('the same event twice (a retried job) notifies once, as its text', async () => {
    const { id } = await customerWithDevice();
    const noon = lastLondonNoon();
    const order = await orderOf(id, noon);
    await notify(order, noon, { event: 'out-for-delivery' });
    await notify(order, noon, { event: 'out-for-delivery' });
    await notify(order, noon, { event: 'collection-reminder' });
    await notify(order, noon, { event: 'collection-reminder' });
    expect((await pushesOf(id)).map((r) => r.template)).toEqual([
      'out-for-delivery',
      'collection-reminder',
    ]);
  });

  it('holds them in quiet hours until 08:00 London, as the texts', async () => {
    const { id } = await customerWithDevice();
    const late = london('2026-11-24T22:30');
    const order = await orderOf(id, late);
    await notify(order, late, { event: 'invoice' });
    await notify(order, late, { event: 'counter-uncollected', branchName: 'Maida Vale', days: 60 });
    const rows = await pushesOf(id);
    expect(rows.map((r) => r.sendAfter)).toEqual([
      london('2026-11-25T08:00'),
      london('2026-11-25T08:00'),
    ]);
  });

  it(`counts them under the daily cap of ${DAILY_TEXT_CAP}: the next is written as suppressed`, async () => {
    const { id } = await customerWithDevice();
    const day = london('2026-11-24T10:00');
    const order = await orderOf(id, day);
    for (let i = 0; i < DAILY_TEXT_CAP; i += 1) {
      await notify(order, london(`2026-11-24T1${i}:00`), { event: 'invoice' });
    }
    await notify(order, london('2026-11-24T16:00'), { event: 'charge-failed' });
    const rows = await pushesOf(id);
    expect(rows).toHaveLength(DAILY_TEXT_CAP + 1);
    expect(rows.at(-1)).toMatchObject({
      template: 'charge-failed',
      status: 'suppressed',
      statusReason: 'daily cap',
    });
  });
});
