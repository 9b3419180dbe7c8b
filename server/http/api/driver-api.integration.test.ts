import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { insertOrderRow, logIn, signUp, staffLogIn } from '@tests/helpers/fixtures';
import { phonePhotoWithGps } from '@tests/helpers/photos';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { createStaffSession, createStaffUser } from '../../auth/staff';
import {
  auditLog,
  orderEvents,
  orderItems,
  orders,
  outbox,
  photos,
  slotUsage,
  stopEvents,
} from '../../db/schema';
import { chooseNewWindow, rescheduleOptions } from '../../use-cases/driver/reschedule';
import { londonWindow } from '@shared/london-time';
import { reschedulePagePath, rescheduleTokenValid } from '../../auth/reschedule-access';

/*
 * The driver's view over HTTP (issue 16, decision 026): the day's stops in route order with
 * what the driver needs; collect, not home and deliver, each idempotent by its key (a retry
 * returns the first result and writes nothing more); a done stop refuses another action (409);
 * bad input is a 422; the customer's link after "not home" moves the order once; a driver
 * reaches nothing else of the back office, and a customer nothing of this.
 */

// Tuesday 24 November 2026, 07:00 in London (GMT). A test acting on a stop of a later day
// moves the clock to that day first (issue 31: a stop is acted on from its day only).
const now = new Date('2026-11-24T07:00:00Z');
let clock = now;
const at = (iso: string) => new Date(iso);
const password = 'driver-password-123';

type Stop = {
  stop_no: number;
  order_id: string;
  order_no: string;
  leg: string;
  window: string;
  customer_name: string;
  phone_number: string;
  door: string;
  address: string;
  notes: string;
  collect: { items: { name: string; quantity: number }[]; not_sure: boolean } | null;
  deliver: { items: number; bags: number | null } | null;
  state: string;
  state_label: string;
  actions: string[];
  call_url: string;
  navigate_url: string;
};
type ActionReply = { message: string; event_id: number; replayed: boolean; stop: Stop };

describe('driver API', () => {
  let server: TestServer;
  let driver: string;
  let signedIn: string;
  let driverId: string;
  let driverCookie: string;
  let staff: string;

  beforeAll(async () => {
    server = await startTestServer({ now: () => clock, pages: 'build' });
    const db = server.database.db;
    const dan = await createStaffUser(db, {
      email: 'dan@shop.test',
      name: 'Dan Driver',
      role: 'driver',
      password,
    });
    await createStaffUser(db, {
      email: 'sam@shop.test',
      name: 'Sam Staff',
      role: 'staff',
      password,
    });
    driver = await staffLogIn(server, 'dan@shop.test', password);
    signedIn = driver;
    driverId = dan.id;
    driverCookie = `cl_staff=${driver}`;
    staff = await staffLogIn(server, 'sam@shop.test', password);
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

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const stops = (date: string, token = driver) =>
    server.api<{ date: string; stops: Stop[] }>(`/api/admin/driver/stops?date=${date}`, {
      headers: as(token),
    });
  const post = (path: string, body: unknown, token = driver) =>
    server.api<ActionReply & { errors?: Record<string, string[]> }>(path, {
      method: 'POST',
      body,
      headers: as(token),
    });
  const collect = (orderId: string, body: Record<string, unknown>) =>
    post(`/api/admin/driver/stops/${orderId}/collect`, body);
  const notHome = (orderId: string, key: string, leg: 'collection' | 'delivery') =>
    post(`/api/admin/driver/stops/${orderId}/not-home`, { idempotency_key: key, leg });
  const deliver = (orderId: string, body: Record<string, unknown>) =>
    post(`/api/admin/driver/stops/${orderId}/deliver`, body);
  const mails = (template: string, to: string) =>
    server.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, template), eq(outbox.toAddress, to)));

  it('lists the day in route order (slot, then postcode) with what the driver needs', async () => {
    const db = server.database.db;
    const w9 = await insertOrderRow(db, at('2026-11-24T09:00:00Z'), {
      customerName: 'West Nine',
      postcode: 'W9 2HD',
      doorNumber: 'Flat 2',
      customerNotes: 'Ring twice',
      addressJson: { line1: '12 Elgin Avenue', town: 'London', postcode: 'W9 2HD' },
      estimate: {
        items: [{ serviceId: 1, name: 'Shirt', quantity: 3, unitPricePence: 350 }],
        notSure: false,
      },
    });
    const nw6 = await insertOrderRow(db, at('2026-11-24T09:00:00Z'), {
      customerName: 'North West Six',
      postcode: 'NW6 1AA',
      fullAddress: '3 Kilburn Lane\nLondon\nNW6 1AA',
    });
    const early = await insertOrderRow(db, at('2026-11-24T08:00:00Z'), {
      customerName: 'Early Bird',
      postcode: 'W2 4DX',
    });
    const delivery = await insertOrderRow(db, at('2026-11-22T09:00:00Z'), {
      customerName: 'Delivered To',
      status: 'ready',
      deliveryStartsAt: at('2026-11-24T10:00:00Z'),
      deliveryEndsAt: at('2026-11-24T11:00:00Z'),
    });
    await db
      .insert(orderItems)
      .values([{ orderId: delivery.id, itemName: 'Suit', quantity: 2, unitPricePence: 1500 }]);
    await insertOrderRow(db, at('2026-11-24T09:00:00Z'), { status: 'cancelled' });
    await insertOrderRow(db, at('2026-11-22T09:00:00Z'), {
      status: 'cleaning',
      deliveryStartsAt: at('2026-11-24T10:00:00Z'),
      deliveryEndsAt: at('2026-11-24T11:00:00Z'),
    });

    const reply = await server.api<{ date: string; stops: Stop[] }>('/api/admin/driver/stops', {
      headers: as(driver),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.date).toBe('2026-11-24');
    expect(reply.body.stops.map((s) => [s.stop_no, s.customer_name, s.leg])).toEqual([
      [1, 'Early Bird', 'collection'],
      [2, 'North West Six', 'collection'],
      [3, 'West Nine', 'collection'],
      [4, 'Delivered To', 'delivery'],
    ]);
    const [, second, third, fourth] = reply.body.stops;
    expect(third).toMatchObject({
      order_id: w9.id,
      window: '09:00–10:00',
      phone_number: '07700900123',
      // The address says "Flat 2, 12 Elgin Avenue": the door is not shown twice (issue 31).
      door: '',
      first_line: 'Flat 2, 12 Elgin Avenue',
      notes: 'Ring twice',
      collect: { items: [{ name: 'Shirt', quantity: 3 }], not_sure: false },
      deliver: null,
      state: 'to-do',
      actions: ['collect', 'not-home'],
      call_url: 'tel:07700900123',
    });
    expect(third!.address).toContain('W9 2HD');
    expect(third!.navigate_url).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
    );
    expect(second).toMatchObject({ order_id: nw6.id, collect: { items: [], not_sure: true } });
    expect(fourth).toMatchObject({
      order_id: delivery.id,
      deliver: { items: 2, bags: null },
      state_label: 'Ready to load',
      actions: ['not-home'],
    });
    expect(early.id).toBe(reply.body.stops[0]!.order_id);
  });

  it('collects once: a retry with the same key returns the first result and writes nothing', async () => {
    const db = server.database.db;
    await setClock('2026-11-25T07:00:00Z');
    const order = await insertOrderRow(db, at('2026-11-25T09:00:00Z'), {
      customerEmail: 'collect@example.com',
    });
    const body = {
      idempotency_key: 'collect-key-0001',
      bags: 2,
      seal_numbers: ['S-1', 'S-2'],
      note: 'Left by the door',
    };
    const first = await collect(order.id, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      replayed: false,
      stop: { state: 'collected', state_label: 'Collected, 2 bags', actions: [] },
    });
    const again = await collect(order.id, body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, event_id: first.body.event_id });

    const events = await db.select().from(stopEvents).where(eq(stopEvents.orderId, order.id));
    expect(events.map((e) => [e.outcome, e.bags, e.sealNumbers, e.note])).toEqual([
      ['collected', 2, ['S-1', 'S-2'], 'Left by the door'],
    ]);
    const moves = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(moves.map((m) => m.toStatus)).toEqual(['collected']);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('collected');
    expect(await mails('order-collected', 'collect@example.com')).toHaveLength(1);

    const other = await notHome(order.id, 'not-home-after-collect', 'collection');
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/was already collected \(2 bags\)/);
    const second = await collect(order.id, { ...body, idempotency_key: 'collect-key-0002' });
    expect(second.status).toBe(409);
    const reused = await post(`/api/admin/driver/stops/${order.id}/deliver`, {
      idempotency_key: 'collect-key-0001',
      left_with: 'Concierge',
    });
    expect(reused.status).toBe(409);
  });

  it('collects and delivers with photos the driver took of that order', async () => {
    const db = server.database.db;
    const upload = async (orderId: string, kind: string) => {
      const reply = await fetch(`${server.url}/api/admin/orders/${orderId}/photos?kind=${kind}`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/jpeg', Authorization: `Bearer ${driver}` },
        body: new Uint8Array(await phonePhotoWithGps(800, 600)),
      });
      expect(reply.status).toBe(201);
      return ((await reply.json()) as { photo: { id: string } }).photo.id;
    };
    await setClock('2026-11-25T07:00:00Z');
    const pickup = await insertOrderRow(db, at('2026-11-25T11:00:00Z'));
    const photoId = await upload(pickup.id, 'collection');
    const collected = await collect(pickup.id, {
      idempotency_key: 'photo-collect-1',
      bags: 1,
      photo_id: photoId,
    });
    expect(collected.status).toBe(200);
    const dropoff = await insertOrderRow(db, at('2026-11-22T09:00:00Z'), {
      status: 'out for delivery',
      deliveryStartsAt: at('2026-11-25T12:00:00Z'),
      deliveryEndsAt: at('2026-11-25T13:00:00Z'),
    });
    const proof = await upload(dropoff.id, 'delivery');
    expect(
      (
        await deliver(dropoff.id, {
          idempotency_key: 'photo-deliver-x',
          left_with: 'Safe place',
          photo_id: photoId,
        })
      ).status,
    ).toBe(422);
    const delivered = await deliver(dropoff.id, {
      idempotency_key: 'photo-deliver-1',
      left_with: 'Safe place',
      photo_id: proof,
    });
    expect(delivered.status).toBe(200);
    const events = await db
      .select({ orderId: stopEvents.orderId, photoId: stopEvents.photoId })
      .from(stopEvents)
      .where(inArray(stopEvents.orderId, [pickup.id, dropoff.id]));
    expect(events).toEqual(
      expect.arrayContaining([
        { orderId: pickup.id, photoId },
        { orderId: dropoff.id, photoId: proof },
      ]),
    );
    expect(events).toHaveLength(2);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const db = server.database.db;
    await setClock('2026-11-25T07:00:00Z');
    const order = await insertOrderRow(db, at('2026-11-25T10:00:00Z'));
    const elsewhere = await insertOrderRow(db, at('2026-11-25T10:00:00Z'));
    const [foreign] = await db
      .insert(photos)
      .values({
        orderId: elsewhere.id,
        kind: 'collection',
        storageKey: `test/${elsewhere.id}.jpg`,
        contentType: 'image/jpeg',
        width: 10,
        height: 10,
        sizeBytes: 100,
      })
      .returning();
    const base = { idempotency_key: 'bad-input-0001', bags: 1 };
    for (const body of [
      { ...base, bags: 0 },
      { ...base, bags: 31 },
      { ...base, bags: 1.5 },
      { bags: 2 },
      { ...base, seal_numbers: ['x'.repeat(41)] },
      { ...base, photo_id: 'not-a-uuid' },
    ]) {
      const reply = await collect(order.id, body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
    }
    const photoElsewhere = await collect(order.id, { ...base, photo_id: foreign!.id });
    expect(photoElsewhere.status).toBe(422);
    expect(photoElsewhere.body.message).toBe(
      'That photo does not belong to this order. Please take it again.',
    );
    expect((await notHome(order.id, 'bad-leg-0001', 'sideways' as 'delivery')).status).toBe(422);
    expect((await collect('00000000-0000-4000-8000-000000000000', { ...base })).status).toBe(404);
    expect(await db.select().from(stopEvents).where(eq(stopEvents.orderId, order.id))).toEqual([]);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('pending');
  });

  it('not home: one e-mail with a link; the customer moves the collection once', async () => {
    const db = server.database.db;
    // Thursday 26 November, 09:00, holding one pickup and one delivery place.
    await setClock('2026-11-26T07:00:00Z');
    const order = await insertOrderRow(db, at('2026-11-26T09:00:00Z'), {
      customerEmail: 'missed@example.com',
    });
    await db.insert(slotUsage).values([
      { kind: 'pickup', startsAt: order.pickupStartsAt, taken: 1 },
      { kind: 'delivery', startsAt: order.deliveryStartsAt, taken: 1 },
    ]);
    const first = await notHome(order.id, 'not-home-key-01', 'collection');
    expect(first.status).toBe(200);
    expect(first.body.stop).toMatchObject({ state: 'not-home', actions: ['collect'] });
    const retry = await notHome(order.id, 'not-home-key-01', 'collection');
    expect(retry.body).toMatchObject({ replayed: true, event_id: first.body.event_id });
    expect((await notHome(order.id, 'not-home-key-02', 'collection')).status).toBe(409);

    const sent = await mails('stop-not-home-collection', 'missed@example.com');
    expect(sent).toHaveLength(1);
    const link = /https?:\/\/[^\s"]+\/order\/reschedule\/[^\s"]+/.exec(sent[0]!.textBody)![0];
    const url = new URL(link.replace(/&amp;/g, '&'));
    expect(url.pathname).toBe(`/order/reschedule/${order.id}`);
    const caller = {
      orderId: order.id,
      eventId: Number(url.searchParams.get('stop')),
      token: url.searchParams.get('t'),
    };

    await expect(rescheduleOptions(server.services, { ...caller, token: 'nope' })).rejects.toThrow(
      /not valid or has expired/,
    );
    const other = await insertOrderRow(db, at('2026-11-26T09:00:00Z'));
    await expect(
      rescheduleOptions(server.services, { ...caller, orderId: other.id }),
    ).rejects.toThrow(/not valid or has expired/);

    // The tracking page says nobody was home and offers the same choice.
    type Tracked = { tracking: { steps: { key: string; link?: { href: string } | null }[] } };
    const tracked = async () =>
      (await server.api<Tracked>(`/api/track/${order.trackingToken}`)).body.tracking.steps.find(
        (step) => step.key === 'not-home',
      );
    // Through the page that e-mails the signed link (decision 043), never the link itself.
    expect((await tracked())!.link!.href).toBe(
      `/track/${order.trackingToken}/change?leg=collection`,
    );
    expect(rescheduleTokenValid(server.services, caller, caller.token, server.services.now())).toBe(
      true,
    );

    const options = await rescheduleOptions(server.services, caller);
    expect(options.leg).toBe('collection');
    const chosen = options.windows.find((w) => w.slot_date === '2026-11-27')!;
    expect(chosen).toBeDefined();
    const moved = await chooseNewWindow(server.services, {
      ...caller,
      date: chosen.slot_date,
      start: chosen.slot_start,
    });
    expect(moved.leg).toBe('collection');
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.pickupStartsAt.toISOString()).toBe(chosen.starts_at);
    // The delivery (Saturday 28th, 09:00) came before the turnaround: moved after it.
    expect(row!.deliveryStartsAt.getTime()).toBeGreaterThanOrEqual(
      Date.parse(chosen.ends_at) + 24 * 3_600_000,
    );
    const usage = await db.select().from(slotUsage);
    const taken = (kind: 'pickup' | 'delivery', when: Date) =>
      usage.find((u) => u.kind === kind && u.startsAt.getTime() === when.getTime())?.taken ?? 0;
    expect(taken('pickup', order.pickupStartsAt)).toBe(0);
    expect(taken('pickup', row!.pickupStartsAt)).toBe(1);
    // Confirmed in writing with both windows; and audited as the customer's doing.
    const [confirmation] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'new-collection-window'));
    expect(confirmation).toMatchObject({ toAddress: order.customerEmail });
    expect(confirmation!.textBody).toContain(londonWindow(row!.pickupStartsAt, row!.pickupEndsAt));
    expect(confirmation!.textBody).toContain(
      `Delivery: ${londonWindow(row!.deliveryStartsAt, row!.deliveryEndsAt)}`,
    );
    expect(confirmation!.textBody).toContain(`/track/${order.trackingToken}`);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'stop.new-window.collection'));
    expect(entry).toMatchObject({ entityId: order.id, staffId: null });
    await expect(
      chooseNewWindow(server.services, {
        ...caller,
        date: chosen.slot_date,
        start: chosen.slot_start,
      }),
    ).rejects.toThrow(/already been chosen/);
    // Chosen: the missed visit stays on the tracking page, without the link.
    expect((await tracked())?.link ?? null).toBeNull();

    // On its new day the stop is to do again.
    await setClock(`${chosen.slot_date}T06:00:00Z`);
    const day = await stops(chosen.slot_date);
    expect(day.body.stops.find((s) => s.order_id === order.id)).toMatchObject({
      state: 'to-do',
      actions: ['collect', 'not-home'],
    });
  });

  it('starts deliveries and delivers once; a delivery nobody was home for goes back', async () => {
    const db = server.database.db;
    await setClock('2026-11-27T07:00:00Z');
    const window = {
      status: 'ready' as const,
      deliveryStartsAt: at('2026-11-27T10:00:00Z'),
      deliveryEndsAt: at('2026-11-27T11:00:00Z'),
    };
    const home = await insertOrderRow(db, at('2026-11-24T09:00:00Z'), {
      ...window,
      customerEmail: 'home@example.com',
    });
    const away = await insertOrderRow(db, at('2026-11-24T09:00:00Z'), window);

    const early = await deliver(home.id, {
      idempotency_key: 'deliver-early-1',
      left_with: 'Concierge',
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Start deliveries first/);

    const started = await server.api<{ started: string[] }>('/api/admin/driver/start-deliveries', {
      body: { date: '2026-11-27' },
      headers: as(driver),
    });
    expect(started.status).toBe(200);
    expect(started.body.started).toHaveLength(2);
    const again = await server.api<{ started: string[] }>('/api/admin/driver/start-deliveries', {
      body: { date: '2026-11-27' },
      headers: as(driver),
    });
    expect(again.body.started).toEqual([]);

    expect(
      (await deliver(home.id, { idempotency_key: 'deliver-key-001', left_with: ' ' })).status,
    ).toBe(422);
    const body = { idempotency_key: 'deliver-key-001', left_with: 'Concierge', note: 'Desk' };
    const done = await deliver(home.id, body);
    expect(done.status).toBe(200);
    expect(done.body.stop).toMatchObject({
      state: 'delivered',
      state_label: 'Delivered: Concierge',
    });
    const retry = await deliver(home.id, body);
    expect(retry.body).toMatchObject({ replayed: true, event_id: done.body.event_id });
    expect(await mails('order-delivered', 'home@example.com')).toHaveLength(1);
    expect((await notHome(home.id, 'deliver-then-miss', 'delivery')).status).toBe(409);

    const missed = await notHome(away.id, 'delivery-miss-01', 'delivery');
    expect(missed.status).toBe(200);
    const [back] = await db.select().from(orders).where(eq(orders.id, away.id));
    expect(back!.status).toBe('ready');
    const day = await stops('2026-11-27');
    expect(day.body.stops.find((s) => s.order_id === away.id)).toMatchObject({
      state: 'not-home',
      actions: [],
    });

    // The customer's link offers delivery windows only (no express), and moves the delivery.
    const caller = {
      orderId: away.id,
      eventId: missed.body.event_id,
      token: new URL(
        reschedulePagePath(server.services, {
          orderId: away.id,
          eventId: missed.body.event_id,
          at: now,
        }),
        'http://x',
      ).searchParams.get('t'),
    };
    const options = await rescheduleOptions(server.services, caller);
    expect(options.leg).toBe('delivery');
    expect(options.windows.every((w) => w.slot_start !== 'express')).toBe(true);
    const chosen = options.windows.find((w) => w.slot_date === '2026-11-30')!;
    await chooseNewWindow(server.services, {
      ...caller,
      date: chosen.slot_date,
      start: chosen.slot_start,
    });
    const [later] = await db.select().from(orders).where(eq(orders.id, away.id));
    expect(later!.deliveryStartsAt.toISOString()).toBe(chosen.starts_at);
    expect(later!.pickupStartsAt).toEqual(away.pickupStartsAt);
    await setClock('2026-11-30T06:00:00Z');
    const moved = await stops('2026-11-30');
    expect(moved.body.stops.find((s) => s.order_id === away.id)).toMatchObject({
      state: 'to-do',
      actions: ['not-home'],
    });
  });

  it('the owner adds a driver, who signs in to the driver view', async () => {
    await createStaffUser(server.database.db, {
      email: 'olive@shop.test',
      name: 'Olive Owner',
      role: 'owner',
      password,
    });
    const owner = await staffLogIn(server, 'olive@shop.test', password);
    const added = await server.api('/api/admin/staff', {
      body: { name: 'Nina Newdriver', email: 'nina@shop.test', role: 'driver', password },
      headers: as(owner),
    });
    expect(added.status).toBe(201);
    const nina = await staffLogIn(server, 'nina@shop.test', password);
    expect((await stops('2026-11-24', nina)).status).toBe(200);
    expect((await server.api('/api/admin/board', { headers: as(nina) })).status).toBe(403);
  });

  it('a driver reaches only the driver view; staff may open it; a customer gets nothing', async () => {
    for (const path of [
      '/api/admin/orders',
      '/api/admin/board',
      '/api/admin/staff',
      '/api/admin/catalogue/services',
      '/api/admin/customers',
    ]) {
      const reply = await server.api<{ message: string }>(path, { headers: as(driver) });
      expect(reply.status, path).toBe(403);
      expect(reply.body.message).toBe('Drivers can use the driver’s view only.');
    }
    expect((await server.api('/api/admin/me', { headers: as(driver) })).status).toBe(200);
    expect((await stops('2026-11-24', staff)).status).toBe(200);

    await signUp(server, { email: 'nosy@example.com' });
    const customer = await logIn(server, 'nosy@example.com');
    expect((await stops('2026-11-24', customer)).status).toBe(403);
    expect((await server.api('/api/admin/driver/stops')).status).toBe(401);

    for (const page of ['/admin', '/admin/orders', '/admin/staff', '/admin/customers']) {
      const reply = await fetch(`${server.url}${page}`, {
        headers: { cookie: driverCookie },
        redirect: 'manual',
      });
      expect(reply.status, page).toBe(302);
      expect(reply.headers.get('location'), page).toBe('/admin/driver');
    }
    const own = await fetch(`${server.url}/admin/driver?date=2026-11-24`, {
      headers: { cookie: driverCookie },
    });
    expect(own.status).toBe(200);
    const html = await own.text();
    expect(html).toContain('My stops');
    expect(html).toContain('West Nine');
    expect(html).not.toContain('>Orders<');
  });
});
