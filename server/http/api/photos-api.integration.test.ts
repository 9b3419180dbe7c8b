import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { insertOrderRow, logIn, signUp, staffLogIn } from '@tests/helpers/fixtures';
import { gpsTagsOf, phonePhotoWithGps, pixelAt } from '@tests/helpers/photos';
import { startS3StandIn, type S3StandIn } from '@tests/helpers/s3-stand-in';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { createStaffUser } from '../../auth/staff';
import { auditLog, garments, orderGarments, orders, photos, storedObjects } from '../../db/schema';

/*
 * Photos of issue 16 over HTTP (decision 025): a phone photo with a GPS position comes back
 * from its signed URL upright, resized and without any metadata; the URL works only as signed
 * and until it expires; only staff, owner and drivers upload, and bad input is a clear 4xx.
 */

let clock = new Date('2026-11-24T10:00:00Z');
const password = 'staff-password-123';

type Uploaded = { status: true; photo: { id: string; url: string } };

function uploader(server: TestServer) {
  return async (
    orderId: string,
    bytes: Buffer,
    options: {
      token?: string | null;
      kind?: string;
      orderGarmentId?: number;
      contentType?: string;
    } = {},
  ) => {
    const query = new URLSearchParams({ kind: options.kind ?? 'collection' });
    if (options.orderGarmentId !== undefined) {
      query.set('order_garment_id', String(options.orderGarmentId));
    }
    const reply = await fetch(`${server.url}/api/admin/orders/${orderId}/photos?${query}`, {
      method: 'POST',
      headers: {
        'Content-Type': options.contentType ?? 'image/jpeg',
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: new Uint8Array(bytes),
    });
    const body = (await reply.json()) as Uploaded & { message?: string };
    return { status: reply.status, body };
  };
}

async function fetchPhoto(server: TestServer, url: string) {
  const reply = await fetch(new URL(url, server.url));
  return {
    status: reply.status,
    headers: reply.headers,
    bytes: Buffer.from(await reply.arrayBuffer()),
  };
}

describe('photos API (embedded store)', () => {
  let server: TestServer;
  let staff: string;
  let driver: string;
  let upload: ReturnType<typeof uploader>;

  beforeAll(async () => {
    server = await startTestServer({ now: () => clock });
    for (const [email, role] of [
      ['sam@shop.test', 'staff'],
      ['dan@shop.test', 'driver'],
    ] as const) {
      await createStaffUser(server.database.db, { email, name: email, role, password });
    }
    staff = await staffLogIn(server, 'sam@shop.test', password);
    driver = await staffLogIn(server, 'dan@shop.test', password);
    upload = uploader(server);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const newOrder = () => insertOrderRow(server.database.db, new Date('2026-11-25T09:00:00Z'));

  it('strips the GPS position and all metadata, turns the photo upright and resizes it', async () => {
    const original = await phonePhotoWithGps(2400, 1200);
    const before = await sharp(original).metadata();
    // The photo really carries a GPS position (latitude and longitude with their refs).
    expect(gpsTagsOf(before.exif)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    expect(before.orientation).toBe(6);
    expect([before.width, before.height]).toEqual([2400, 1200]);

    const order = await newOrder();
    const reply = await upload(order.id, original, { token: staff });
    expect(reply.status).toBe(201);
    expect(reply.body.photo.url).toMatch(
      new RegExp(`^/photos/${reply.body.photo.id}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`),
    );

    const served = await fetchPhoto(server, reply.body.photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const after = await sharp(served.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('TestCam'))).toBe(false);
    // Upright (portrait, as the phone was held) and within 1600 px: 2400×1200 turned is
    // 1200×2400, fitted to 800×1600. The red top of the stored pixels is now on the right.
    expect([after.width, after.height]).toEqual([800, 1600]);
    const right = await pixelAt(served.bytes, 780, 800);
    const left = await pixelAt(served.bytes, 20, 800);
    expect(right[0]).toBeGreaterThan(200);
    expect(right[2]).toBeLessThan(60);
    expect(left[2]).toBeGreaterThan(200);
    expect(left[0]).toBeLessThan(60);

    const [row] = await server.database.db
      .select()
      .from(photos)
      .where(eq(photos.id, reply.body.photo.id));
    expect(row).toMatchObject({ orderId: order.id, kind: 'collection', width: 800, height: 1600 });
    expect(row!.sizeBytes).toBe(served.bytes.length);
  });

  it('never enlarges a small photo', async () => {
    const small = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#22aa44' },
    })
      .png()
      .toBuffer();
    const order = await newOrder();
    const reply = await upload(order.id, small, { token: staff, contentType: 'image/png' });
    expect(reply.status).toBe(201);
    const served = await fetchPhoto(server, reply.body.photo.url);
    const after = await sharp(served.bytes).metadata();
    expect([after.format, after.width, after.height]).toEqual(['jpeg', 300, 200]);
  });

  describe('signed URLs', () => {
    let first: Uploaded['photo'];
    let second: Uploaded['photo'];

    beforeAll(async () => {
      const order = await newOrder();
      const bytes = await phonePhotoWithGps(400, 300);
      first = (await upload(order.id, bytes, { token: staff })).body.photo;
      second = (await upload(order.id, bytes, { token: staff, kind: 'delivery' })).body.photo;
    });

    it('refuses a tampered signature (403)', async () => {
      const url = new URL(first.url, server.url);
      const sig = url.searchParams.get('sig')!;
      url.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
      const reply = await fetchPhoto(server, url.toString());
      expect(reply.status).toBe(403);
      expect(reply.bytes.toString()).toBe('This photo link is not valid.');
      expect(reply.headers.get('cache-control')).toBe('private, no-store');
    });

    it('refuses a later expiry with the same signature (403)', async () => {
      const url = new URL(first.url, server.url);
      url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      expect((await fetchPhoto(server, url.toString())).status).toBe(403);
    });

    it('refuses another photo’s signature (403)', async () => {
      const theirs = new URL(second.url, server.url);
      const reply = await fetchPhoto(server, `/photos/${first.id}${theirs.search}`);
      expect(reply.status).toBe(403);
      expect((await fetchPhoto(server, second.url)).status).toBe(200);
    });

    it('refuses a URL without its signature (403)', async () => {
      expect((await fetchPhoto(server, `/photos/${first.id}`)).status).toBe(403);
    });

    it('works until it expires, then is refused with a short text (403)', async () => {
      const expires = Number(new URL(first.url, server.url).searchParams.get('expires'));
      const start = clock;
      try {
        // At least two hours, at most three (rounded up to the hour so pages can be cached).
        expect(expires * 1000 - clock.getTime()).toBeGreaterThanOrEqual(2 * 3600_000);
        expect(expires * 1000 - clock.getTime()).toBeLessThanOrEqual(3 * 3600_000);
        clock = new Date(expires * 1000 - 1000);
        const late = await fetchPhoto(server, first.url);
        expect(late.status).toBe(200);
        expect(late.headers.get('cache-control')).toBe('private, max-age=1');
        clock = new Date(expires * 1000);
        const expired = await fetchPhoto(server, first.url);
        expect(expired.status).toBe(403);
        expect(expired.bytes.toString()).toMatch(/expired/);
      } finally {
        clock = start;
      }
    });
  });

  describe('who may upload', () => {
    it('refuses without a staff session (401)', async () => {
      const order = await newOrder();
      const reply = await upload(order.id, await phonePhotoWithGps(200, 100), { token: null });
      expect(reply.status).toBe(401);
      expect(
        await server.database.db.select().from(photos).where(eq(photos.orderId, order.id)),
      ).toEqual([]);
    });

    it('refuses a customer’s session', async () => {
      await signUp(server, { email: 'grace@example.com' });
      const customer = await logIn(server, 'grace@example.com');
      const order = await newOrder();
      const reply = await upload(order.id, await phonePhotoWithGps(200, 100), { token: customer });
      expect([401, 403]).toContain(reply.status);
    });

    it('lets a driver upload (proof of collection)', async () => {
      const order = await newOrder();
      const reply = await upload(order.id, await phonePhotoWithGps(200, 100), { token: driver });
      expect(reply.status).toBe(201);
    });
  });

  describe('bad input', () => {
    it('refuses what is not an image (422), whatever its declared type', async () => {
      const order = await newOrder();
      const reply = await upload(order.id, Buffer.from('%PDF-1.7 not a photo at all'), {
        token: staff,
      });
      expect(reply.status).toBe(422);
      expect(reply.body.message).toMatch(/not a photo we can read/);
      const truncated = (await phonePhotoWithGps(400, 300)).subarray(0, 200);
      expect((await upload(order.id, truncated, { token: staff })).status).toBe(422);
      expect(
        await server.database.db.select().from(photos).where(eq(photos.orderId, order.id)),
      ).toEqual([]);
    });

    it('refuses a body over 10 MB (413)', async () => {
      const order = await newOrder();
      const reply = await upload(order.id, Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), {
        token: staff,
      });
      expect(reply.status).toBe(413);
      expect(reply.body.message).toBeTruthy();
    });

    it('answers 404 for an unknown order', async () => {
      const bytes = await phonePhotoWithGps(200, 100);
      const unknown = await upload('0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b', bytes, { token: staff });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('We could not find that order.');
    });

    it('refuses an unknown kind (400)', async () => {
      const order = await newOrder();
      const reply = await upload(order.id, await phonePhotoWithGps(200, 100), {
        token: staff,
        kind: 'selfie',
      });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/kind of photo/);
    });

    it('keeps the garment a photo shows, which must be one of the order’s (422 otherwise)', async () => {
      const db = server.database.db;
      const [mine, other] = [await newOrder(), await newOrder()];
      const [garment] = await db.insert(garments).values({}).returning();
      const [theirs] = await db
        .insert(orderGarments)
        .values({
          orderId: other.id,
          garmentId: garment!.id,
          tagNumber: 'T-0001',
          itemName: 'Coat',
          unitPricePence: 1500,
        })
        .returning();
      const [ours] = await db
        .insert(orderGarments)
        .values({
          orderId: mine.id,
          garmentId: garment!.id,
          tagNumber: 'T-0002',
          itemName: 'Coat',
          unitPricePence: 1500,
        })
        .returning();
      const bytes = await phonePhotoWithGps(200, 100);
      const refused = await upload(mine.id, bytes, {
        token: staff,
        kind: 'garment',
        orderGarmentId: theirs!.id,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/not one of this order/);
      const kept = await upload(mine.id, bytes, {
        token: staff,
        kind: 'damage',
        orderGarmentId: ours!.id,
      });
      expect(kept.status).toBe(201);
      const [row] = await db.select().from(photos).where(eq(photos.id, kept.body.photo.id));
      expect(row).toMatchObject({ kind: 'damage', orderGarmentId: ours!.id });
    });
  });

  describe('removing photos', () => {
    const remove = (id: string, token: string | null) =>
      server.api<{ message: string }>(`/api/admin/photos/${id}`, {
        method: 'DELETE',
        ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      });
    const stored = async (id: string) => {
      const [row] = await server.database.db.select().from(photos).where(eq(photos.id, id));
      return row ? server.services.storage.get(row.storageKey) : null;
    };

    it('staff remove a garment photo taken by mistake: row, image and an audit entry', async () => {
      const db = server.database.db;
      const order = await insertOrderRow(db, clock, { status: 'cleaning' });
      const [garment] = await db.insert(garments).values({}).returning();
      const [line] = await db
        .insert(orderGarments)
        .values({
          orderId: order.id,
          garmentId: garment!.id,
          tagNumber: 'R-1',
          itemName: 'Shirt',
          unitPricePence: 350,
        })
        .returning();
      const bytes = await phonePhotoWithGps(200, 100);
      const wrong = await upload(order.id, bytes, {
        token: staff,
        kind: 'garment',
        orderGarmentId: line!.id,
      });
      const [row] = await db.select().from(photos).where(eq(photos.id, wrong.body.photo.id));
      expect(await stored(wrong.body.photo.id)).not.toBeNull();

      // A driver may not; nor may a visitor.
      expect((await remove(wrong.body.photo.id, driver)).status).toBe(403);
      expect((await remove(wrong.body.photo.id, null)).status).toBe(401);

      const removed = await remove(wrong.body.photo.id, staff);
      expect(removed.status).toBe(200);
      expect(removed.body.message).toBe('Photo removed.');
      expect(await db.select().from(photos).where(eq(photos.id, wrong.body.photo.id))).toEqual([]);
      expect(await server.services.storage.get(row!.storageKey)).toBeNull();
      const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'photo.remove'));
      expect(audit).toContainEqual(
        expect.objectContaining({
          entityId: order.id,
          before: expect.objectContaining({ photoId: wrong.body.photo.id, tag: 'R-1' }),
        }),
      );
      // Gone is gone: 404, and an id that is not one is a clear 400.
      expect((await remove(wrong.body.photo.id, staff)).status).toBe(404);
      expect((await remove('not-a-photo', staff)).status).toBe(400);
    });

    it('removing a garment removes its images from storage too', async () => {
      const db = server.database.db;
      const order = await insertOrderRow(db, clock, { status: 'cleaning' });
      const [garment] = await db.insert(garments).values({}).returning();
      const [line] = await db
        .insert(orderGarments)
        .values({
          orderId: order.id,
          garmentId: garment!.id,
          tagNumber: 'R-3',
          itemName: 'Shirt',
          unitPricePence: 350,
        })
        .returning();
      const photo = await upload(order.id, await phonePhotoWithGps(200, 100), {
        token: staff,
        kind: 'damage',
        orderGarmentId: line!.id,
      });
      const [row] = await db.select().from(photos).where(eq(photos.id, photo.body.photo.id));
      const removed = await server.api(`/api/admin/orders/${order.id}/garments/${line!.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${staff}` },
      });
      expect(removed.status).toBe(200);
      expect(await db.select().from(photos).where(eq(photos.id, row!.id))).toEqual([]);
      expect(await server.services.storage.get(row!.storageKey)).toBeNull();
    });

    it('the driver’s photos stay, and so do the photos of an order that left the shop', async () => {
      const db = server.database.db;
      const order = await insertOrderRow(db, clock, { status: 'collected' });
      const proof = await upload(order.id, await phonePhotoWithGps(200, 100), {
        token: driver,
        kind: 'collection',
      });
      const kept = await remove(proof.body.photo.id, staff);
      expect(kept.status).toBe(409);
      expect(kept.body.message).toMatch(/driver’s record/);

      const [garment] = await db.insert(garments).values({}).returning();
      const [line] = await db
        .insert(orderGarments)
        .values({
          orderId: order.id,
          garmentId: garment!.id,
          tagNumber: 'R-2',
          itemName: 'Shirt',
          unitPricePence: 350,
        })
        .returning();
      const shirt = await upload(order.id, await phonePhotoWithGps(200, 100), {
        token: staff,
        kind: 'garment',
        orderGarmentId: line!.id,
      });
      await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
      const closed = await remove(shirt.body.photo.id, staff);
      expect(closed.status).toBe(409);
      expect(closed.body.message).toMatch(/is delivered/);
      expect(await stored(shirt.body.photo.id)).not.toBeNull();
    });
  });
});

describe('photos API with the S3 store', () => {
  let s3: S3StandIn;
  let server: TestServer;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    server = await startTestServer({
      now: () => clock,
      env: {
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.url,
        S3_REGION: 'eu-west-2',
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
    });
    await createStaffUser(server.database.db, {
      email: 'sam@shop.test',
      name: 'Sam',
      role: 'owner',
      password,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  it('keeps the photo in the bucket and serves it from there, without its GPS position', async () => {
    expect(server.services.storage.kind).toBe('s3');
    const token = await staffLogIn(server, 'sam@shop.test', password);
    const order = await insertOrderRow(server.database.db, new Date('2026-11-25T09:00:00Z'));
    const reply = await uploader(server)(order.id, await phonePhotoWithGps(), { token });
    expect(reply.status).toBe(201);
    const key = `photos/${order.id}/${reply.body.photo.id}.jpg`;
    expect(s3.calls).toContain(`PUT /${s3.bucket}/${key}`);
    expect(s3.objects.get(key)?.contentType).toBe('image/jpeg');
    expect(await server.database.db.select().from(storedObjects)).toEqual([]);

    const served = await fetchPhoto(server, reply.body.photo.url);
    expect(served.status).toBe(200);
    expect(s3.calls).toContain(`GET /${s3.bucket}/${key}`);
    expect(Buffer.compare(served.bytes, s3.objects.get(key)!.bytes)).toBe(0);
    expect((await sharp(served.bytes).metadata()).exif).toBeUndefined();
  });
});
