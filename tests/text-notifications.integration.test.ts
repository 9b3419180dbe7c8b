import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { customers, orders, outbox, textMessages, textOptOuts } from '../server/db/schema';
import { moveOrder } from '../server/use-cases/orders/move-order';
import { recordStopAction, startDeliveries } from '../server/use-cases/driver/stop-actions';
import { rescheduleOptions } from '../server/use-cases/driver/reschedule';
import { queueCollectionReminders } from '../server/use-cases/messages/collection-reminders';
import { notifyCustomer, type NotifyEvent } from '../server/use-cases/messages/notify-customer';
import { DAILY_TEXT_CAP } from '../server/use-cases/messages/text-rules';

// Monday 23 November 2026, 10:00 London (GMT): outside quiet hours.
const now = new Date('2026-11-23T10:00:00Z');
const HOUR = 3_600_000;
const ADA = '+447700900123';

describe('notifyCustomer and the events that call it', () => {
  let world: UseCaseWorld;
  const db = () => world.database.db;

  beforeAll(async () => {
    world = await createUseCaseWorld(now);
  });
  afterAll(async () => {
    await world?.close();
  });
  beforeEach(async () => {
    await db().delete(textMessages);
    await db().delete(textOptOuts);
    await db().delete(outbox);
    await db()
      .update(customers)
      .set({ notifySms: true, notifyWhatsapp: false, notifyEmail: true })
      .where(eq(customers.id, world.customerId));
  });

  const textsOf = (orderId: string) =>
    db().select().from(textMessages).where(eq(textMessages.orderId, orderId));
  const setOrder = (id: string, values: Partial<typeof orders.$inferInsert>) =>
    db().update(orders).set(values).where(eq(orders.id, id));
  const mailOf = (template: string) =>
    db().select().from(outbox).where(eq(outbox.template, template));

  const events: NotifyEvent[] = [
    { event: 'booking-confirmed' },
    { event: 'collection-reminder' },
    { event: 'driver-on-the-way', expected: { from: now, to: new Date(now.getTime() + HOUR / 2) } },
    { event: 'not-home', leg: 'collection', eventId: 1, at: now },
    { event: 'intake-report' },
    {
      event: 'approval-needed',
      approval: {
        id: randomUUID(),
        expiresAt: new Date(now.getTime() + 48 * HOUR),
        amountPence: 9900,
      },
    },
    { event: 'invoice' },
    { event: 'charge-failed' },
    { event: 'out-for-delivery' },
    { event: 'delivered' },
  ];

  it('each event queues its text for a customer with SMS on, with the order link', async () => {
    for (const what of events) {
      // One order per event, so the daily cap (per customer) is not what this test sees.
      await db().delete(textMessages);
      const order = await world.insertOrder(new Date(now.getTime() + 30 * HOUR));
      const result = await notifyCustomer(db(), { order, now, ...what }, world.services);
      expect(result.text, what.event).toBe('queued');
      const [text, ...more] = await textsOf(order.id);
      expect(more, what.event).toEqual([]);
      expect(text).toMatchObject({
        direction: 'outbound',
        channel: 'sms',
        purpose: 'service',
        template: what.event,
        phone: ADA,
        status: 'queued',
        customerId: world.customerId,
      });
      expect(text!.body).toContain(`LD-${order.orderNo}`);
      // The tracking link; the approval and payment texts link to their own signed page.
      const link =
        what.event === 'approval-needed'
          ? `/order/approval/${what.approval.id}?t=`
          : what.event === 'invoice' || what.event === 'charge-failed'
            ? `/order/payment/${order.id}`
            : what.event === 'collection-reminder'
              ? `/order/reschedule/${order.id}?c=`
              : what.event === 'not-home'
                ? `/order/reschedule/${order.id}?stop=1&t=`
                : `/track/${order.trackingToken}`;
      expect(text!.body, what.event).toContain(link);
      expect(text!.sendAfter).toEqual(now);
    }
  });

  it('no text for a customer with texts off (and the e-mail goes)', async () => {
    await db()
      .update(customers)
      .set({ notifySms: false })
      .where(eq(customers.id, world.customerId));
    const order = await world.insertOrder(new Date(now.getTime() + 30 * HOUR));
    for (const what of events) {
      const result = await notifyCustomer(db(), { order, now, ...what }, world.services);
      expect(result).toEqual({ text: 'none', email: true });
    }
    expect(await textsOf(order.id)).toEqual([]);
  });

  it('WhatsApp when the customer chose it; none for an order without a customer', async () => {
    await db()
      .update(customers)
      .set({ notifyWhatsapp: true })
      .where(eq(customers.id, world.customerId));
    const order = await world.insertOrder(new Date(now.getTime() + 30 * HOUR));
    await notifyCustomer(db(), { order, now, event: 'delivered' }, world.services);
    expect((await textsOf(order.id)).map((t) => t.channel)).toEqual(['whatsapp']);
    const orphan = await insertOrderRow(db(), new Date(now.getTime() + 30 * HOUR));
    expect(
      await notifyCustomer(db(), { order: orphan, now, event: 'delivered' }, world.services),
    ).toEqual({ text: 'none', email: true });
  });

  it('moving an order out for delivery and delivered texts it; e-mail off drops the status e-mail', async () => {
    const order = await world.insertOrder(new Date(now.getTime() - 48 * HOUR), 'collected');
    await db()
      .update(customers)
      .set({ notifyEmail: true })
      .where(eq(customers.id, world.customerId));
    await moveOrder(world.services, { actor: world.actor, orderId: order.id, to: 'cleaning' });
    await moveOrder(world.services, { actor: world.actor, orderId: order.id, to: 'ready' });
    await moveOrder(world.services, {
      actor: world.actor,
      orderId: order.id,
      to: 'out for delivery',
    });
    expect(await mailOf('order-out-for-delivery')).toHaveLength(1);
    await db()
      .update(customers)
      .set({ notifyEmail: false })
      .where(eq(customers.id, world.customerId));
    const moved = await moveOrder(world.services, {
      actor: world.actor,
      orderId: order.id,
      to: 'delivered',
    });
    expect(moved.emailed).toBe(false);
    expect(await mailOf('order-delivered')).toEqual([]);
    expect((await textsOf(order.id)).map((t) => t.template).sort()).toEqual([
      'delivered',
      'out-for-delivery',
    ]);
  });

  it('e-mail off but the text suppressed (opted out): the e-mail still goes', async () => {
    await db()
      .update(customers)
      .set({ notifyEmail: false })
      .where(eq(customers.id, world.customerId));
    await db().insert(textOptOuts).values({ phone: ADA });
    const order = await world.insertOrder(new Date(now.getTime() - 48 * HOUR), 'collected');
    await setOrder(order.id, { status: 'out for delivery' });
    await moveOrder(world.services, { actor: world.actor, orderId: order.id, to: 'delivered' });
    const [text] = await textsOf(order.id);
    expect(text).toMatchObject({ status: 'suppressed', statusReason: 'opted out' });
    expect(await mailOf('order-delivered')).toHaveLength(1);
  });

  it('not home: the text links straight to the signed page to choose a new time, as the e-mail', async () => {
    const order = await world.insertOrder(new Date(now.getTime() - HOUR / 2));
    await recordStopAction(world.services, {
      action: 'not-home',
      leg: 'collection',
      actor: world.actor,
      orderId: order.id,
      idempotencyKey: randomUUID(),
    });
    const [text] = await textsOf(order.id);
    expect(text!.template).toBe('not-home');
    const [mail] = await mailOf('stop-not-home-collection');
    const emailed = /http:\/\/localhost:3000\/order\/reschedule\/\S+/.exec(mail!.textBody)![0];
    expect(text!.body).toContain(`Choose a new time here: ${emailed}`);
    // The link works: it opens this order's missed collection.
    const url = new URL(emailed);
    expect(url.pathname).toBe(`/order/reschedule/${order.id}`);
    const options = await rescheduleOptions(world.services, {
      orderId: order.id,
      eventId: Number(url.searchParams.get('stop')),
      token: url.searchParams.get('t'),
    });
    expect(options.reason).toBe('missed');
  });

  it('driver on the way: the first stop when deliveries start, the next after each delivery', async () => {
    // Two of today's deliveries, ready: 14:00 W9 and 14:00 W2 (W2 comes first on the route).
    const today = new Date('2026-11-23T14:00:00Z');
    const make = async (postcode: string) => {
      const order = await world.insertOrder(new Date(today.getTime() - 48 * HOUR), 'collected');
      await setOrder(order.id, {
        status: 'ready',
        postcode,
        deliveryStartsAt: today,
        deliveryEndsAt: new Date(today.getTime() + HOUR),
      });
      return order;
    };
    const w9 = await make('W9 2HD');
    const w2 = await make('W2 4DX');
    await startDeliveries(world.services, { actor: world.actor, date: '2026-11-23' });
    const onTheWay = () =>
      db().select().from(textMessages).where(eq(textMessages.template, 'driver-on-the-way'));
    expect((await onTheWay()).map((t) => t.orderId)).toEqual([w2.id]);
    expect((await onTheWay())[0]!.body).toContain('expected between 14:00 and 14:30');
    await recordStopAction(world.services, {
      action: 'deliver',
      leftWith: 'Customer',
      note: '',
      actor: world.actor,
      orderId: w2.id,
      idempotencyKey: randomUUID(),
    });
    expect((await onTheWay()).map((t) => t.orderId).sort()).toEqual([w2.id, w9.id].sort());
    // Each out-for-delivery order was told so too.
    expect(
      await db()
        .select()
        .from(textMessages)
        .where(and(eq(textMessages.template, 'out-for-delivery'), eq(textMessages.orderId, w9.id))),
    ).toHaveLength(1);
  });

  it('quiet hours: held until 08:00, except the driver on the way', async () => {
    const late = new Date('2026-11-23T22:30:00Z');
    const services = { ...world.services, now: () => late };
    const order = await world.insertOrder(new Date(now.getTime() + 30 * HOUR));
    await notifyCustomer(db(), { order, now: late, event: 'invoice' }, services);
    await notifyCustomer(
      db(),
      { order, now: late, event: 'driver-on-the-way', expected: { from: late, to: late } },
      services,
    );
    const byTemplate = Object.fromEntries((await textsOf(order.id)).map((t) => [t.template, t]));
    expect(byTemplate.invoice!.sendAfter).toEqual(new Date('2026-11-24T08:00:00Z'));
    expect(byTemplate['driver-on-the-way']!.sendAfter).toEqual(late);
  });

  it(`the daily cap: the ${DAILY_TEXT_CAP + 1}th text of a London day is suppressed; held texts count on their morning`, async () => {
    const order = await world.insertOrder(new Date(now.getTime() + 30 * HOUR));
    for (let i = 0; i < DAILY_TEXT_CAP; i += 1) {
      expect(
        (await notifyCustomer(db(), { order, now, event: 'invoice' }, world.services)).text,
      ).toBe('queued');
    }
    expect(
      (await notifyCustomer(db(), { order, now, event: 'invoice' }, world.services)).text,
    ).toBe('suppressed');
    const rows = await textsOf(order.id);
    expect(rows.filter((t) => t.status === 'suppressed').map((t) => t.statusReason)).toEqual([
      'daily cap',
    ]);
    // At 22:00 the text waits for tomorrow 08:00 and counts on tomorrow: it goes.
    const late = new Date('2026-11-23T22:00:00Z');
    expect(
      (await notifyCustomer(db(), { order, now: late, event: 'invoice' }, world.services)).text,
    ).toBe('queued');
  });

  it('STOP then an event: suppressed as opted out', async () => {
    await db().insert(textOptOuts).values({ phone: ADA });
    const order = await world.insertOrder(new Date(now.getTime() + 30 * HOUR));
    const result = await notifyCustomer(db(), { order, now, event: 'invoice' }, world.services);
    expect(result.text).toBe('suppressed');
    const [text] = await textsOf(order.id);
    expect(text).toMatchObject({ status: 'suppressed', statusReason: 'opted out' });
  });

  it('the evening reminder: tomorrow’s collections, once each, with SKIP and the signed change link', async () => {
    // Monday 30 November, 18:00: Tuesday's collections (no other test's orders are then).
    const evening = new Date('2026-11-30T18:00:00Z');
    const services = { ...world.services, now: () => evening };
    const order = await world.insertOrder(new Date('2026-12-01T09:00:00Z'));
    const later = await world.insertOrder(new Date('2026-12-02T09:00:00Z'));
    expect(await queueCollectionReminders(services)).toBe(1);
    expect(await queueCollectionReminders(services)).toBe(0);
    const [text] = await textsOf(order.id);
    expect(text!.dedupeKey).toBe(`collection-reminder:${order.id}`);
    expect(text!.body).toContain('tomorrow, 09:00-10:00. Reply SKIP to cancel');
    // The signed link to change the collection itself (the tracking page offers none).
    const link = /http:\/\/localhost:3000\/order\/reschedule\/\S+/.exec(text!.body)![0];
    const url = new URL(link);
    const options = await rescheduleOptions(services, {
      orderId: order.id,
      leg: 'collection',
      windowMs: Number(url.searchParams.get('c')),
      token: url.searchParams.get('t'),
    });
    expect(options.reason).toBe('change');
    expect(await textsOf(later.id)).toEqual([]);
  });
});
