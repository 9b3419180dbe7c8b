import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { phonePhotoWithGps } from '@tests/helpers/photos';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { photos, storedObjects } from '../../db/schema';
import { openPhoto } from './open-photo';
import { photoUrl } from './photo-url';
import { storePhoto } from './store-photo';

/*
 * The photo contract of issue 16 as other use-cases call it: storePhoto keeps a prepared
 * photo and its row (or nothing), photoUrl signs a URL that openPhoto honours until it expires.
 */

const now = new Date('2026-11-24T10:20:00Z');

describe('storePhoto, photoUrl, openPhoto', () => {
  let world: UseCaseWorld;
  beforeAll(async () => {
    world = await createUseCaseWorld(now);
  });
  afterAll(async () => {
    await world?.close();
  });

  const query = (url: string) => {
    const search = new URL(url, 'http://x').searchParams;
    return { expires: search.get('expires') ?? undefined, sig: search.get('sig') ?? undefined };
  };

  it('keeps the photo in the store and its row; its URL opens it until it expires', async () => {
    const order = await world.insertOrder(new Date('2026-11-25T09:00:00Z'), 'collected');
    const { id } = await storePhoto(world.services, {
      orderId: order.id,
      kind: 'garment',
      bytes: await phonePhotoWithGps(600, 400),
      staffId: world.actor.id,
    });
    const [row] = await world.database.db.select().from(photos).where(eq(photos.id, id));
    expect(row).toMatchObject({
      orderId: order.id,
      kind: 'garment',
      uploadedBy: world.actor.id,
      contentType: 'image/jpeg',
      width: 400,
      height: 600,
      createdAt: now,
    });
    const [stored] = await world.database.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.key, row!.storageKey));
    expect(stored?.sizeBytes).toBe(row!.sizeBytes);

    const url = await photoUrl(world.services, id);
    // 10:20 + 2 hours, rounded up to the hour.
    expect(url).toMatch(
      new RegExp(`^/photos/${id}\\?expires=${Date.parse('2026-11-24T13:00:00Z') / 1000}&sig=`),
    );
    const opened = await openPhoto(world.services, { id, ...query(url) });
    expect(opened.contentType).toBe('image/jpeg');
    expect(opened.bytes.length).toBe(row!.sizeBytes);

    const later = { ...world.services, now: () => new Date('2026-11-24T13:00:00Z') };
    await expect(openPhoto(later, { id, ...query(url) })).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/expired/),
    });
  });

  it('writes nothing when the row cannot be written (the bytes are removed again)', async () => {
    const order = await world.insertOrder(new Date('2026-11-25T09:00:00Z'));
    const before = await world.database.db.select().from(storedObjects);
    await expect(
      storePhoto(world.services, {
        orderId: order.id,
        kind: 'collection',
        bytes: await phonePhotoWithGps(300, 200),
        // No such staff member: the row's reference fails after the bytes were stored.
        staffId: '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b',
      }),
    ).rejects.toThrow();
    expect(await world.database.db.select().from(storedObjects)).toEqual(before);
    expect(
      await world.database.db.select().from(photos).where(eq(photos.orderId, order.id)),
    ).toEqual([]);
  });
});
