import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { collectionChangePath } from '../server/auth/reschedule-access';
import { auditLog, orders, outbox } from '../server/db/schema';
import { chooseNewWindow, rescheduleOptions } from '../server/use-cases/driver/reschedule';
import { orderTracking } from '../server/use-cases/tracking/order-tracking';

// Monday 23 November 2026, 18:00 London: the evening reminder's time (issue 17, decision 031).
const now = new Date('2026-11-23T18:00:00Z');

describe('changing the collection from the reminder (the tracking page’s signed link)', () => {
  let world: UseCaseWorld;
  beforeAll(async () => {
    world = await createUseCaseWorld(now);
  });
  afterAll(async () => {
    await world?.close();
  });

  const callerOf = (path: string) => {
    const url = new URL(path, 'http://x');
    return {
      orderId: url.pathname.split('/').pop()!,
      windowMs: Number(url.searchParams.get('c')),
      token: url.searchParams.get('t'),
    };
  };

  it('the tracking page offers it (through the e-mailed link); it moves the collection once, then is used', async () => {
    const order = await world.insertOrder(new Date('2026-11-24T09:00:00Z'));
    const view = await orderTracking(world.services, { token: order.trackingToken });
    const booked = view.steps.find((s) => s.key === 'booked')!;
    expect(booked.link?.label).toBe('Change the collection time');
    // A tracking link is safe to forward (decision 043): it leads to the page that e-mails it.
    expect(booked.link?.href).toBe(`/track/${order.trackingToken}/change?leg=collection`);
    const caller = callerOf(collectionChangePath(world.services, order));
    const options = await rescheduleOptions(world.services, caller);
    expect(options.reason).toBe('change');
    const chosen = options.windows.find((w) => w.slot_date === '2026-11-25')!;
    const moved = await chooseNewWindow(world.services, {
      ...caller,
      date: chosen.slot_date,
      start: chosen.slot_start,
    });
    expect(moved.leg).toBe('collection');
    const [row] = await world.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.pickupStartsAt.toISOString()).toBe(chosen.starts_at);
    // Audited as the customer's change, and confirmed by e-mail with the new window.
    const [entry] = await world.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.collection-changed'));
    expect(entry).toMatchObject({ entityId: order.id, staffId: null });
    const [mail] = await world.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'new-collection-window'));
    expect(mail!.textBody).toContain(moved.window);
    // The link named the old window: it is used now.
    await expect(rescheduleOptions(world.services, caller)).rejects.toMatchObject({
      code: 'link-used',
    });
  });

  it('is refused with a forged token, and within 2 hours of the collection', async () => {
    const order = await world.insertOrder(new Date('2026-11-24T09:00:00Z'));
    const caller = callerOf(collectionChangePath(world.services, order));
    await expect(
      rescheduleOptions(world.services, { ...caller, windowMs: caller.windowMs + 3_600_000 }),
    ).rejects.toMatchObject({ code: 'link-invalid' });
    const soon = await world.insertOrder(new Date(now.getTime() + 60 * 60 * 1000));
    await expect(
      rescheduleOptions(world.services, callerOf(collectionChangePath(world.services, soon))),
    ).rejects.toMatchObject({ code: 'order-not-reschedulable' });
    const view = await orderTracking(world.services, { token: soon.trackingToken });
    expect(view.steps.find((s) => s.key === 'booked')!.link).toBeNull();
  });
});
