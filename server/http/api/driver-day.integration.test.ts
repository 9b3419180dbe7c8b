import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { insertOrderRow, staffLogIn } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { createStaffSession, createStaffUser } from '../../auth/staff';
import {
  auditLog,
  customers,
  shopSettings,
  orderEvents,
  orders,
  outbox,
  stopEvents,
  textMessages,
} from '../../db/schema';

/*
 * Issue 31, the driver's day over HTTP: a stop is acted on from the London day its window
 * starts, never before. Start deliveries, collect, deliver and not home for a later day are
 * refused with the reason (409), and nothing is written, e-mailed or texted; at London midnight
 * the same calls go through. The list shows a later day's stops without actions. The door is
 * not shown twice, and a collection whose card step was abandoned is flagged.
 */

// Tuesday 24 November 2026, 07:00 in London (GMT).
const now = new Date('2026-11-24T07:00:00Z');
let clock = now;
const at = (iso: string) => new Date(iso);
const password = 'driver-password-123';

type Stop = {
  order_id: string;
  door: string;
  address: string;
  first_line: string;
  later_day: boolean;
  card_not_saved: boolean;
  actions: string[];
};

describe('the driver acts on a stop from its day only (issue 31)', () => {
  let server: TestServer;
  let driver: string;
  let signedIn: string;
  let driverId: string;

  beforeAll(async () => {
    server = await startTestServer({ now: () => clock, pages: 'build' });
    const dan = await createStaffUser(server.database.db, {
      email: 'dan@shop.test',
      name: 'Dan Driver',
      role: 'driver',
      password,
    });
    driver = await staffLogIn(server, 'dan@shop.test', password);
    signedIn = driver;
    driverId = dan.id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(() => {
    clock = now;
    driver = signedIn;
  });
  /** The clock moves to `iso`; the driver signs in then (a staff session lasts 12 hours). */
  async function setClock(iso: string) {
    clock = new Date(iso);
    driver = (await createStaffSession(server.database.db, driverId, clock)).token;
  }

  const post = (path: string, body: unknown) =>
    server.api<{ message: string; started?: string[] }>(path, {
      method: 'POST',
      body,
      headers: { Authorization: `Bearer ${driver}` },
    });
  const stops = async (date: string) =>
    (
      await server.api<{ stops: Stop[] }>(`/api/admin/driver/stops?date=${date}`, {
        headers: { Authorization: `Bearer ${driver}` },
      })
    ).body.stops;

  /** A customer who chose texts, so a text would be written if anything were sent. */
  async function textingCustomer(email: string) {
    const [customer] = await server.database.db
      .insert(customers)
      .values({ name: 'Beth Early', email, phone: '07700900456', notifySms: true })
      .returning();
    return customer!;
  }

  async function nothingWritten(orderIds: string[], email: string) {
    const db = server.database.db;
    expect(await db.select().from(stopEvents).where(inArray(stopEvents.orderId, orderIds))).toEqual(
      [],
    );
    expect(
      await db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)),
    ).toEqual([]);
    expect(
      await db.select().from(textMessages).where(inArray(textMessages.orderId, orderIds)),
    ).toEqual([]);
    expect(await db.select().from(outbox).where(eq(outbox.toAddress, email))).toEqual([]);
    expect(await db.select().from(auditLog).where(inArray(auditLog.entityId, orderIds))).toEqual(
      [],
    );
  }

  it('refuses tomorrow at 23:59:59 with the reason, writes and sends nothing; goes at midnight', async () => {
    const db = server.database.db;
    const beth = await textingCustomer('beth@example.com');
    // Wednesday 25 November: a collection at 10:00 and a delivery at 13:00.
    const pickup = await insertOrderRow(db, at('2026-11-25T10:00:00Z'), {
      customerId: beth.id,
      customerName: 'Beth Early',
      customerEmail: 'beth@example.com',
    });
    const dropoff = await insertOrderRow(db, at('2026-11-23T10:00:00Z'), {
      customerId: beth.id,
      customerName: 'Beth Early',
      customerEmail: 'beth@example.com',
      status: 'ready',
      deliveryStartsAt: at('2026-11-25T13:00:00Z'),
      deliveryEndsAt: at('2026-11-25T14:00:00Z'),
    });
    // Staff moved another of Wednesday's deliveries out on the board a day early.
    const early = await insertOrderRow(db, at('2026-11-23T11:00:00Z'), {
      customerId: beth.id,
      customerName: 'Beth Early',
      customerEmail: 'beth@example.com',
      status: 'out for delivery',
      deliveryStartsAt: at('2026-11-25T15:00:00Z'),
      deliveryEndsAt: at('2026-11-25T16:00:00Z'),
    });
    const ids = [pickup.id, dropoff.id, early.id];

    for (const instant of ['2026-11-24T07:00:00Z', '2026-11-24T23:59:59Z']) {
      await setClock(instant);
      const start = await post('/api/admin/driver/start-deliveries', { date: '2026-11-25' });
      expect(start.status, instant).toBe(409);
      expect(start.body.message).toBe('Deliveries for Wed 25 Nov can be started on that day only.');
      const collect = await post(`/api/admin/driver/stops/${pickup.id}/collect`, {
        idempotency_key: `early-collect-${instant}`,
        bags: 1,
      });
      expect(collect.status).toBe(409);
      expect(collect.body.message).toMatch(
        /^Order \S+ is due on Wed 25 Nov: it can be collected, delivered or marked not home on that day only\.$/,
      );
      const deliver = await post(`/api/admin/driver/stops/${early.id}/deliver`, {
        idempotency_key: `early-deliver-${instant}`,
        left_with: 'Concierge',
      });
      expect(deliver.status).toBe(409);
      expect(deliver.body.message).toMatch(/is due on Wed 25 Nov/);
      for (const [id, leg] of [
        [pickup.id, 'collection'],
        [dropoff.id, 'delivery'],
      ] as const) {
        const missed = await post(`/api/admin/driver/stops/${id}/not-home`, {
          idempotency_key: `early-miss-${leg}-${instant}`,
          leg,
        });
        expect(missed.status).toBe(409);
      }
    }
    await nothingWritten(ids, 'beth@example.com');
    const statuses = await db.select().from(orders).where(inArray(orders.id, ids));
    expect(new Map(statuses.map((o) => [o.id, o.status]))).toEqual(
      new Map([
        [pickup.id, 'pending'],
        [dropoff.id, 'ready'],
        [early.id, 'out for delivery'],
      ]),
    );

    // Today's list of tomorrow: every stop shown, none with an action yet.
    const tomorrow = await stops('2026-11-25');
    expect(tomorrow.filter((s) => ids.includes(s.order_id))).toHaveLength(3);
    for (const stop of tomorrow) expect(stop).toMatchObject({ later_day: true, actions: [] });
    const page = await fetch(`${server.url}/admin/driver?date=2026-11-25`, {
      headers: { cookie: `cl_staff=${driver}` },
    });
    const html = await page.text();
    expect(html).toContain('Beth Early');
    expect(html).not.toContain('Start deliveries (');
    expect(html).toContain('open on the day');

    // London midnight: Wednesday's stops are today's.
    await setClock('2026-11-25T00:00:00Z');
    const started = await post('/api/admin/driver/start-deliveries', { date: '2026-11-25' });
    expect(started.status).toBe(200);
    expect(started.body.started).toHaveLength(1);
    const collected = await post(`/api/admin/driver/stops/${pickup.id}/collect`, {
      idempotency_key: 'on-the-day-collect',
      bags: 1,
    });
    expect(collected.status).toBe(200);
    const delivered = await post(`/api/admin/driver/stops/${early.id}/deliver`, {
      idempotency_key: 'on-the-day-deliver',
      left_with: 'Concierge',
    });
    expect(delivered.status).toBe(200);
    const today = await stops('2026-11-25');
    expect(today.find((s) => s.order_id === dropoff.id)).toMatchObject({
      later_day: false,
      actions: ['deliver', 'not-home'],
    });
  });

  it('in summer time the London day starts at 23:00 UTC', async () => {
    const db = server.database.db;
    // Saturday 11 July 2026, 09:00 BST (08:00 UTC).
    const pickup = await insertOrderRow(db, at('2026-07-11T08:00:00Z'));
    await setClock('2026-07-10T22:59:59Z'); // Friday 23:59:59 BST
    const refused = await post(`/api/admin/driver/stops/${pickup.id}/collect`, {
      idempotency_key: 'summer-collect-1',
      bags: 2,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/is due on Sat 11 Jul/);
    await setClock('2026-07-10T23:00:00Z'); // Saturday 00:00 BST, still Friday in UTC
    const done = await post(`/api/admin/driver/stops/${pickup.id}/collect`, {
      idempotency_key: 'summer-collect-2',
      bags: 2,
    });
    expect(done.status).toBe(200);
  });

  it('the door is said once; an abandoned card step is flagged on the list', async () => {
    const db = server.database.db;
    const house = await insertOrderRow(db, at('2026-11-24T11:00:00Z'), {
      customerName: 'House Number',
      doorNumber: '7',
      addressJson: { line1: '7 Elgin Avenue', town: 'London', postcode: 'W9 2HD' },
      fullAddress: '7 Elgin Avenue\nLondon\nW9 2HD',
    });
    const flat = await insertOrderRow(db, at('2026-11-24T11:00:00Z'), {
      customerName: 'Old Record',
      doorNumber: 'Flat 2',
      fullAddress: '7 Elgin Avenue\nLondon\nW9 2HD',
    });
    const unpaid = await insertOrderRow(db, at('2026-11-24T12:00:00Z'), {
      customerName: 'Card Abandoned',
      status: 'pending payment',
    });
    const list = await stops('2026-11-24');
    const of = (id: string) => list.find((s) => s.order_id === id)!;
    expect(of(house.id)).toMatchObject({
      door: '',
      first_line: '7 Elgin Avenue',
      card_not_saved: false,
    });
    expect(of(house.id).address).toBe('7 Elgin Avenue, London, W9 2HD');
    // The stored text lacks the flat: it is shown, above the address.
    expect(of(flat.id)).toMatchObject({ door: 'Flat 2', first_line: '7 Elgin Avenue' });
    expect(of(unpaid.id)).toMatchObject({ card_not_saved: true, actions: ['collect', 'not-home'] });

    const page = await fetch(`${server.url}/admin/driver`, {
      headers: { cookie: `cl_staff=${driver}` },
    });
    const html = await page.text();
    expect(html).toContain('Card not saved — collect payment details');
    expect(html).not.toMatch(/>7<\/p>/);
  });

  it('the owner may leave orders whose card was never saved off the list (stored, audited)', async () => {
    const db = server.database.db;
    await createStaffUser(db, {
      email: 'olive@shop.test',
      name: 'Olive Owner',
      role: 'owner',
      password,
    });
    const owner = await staffLogIn(server, 'olive@shop.test', password);
    const settings = (token: string, body?: unknown) =>
      server.api<{ driver_hides_card_not_saved: boolean; message: string }>(
        '/api/admin/settings',
        body === undefined
          ? { headers: { Authorization: `Bearer ${token}` } }
          : { method: 'PUT', body, headers: { Authorization: `Bearer ${token}` } },
      );
    const unpaid = await insertOrderRow(db, at('2026-11-24T15:00:00Z'), {
      customerName: 'Una Unpaid',
      status: 'pending payment',
    });
    const booked = await insertOrderRow(db, at('2026-11-24T15:00:00Z'), {
      customerName: 'Bea Booked',
    });
    const listed = async () => (await stops('2026-11-24')).map((s) => s.order_id);

    expect((await settings(owner)).body.driver_hides_card_not_saved).toBe(false);
    expect(await listed()).toEqual(expect.arrayContaining([unpaid.id, booked.id]));

    expect((await settings(driver)).status).toBe(403);
    expect((await settings(driver, { driver_hides_card_not_saved: true })).status).toBe(403);
    const bad = await settings(owner, { driver_hides_card_not_saved: 'yes' });
    expect(bad.status).toBe(422);
    expect(await db.select().from(shopSettings)).toEqual([]);

    const hidden = await settings(owner, { driver_hides_card_not_saved: true });
    expect(hidden.status).toBe(200);
    expect(hidden.body.message).toBe(
      'Saved. Orders whose card was never saved are left off the driver’s list.',
    );
    expect(await db.select().from(shopSettings)).toEqual([
      {
        id: 1,
        driverHidesCardNotSaved: true,
        counterUnpaidWithoutReason: false,
        counterCollectElsewhere: false,
      },
    ]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'settings.shop'));
    expect(entry).toMatchObject({ entity: 'shop_settings', entityId: '1' });
    expect(await listed()).toContain(booked.id);
    expect(await listed()).not.toContain(unpaid.id);
    const page = await fetch(`${server.url}/admin/driver`, {
      headers: { cookie: `cl_staff=${driver}` },
    });
    expect(await page.text()).not.toContain('Una Unpaid');

    // The owner's page shows the choice; a driver is sent back to their stops.
    const own = await fetch(`${server.url}/admin/settings`, {
      headers: { cookie: `cl_staff=${owner}` },
    });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('Leave them off the driver’s list until a card is saved');
    const theirs = await fetch(`${server.url}/admin/settings`, {
      headers: { cookie: `cl_staff=${driver}` },
      redirect: 'manual',
    });
    expect(theirs.headers.get('location')).toBe('/admin/driver');

    expect((await settings(owner, { driver_hides_card_not_saved: false })).status).toBe(200);
    expect(await listed()).toContain(unpaid.id);
  });
});
