import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  customers,
  garments,
  orderCases,
  orderGarments,
  orderMessages,
  orders,
  outbox,
  photos,
  stopEvents,
  storedObjects,
} from '../../db/schema';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { phonePhotoWithGps } from '@tests/helpers/photos';
import { storePhoto } from '../photos/store-photo';
import { deleteAccountWithCode, sendDeletionCode } from './delete-account';

/*
 * Issue 16 and the right to erasure: deleting an account also erases what the chain of
 * custody holds about the person. Their orders' photos (the doorstep, the garments) go, rows
 * and images; what they wrote (messages, cases) and what the driver wrote about their home
 * (where a bag was left, seal numbers, notes) and pocket finds are blanked. Another
 * customer's order keeps everything.
 */

const now = new Date('2026-11-24T10:00:00Z');
let world: UseCaseWorld;

beforeAll(async () => {
  world = await createUseCaseWorld(now);
});
afterAll(async () => {
  await world?.close();
});

/** An order with a garment, a doorstep photo, a garment photo, a message, a case, a stop. */
async function orderWithCustody(customerId: string | null) {
  const db = world.database.db;
  const order = await world.insertOrder(new Date('2026-11-20T09:00:00Z'), 'collected');
  if (customerId !== world.customerId) {
    await db.update(orders).set({ customerId }).where(eq(orders.id, order.id));
  }
  const [garment] = await db.insert(garments).values({ customerId }).returning();
  const [worn] = await db
    .insert(orderGarments)
    .values({
      orderId: order.id,
      garmentId: garment!.id,
      tagNumber: 'T-1',
      itemName: 'Shirt',
      unitPricePence: 350,
      pocketNote: 'A letter addressed to Ada Lovelace',
      damageNote: 'Small stain on the cuff',
    })
    .returning();
  const bytes = await phonePhotoWithGps(400, 300);
  const doorstep = await storePhoto(world.services, {
    orderId: order.id,
    kind: 'delivery',
    bytes,
    staffId: world.actor.id,
  });
  const shirt = await storePhoto(world.services, {
    orderId: order.id,
    kind: 'garment',
    bytes,
    staffId: world.actor.id,
    orderGarmentId: worn!.id,
  });
  await db.insert(stopEvents).values({
    orderId: order.id,
    leg: 'collection',
    outcome: 'collected',
    windowStartsAt: order.pickupStartsAt,
    bags: 2,
    sealNumbers: ['S-77'],
    note: 'Gate code 1234',
    leftWith: '',
    photoId: doorstep.id,
    idempotencyKey: `erase-${order.id}`,
  });
  await db
    .insert(orderMessages)
    .values({ orderId: order.id, author: 'customer', body: 'I live at flat 2, ring twice' });
  await db.insert(orderCases).values({
    orderId: order.id,
    kind: 'missing-item',
    body: 'My blue scarf is missing',
    openedAt: now,
  });
  return { order, photoIds: [doorstep.id, shirt.id] };
}

describe('erasing an account erases its custody records', () => {
  test('photos (rows and stored images) go; what people wrote is blanked; others keep theirs', async () => {
    const db = world.database.db;
    const mine = await orderWithCustody(world.customerId);
    const theirs = await orderWithCustody(null);
    const keysOf = async (orderId: string) =>
      (await db.select().from(photos).where(eq(photos.orderId, orderId))).map((p) => p.storageKey);
    const myKeys = await keysOf(mine.order.id);
    expect(myKeys).toHaveLength(2);
    for (const key of myKeys) {
      expect(await world.services.storage.get(key)).not.toBeNull();
    }

    // Ada is registered: she asks for the code and deletes her account with it.
    await db
      .update(orders)
      .set({ customerEmail: 'ada@example.com' })
      .where(eq(orders.id, mine.order.id));
    await db
      .update(customers)
      .set({ isGuest: false, passwordHash: 'x' })
      .where(eq(customers.id, world.customerId));
    await sendDeletionCode(world.services, { email: 'ada@example.com', ip: '203.0.113.9' });
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'account-deletion-code'))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /one-time code is (\d{6})/.exec(mail!.textBody)![1]!;
    await deleteAccountWithCode(world.services, {
      email: 'ada@example.com',
      otp: code,
      ip: '203.0.113.9',
    });

    // Her photos: no rows (so no URL can be signed for them) and no images in storage.
    expect(await keysOf(mine.order.id)).toEqual([]);
    for (const key of myKeys) {
      expect(await world.services.storage.get(key)).toBeNull();
    }
    const [stop] = await db.select().from(stopEvents).where(eq(stopEvents.orderId, mine.order.id));
    expect(stop).toMatchObject({ note: '', leftWith: '', sealNumbers: [], bags: 2, photoId: null });
    const [message] = await db
      .select()
      .from(orderMessages)
      .where(eq(orderMessages.orderId, mine.order.id));
    expect(message!.body).not.toContain('flat 2');
    const [openCase] = await db
      .select()
      .from(orderCases)
      .where(eq(orderCases.orderId, mine.order.id));
    expect(openCase!.body).not.toContain('scarf');
    const [garment] = await db
      .select()
      .from(orderGarments)
      .where(eq(orderGarments.orderId, mine.order.id));
    // The garment stays for the shop's records (item, price, damage), without the pocket find.
    expect(garment).toMatchObject({ pocketNote: '', damageNote: 'Small stain on the cuff' });

    // The other order is untouched.
    const theirKeys = await keysOf(theirs.order.id);
    expect(theirKeys).toHaveLength(2);
    for (const key of theirKeys) {
      expect(await world.services.storage.get(key)).not.toBeNull();
    }
    const [theirStop] = await db
      .select()
      .from(stopEvents)
      .where(eq(stopEvents.orderId, theirs.order.id));
    expect(theirStop).toMatchObject({ note: 'Gate code 1234', sealNumbers: ['S-77'] });
    expect(await db.select().from(storedObjects)).toHaveLength(2);
  });
});
