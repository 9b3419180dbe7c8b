import { afterAll, beforeAll, expect, test } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { customers, outbox, textMessages, textOptOuts } from '../../db/schema';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { queueText } from '../messages/queue-text';
import { deleteAccountWithCode, sendDeletionCode } from './delete-account';

/*
 * Issue 17 and the right to erasure: deleting an account blanks the number and the words of
 * the customer's texts both ways (kept as rows, with their status, for the accounts), turns
 * off every message choice, and keeps their STOP: an opt-out protects them, and holds only
 * the number. Another customer's texts keep everything.
 */

const now = new Date('2026-11-24T10:00:00Z');
const ADA = '+447911123456';
const GRACE = '+447911654321';
let world: UseCaseWorld;

beforeAll(async () => {
  world = await createUseCaseWorld(now);
});
afterAll(async () => {
  await world?.close();
});

test('erasing an account blanks its texts and choices but keeps its opt-out', async () => {
  const db = world.database.db;
  await db
    .update(customers)
    .set({
      isGuest: false,
      passwordHash: 'x',
      phone: '07911123456',
      notifySms: true,
      marketingSms: true,
      marketingConsentAt: now,
    })
    .where(eq(customers.id, world.customerId));
  const order = await world.insertOrder(new Date('2026-11-25T09:00:00Z'));
  await queueText(db, {
    channel: 'sms',
    template: 'booking-confirmed',
    customerId: world.customerId,
    orderId: order.id,
    phone: ADA,
    body: 'Ada, we collect from 12 Elgin Avenue tomorrow.',
  });
  // A reply matched to no order or account yet, from her number.
  await db.insert(textMessages).values({
    direction: 'inbound',
    channel: 'sms',
    template: 'inbound',
    phone: ADA,
    body: 'STOP',
    status: 'received',
    providerSid: 'SM-erase-1',
  });
  await db.insert(textOptOuts).values({ phone: ADA });
  const [grace] = await db
    .insert(customers)
    .values({ name: 'Grace', email: 'grace@example.com', phone: '07911654321' })
    .returning();
  await queueText(db, {
    channel: 'whatsapp',
    template: 'booking-confirmed',
    customerId: grace!.id,
    phone: GRACE,
    body: 'Grace, your order is booked.',
  });

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

  const texts = await db.select().from(textMessages).orderBy(textMessages.id);
  const hers = texts.filter((t) => t.customerId === world.customerId || t.direction === 'inbound');
  expect(hers).toHaveLength(2);
  for (const text of hers) {
    expect(text.phone).toBe('');
    expect(text.body).not.toContain('Elgin');
    expect(text.body).toBe('(erased at the customer’s request)');
  }
  // The status stays for the accounts.
  expect(hers.map((t) => t.status)).toEqual(['queued', 'received']);
  const theirs = texts.find((t) => t.customerId === grace!.id);
  expect(theirs).toMatchObject({ phone: GRACE, body: 'Grace, your order is booked.' });

  const [ada] = await db.select().from(customers).where(eq(customers.id, world.customerId));
  expect(ada).toMatchObject({
    phone: '',
    notifyEmail: false,
    notifySms: false,
    notifyWhatsapp: false,
    marketingEmail: false,
    marketingSms: false,
  });
  expect(await db.select().from(textOptOuts)).toEqual([expect.objectContaining({ phone: ADA })]);
});
