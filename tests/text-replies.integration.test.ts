import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import {
  auditLog,
  customers,
  orderMessages,
  orders,
  outbox,
  promoCodes,
  slotUsage,
  textMessages,
  textOptOuts,
} from '../server/db/schema';
import { handleInboundText } from '../server/use-cases/replies/handle-inbound';
import { notifyCustomer } from '../server/use-cases/messages/notify-customer';

// Monday 23 November 2026, 19:00 London: the evening of a reminder.
const now = new Date('2026-11-23T19:00:00Z');
const HOUR = 3_600_000;
const ADA = '+447700900123';

describe('handleInboundText: SKIP, STOP, START, HELP and the rest', () => {
  let world: UseCaseWorld;
  const db = () => world.database.db;

  beforeAll(async () => {
    world = await createUseCaseWorld(now);
    // Ada typed her number with spaces; texts come from its E.164 form.
    await db()
      .update(customers)
      .set({ phone: '07700 900 123', notifySms: true })
      .where(eq(customers.id, world.customerId));
  });
  afterAll(async () => {
    await world?.close();
  });
  beforeEach(async () => {
    await db().delete(textOptOuts);
    await db().update(orders).set({ status: 'cancelled' });
  });

  const reply = (body: string, sid = `SM${randomUUID().replace(/-/g, '')}`, from = ADA) =>
    handleInboundText(world.services, { channel: 'sms', from, body, providerSid: sid });

  /** An order of Ada's collected at `pickup`, with its two slot places taken. */
  async function bookedOrder(pickup: Date) {
    const order = await world.insertOrder(pickup);
    for (const [kind, startsAt] of [
      ['pickup', order.pickupStartsAt],
      ['delivery', order.deliveryStartsAt],
    ] as const) {
      await db()
        .insert(slotUsage)
        .values({ kind, startsAt, taken: 1 })
        .onConflictDoUpdate({
          target: [slotUsage.kind, slotUsage.startsAt],
          set: { taken: 1 },
        });
    }
    return order;
  }
  const taken = async (kind: 'pickup' | 'delivery', startsAt: Date) =>
    (
      await db()
        .select()
        .from(slotUsage)
        .where(and(eq(slotUsage.kind, kind), eq(slotUsage.startsAt, startsAt)))
    )[0]?.taken;

  it('SKIP cancels the next collection, frees its slot places and confirms; twice delivered, once done', async () => {
    const later = await bookedOrder(new Date(now.getTime() + 62 * HOUR));
    const next = await bookedOrder(new Date(now.getTime() + 14 * HOUR));
    const sid = 'SM-skip-once';
    const first = await reply('  skip ', sid);
    expect(first.reply).toContain(`order LD-${next.orderNo} is cancelled`);
    expect(first.reply).toContain('Book again any time: http://localhost:3000');
    const [row] = await db().select().from(orders).where(eq(orders.id, next.id));
    expect(row!.status).toBe('cancelled');
    expect(await taken('pickup', next.pickupStartsAt)).toBe(0);
    expect(await taken('delivery', next.deliveryStartsAt)).toBe(0);
    // The same webhook again (the provider retried): nothing more is cancelled or recorded.
    expect(await reply('SKIP', sid)).toEqual({ reply: null });
    const [still] = await db().select().from(orders).where(eq(orders.id, later.id));
    expect(still!.status).toBe('pending');
    expect(await taken('pickup', later.pickupStartsAt)).toBe(1);
    expect(
      await db().select().from(textMessages).where(eq(textMessages.providerSid, sid)),
    ).toMatchObject([{ direction: 'inbound', template: 'inbound-skip', orderId: next.id }]);
    // The customer's cancellation e-mail and an audit entry, as for a cancel in the account.
    expect(
      (await db().select().from(outbox).where(eq(outbox.template, 'order-cancelled'))).length,
    ).toBe(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, next.id))).toMatchObject([
      { action: 'order.cancel.text-skip' },
    ]);
  });

  it('SKIP gives the skipped order’s promo code its use back (decision 037)', async () => {
    const [code] = await db()
      .insert(promoCodes)
      .values({ code: 'SKIPPED1', kind: 'fixed', amountOffPence: 500, totalLimit: 1, used: 1 })
      .returning();
    const order = await bookedOrder(new Date(now.getTime() + 20 * HOUR));
    await db().update(orders).set({ promoCodeId: code!.id }).where(eq(orders.id, order.id));
    expect((await reply('SKIP')).reply).toContain(`order LD-${order.orderNo} is cancelled`);
    const [after] = await db().select().from(promoCodes).where(eq(promoCodes.id, code!.id));
    expect(after!.used).toBe(0);
  });

  it('SKIP with nothing to skip says so; too late keeps the rule of cancels', async () => {
    expect((await reply('SKIP')).reply).toContain('no upcoming collection to skip');
    const soon = await bookedOrder(new Date(now.getTime() + HOUR));
    const late = await reply('Skip');
    expect(late.reply).toContain('can no longer be cancelled online');
    expect(late.reply).toContain(world.services.config.brand.phone);
    const [row] = await db().select().from(orders).where(eq(orders.id, soon.id));
    expect(row!.status).toBe('pending');
    expect(await taken('pickup', soon.pickupStartsAt)).toBe(1);
  });

  it('STOP opts the number out: the next service text is suppressed; START turns texts back on', async () => {
    const stopped = await reply('Stop');
    expect(stopped.reply).toContain('Reply START');
    expect(await db().select().from(textOptOuts)).toMatchObject([{ phone: ADA }]);
    const order = await world.insertOrder(new Date(now.getTime() + 40 * HOUR));
    const day = new Date('2026-11-24T10:00:00Z');
    await notifyCustomer(db(), { order, now: day, event: 'invoice' }, world.services);
    expect(
      await db().select().from(textMessages).where(eq(textMessages.orderId, order.id)),
    ).toMatchObject([{ status: 'suppressed', statusReason: 'opted out' }]);
    for (const word of ['UNSUBSCRIBE', 'quit']) {
      await reply(word);
    }
    expect(await db().select().from(textOptOuts)).toHaveLength(1);
    expect((await reply('start')).reply).toContain('texts are back on');
    expect(await db().select().from(textOptOuts)).toEqual([]);
  });

  it('HELP answers with the shop phone and e-mail', async () => {
    const { reply: help } = await reply('help');
    expect(help).toContain(world.services.config.brand.phone);
    expect(help).toContain(world.services.config.brand.email);
  });

  it('anything else lands on the latest open order as the customer’s message, once', async () => {
    const order = await world.insertOrder(new Date(now.getTime() + 40 * HOUR));
    const sid = 'SM-question';
    expect(await reply('Can you also take a duvet?', sid)).toEqual({ reply: null });
    await reply('Can you also take a duvet?', sid);
    expect(
      await db().select().from(orderMessages).where(eq(orderMessages.orderId, order.id)),
    ).toMatchObject([{ author: 'customer', body: 'Can you also take a duvet?' }]);
    expect(
      await db().select().from(textMessages).where(eq(textMessages.providerSid, sid)),
    ).toMatchObject([
      { template: 'inbound-order-message', orderId: order.id, customerId: world.customerId },
    ]);
  });

  it('a text from an unknown number is kept as an inbound text', async () => {
    const sid = 'SM-stranger';
    await reply('Hello?', sid, '+447911123456');
    expect(
      await db().select().from(textMessages).where(eq(textMessages.providerSid, sid)),
    ).toMatchObject([{ template: 'inbound', customerId: null, orderId: null, status: 'received' }]);
  });
});
