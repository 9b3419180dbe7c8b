import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonInstant } from '@shared/recurring';
import { customers, orders, outbox, recurringOccurrences, slotUsage } from '../../db/schema';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors';
import { demoAddress, MONDAY_6AM } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import {
  pauseRecurringPlan,
  resumeRecurringPlan,
  skipRecurringDate,
  stopRecurringPlan,
} from './change-plan';
import { createRecurringPlan } from './create-plan';
import { getRecurringPlan, listRecurringPlans } from './list-plans';
import { orderBoard } from '../orders/order-board';
import { boardView } from '../orders/present-board';
import { planOfOrder } from './repeat-orders';
import { runRecurringSchedule } from './run-schedule';

/*
 * Repeat collections end to end below the HTTP layer, on the template database with a pinned
 * clock (Monday 23 November 2026): set up, announced once five days ahead with its signed
 * link, booked two days ahead as a real order taking a place (the next free window when the
 * plan's is full, 'failed' and told when the day is full), skipped (a booked one cancelled and
 * its place freed), paused, resumed and stopped; by the customer or by the link.
 */

const at = (iso: string) => new Date(iso);

describe('repeat collections', () => {
  let server: TestServer;
  let clock = MONDAY_6AM;
  let customerId: string;
  let otherId: string;

  beforeAll(async () => {
    server = await startTestServer({ now: () => clock });
    const [customer] = await server.services.db
      .insert(customers)
      .values({ name: 'Rita Repeat', email: 'rita@example.com', phone: '07700900123' })
      .returning();
    const [other] = await server.services.db
      .insert(customers)
      .values({ name: 'Olly Other', email: 'olly@example.com', phone: '07700900124' })
      .returning();
    customerId = customer!.id;
    otherId = other!.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const access = () => ({ kind: 'customer' as const, customerId });
  const fill = async (date: string, time: string, taken = 4) =>
    server.services.db
      .insert(slotUsage)
      .values({ kind: 'pickup', startsAt: londonInstant(date, time), taken })
      .onConflictDoUpdate({ target: [slotUsage.kind, slotUsage.startsAt], set: { taken } });
  const occurrence = async (planId: string, date: string) => {
    const [row] = await server.services.db
      .select()
      .from(recurringOccurrences)
      .where(
        and(eq(recurringOccurrences.planId, planId), eq(recurringOccurrences.collectionDate, date)),
      );
    return row;
  };
  const mails = (template: string) =>
    server.services.db.select().from(outbox).where(eq(outbox.template, template));

  let planId: string;

  it('sets up a weekly plan from a typed address, first collected after its booking day', async () => {
    const plan = await createRecurringPlan(server.services, {
      customerId,
      plan: {
        frequency: 'weekly',
        weekday: 5,
        window_start: '09:00',
        delivery_start: '18:00',
        address: {
          ...demoAddress,
          line2: '',
          town: 'London',
          company: '',
          address_type: 'Residential',
        },
        notes: 'Shirts on hangers',
      },
    });
    planId = plan.id;
    expect(plan.summary).toBe('Every week on Friday, collected from 09:00');
    expect(plan.address).toContain('W9 2HD');
    expect(plan.upcoming.slice(0, 3)).toEqual([
      { date: '2026-11-27', display: 'Fri 27 Nov', state: 'due', note: null, can_skip: true },
      { date: '2026-12-04', display: 'Fri 4 Dec', state: 'due', note: null, can_skip: true },
      { date: '2026-12-11', display: 'Fri 11 Dec', state: 'due', note: null, can_skip: true },
    ]);
    expect(await listRecurringPlans(server.services, { customerId })).toHaveLength(1);
    expect(await listRecurringPlans(server.services, { customerId: otherId })).toEqual([]);
  });

  it('refuses a window the day does not have, and another customer’s address', async () => {
    const base = {
      frequency: 'weekly' as const,
      weekday: 5,
      window_start: '09:00',
      delivery_start: '18:00',
      notes: '',
    };
    await expect(
      createRecurringPlan(server.services, {
        customerId,
        plan: {
          ...base,
          window_start: '05:00',
          address: {
            ...demoAddress,
            line2: '',
            town: 'London',
            company: '',
            address_type: 'Residential',
          },
        },
      }),
    ).rejects.toMatchObject({ errors: { window_start: [expect.any(String)] } });
    await expect(
      createRecurringPlan(server.services, {
        customerId: otherId,
        plan: { ...base, address_id: '00000000-0000-4000-8000-000000000000' },
      }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('announces each collection once, five days ahead, with a signed link', async () => {
    expect(await runRecurringSchedule(server.services)).toEqual({
      announced: 1,
      booked: 0,
      unbooked: 0,
    });
    expect(await runRecurringSchedule(server.services)).toEqual({
      announced: 0,
      booked: 0,
      unbooked: 0,
    });
    expect((await occurrence(planId, '2026-11-27'))?.status).toBe('announced');
    const [mail] = await mails('recurring-announced');
    expect(mail!.toAddress).toBe('rita@example.com');
    expect(mail!.textBody).toContain('Fri 27 Nov 2026');
    const link = /\/recurring\/([0-9a-f-]+)\?d=2026-11-27&t=([^\s]+)/.exec(mail!.textBody)!;
    expect(link[1]).toBe(planId);
    const token = decodeURIComponent(link[2]!);
    const seen = await getRecurringPlan(server.services, {
      access: { kind: 'link', token },
      planId,
    });
    expect(seen.upcoming[0]).toMatchObject({ date: '2026-11-27', state: 'announced' });
    await expect(
      getRecurringPlan(server.services, { access: { kind: 'link', token: `${token}x` }, planId }),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(
      getRecurringPlan(server.services, {
        access: { kind: 'customer', customerId: otherId },
        planId,
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('books it two days ahead as an order, in the next window of the day when it is full', async () => {
    await fill('2026-11-27', '09:00');
    clock = at('2026-11-25T06:00:00Z');
    expect(await runRecurringSchedule(server.services)).toMatchObject({ booked: 1, unbooked: 0 });
    const booked = await occurrence(planId, '2026-11-27');
    expect(booked).toMatchObject({ status: 'booked' });
    const [order] = await server.services.db
      .select()
      .from(orders)
      .where(eq(orders.id, booked!.orderId!));
    expect(order).toMatchObject({
      customerId,
      status: 'pending',
      customerNotes: 'Shirts on hangers',
    });
    expect(order!.pickupStartsAt.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    // Delivery on the plan's start on the first day after the 24-hour turnaround that has it:
    // Saturday closes at 18:00 and Sunday at 16:00, so Monday.
    expect(order!.deliveryStartsAt.toISOString()).toBe('2026-11-30T18:00:00.000Z');
    const [place] = await server.services.db
      .select()
      .from(slotUsage)
      .where(and(eq(slotUsage.kind, 'pickup'), eq(slotUsage.startsAt, order!.pickupStartsAt)));
    expect(place!.taken).toBe(1);
    // Staff see it on the board as a repeat collection, and the plan on the order's page.
    const board = boardView(
      server.services.config.brand,
      await orderBoard(server.services, { day: '2026-11-27' }),
    );
    expect(board.collections.find((r) => r.id === order!.id)?.repeat).toBe(true);
    expect(board.collections.filter((r) => r.repeat)).toHaveLength(1);
    expect(await planOfOrder(server.services, { orderId: order!.id })).toMatchObject({
      id: planId,
      summary: 'Every week on Friday, collected from 09:00',
    });
    // Run again: the same order, no second booking.
    expect(await runRecurringSchedule(server.services)).toMatchObject({ booked: 0 });
  });

  it('skipping a booked collection cancels its order and frees its place', async () => {
    clock = at('2026-11-25T10:00:00Z');
    const plan = await skipRecurringDate(server.services, {
      access: access(),
      planId,
      date: '2026-11-27',
    });
    expect(plan.upcoming[0]).toMatchObject({
      date: '2026-11-27',
      state: 'skipped',
      can_skip: false,
    });
    const skipped = await occurrence(planId, '2026-11-27');
    expect(skipped!.status).toBe('skipped');
    const [order] = await server.services.db
      .select()
      .from(orders)
      .where(eq(orders.id, skipped!.orderId!));
    expect(order!.status).toBe('cancelled');
    const [place] = await server.services.db
      .select()
      .from(slotUsage)
      .where(and(eq(slotUsage.kind, 'pickup'), eq(slotUsage.startsAt, order!.pickupStartsAt)));
    expect(place!.taken).toBe(0);
    // A date not of the plan, or past its notice, is refused.
    await expect(
      skipRecurringDate(server.services, { access: access(), planId, date: '2026-12-05' }),
    ).rejects.toBeInstanceOf(ValidationError);
    clock = at('2026-12-03T18:30:00Z');
    await expect(
      skipRecurringDate(server.services, { access: access(), planId, date: '2026-12-04' }),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it('a skipped date is never announced or booked; a full day is not booked and told', async () => {
    clock = at('2026-11-26T06:00:00Z');
    await skipRecurringDate(server.services, { access: access(), planId, date: '2026-12-11' });
    for (const time of [
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
    ]) {
      await fill('2026-12-04', time);
    }
    clock = at('2026-11-30T06:00:00Z');
    expect(await runRecurringSchedule(server.services)).toMatchObject({ announced: 1 });
    clock = at('2026-12-02T06:00:00Z');
    expect(await runRecurringSchedule(server.services)).toMatchObject({ booked: 0, unbooked: 1 });
    expect(await occurrence(planId, '2026-12-04')).toMatchObject({
      status: 'failed',
      reason: 'Every collection window on Fri 4 Dec from 09:00 was full.',
    });
    expect(await mails('recurring-unbooked')).toHaveLength(1);
    clock = at('2026-12-07T06:00:00Z');
    expect(await runRecurringSchedule(server.services)).toMatchObject({ announced: 0 });
    expect((await occurrence(planId, '2026-12-11'))!.status).toBe('skipped');
  });

  it('pause until a date, resume, stop (by the signed link as by the account)', async () => {
    clock = at('2026-12-07T06:00:00Z');
    const paused = await pauseRecurringPlan(server.services, {
      access: access(),
      planId,
      until: '2026-12-25',
    });
    expect(paused.status).toBe('paused');
    expect(paused.upcoming.map((d) => [d.date, d.state])).toEqual([
      ['2026-12-11', 'skipped'],
      ['2026-12-18', 'paused'],
      ['2026-12-25', 'due'],
      ['2027-01-01', 'due'],
      ['2027-01-08', 'due'],
      ['2027-01-15', 'due'],
    ]);
    clock = at('2026-12-14T06:00:00Z');
    expect(await runRecurringSchedule(server.services)).toMatchObject({ announced: 0 });
    const resumed = await resumeRecurringPlan(server.services, { access: access(), planId });
    expect(resumed.upcoming[0]).toMatchObject({ date: '2026-12-18', state: 'due' });
    expect(await runRecurringSchedule(server.services)).toMatchObject({ announced: 1 });
    const [mail] = (await mails('recurring-announced')).filter((m) =>
      m.textBody.includes('d=2026-12-18'),
    );
    const token = decodeURIComponent(/&t=([^\s]+)/.exec(mail!.textBody)![1]!);
    const stopped = await stopRecurringPlan(server.services, {
      access: { kind: 'link', token },
      planId,
    });
    expect(stopped).toMatchObject({ status: 'stopped', upcoming: [] });
    expect((await occurrence(planId, '2026-12-18'))!.status).toBe('skipped');
    expect(await listRecurringPlans(server.services, { customerId })).toEqual([]);
    clock = at('2026-12-21T06:00:00Z');
    expect(await runRecurringSchedule(server.services)).toEqual({
      announced: 0,
      booked: 0,
      unbooked: 0,
    });
    await expect(
      pauseRecurringPlan(server.services, { access: access(), planId, until: '2027-01-10' }),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it('a day the shop is closed is not announced, and shows as skipped with the reason', async () => {
    clock = at('2026-12-21T06:00:00Z');
    const plan = await createRecurringPlan(server.services, {
      customerId: otherId,
      plan: {
        frequency: 'weekly',
        weekday: 5,
        window_start: '09:00',
        delivery_start: '18:00',
        address: {
          ...demoAddress,
          line2: '',
          town: 'London',
          company: '',
          address_type: 'Residential',
        },
        notes: '',
      },
    });
    expect(plan.upcoming[0]).toMatchObject({ date: '2026-12-25', state: 'due' });
    expect(await runRecurringSchedule(server.services)).toMatchObject({ announced: 0 });
    const [christmas] = await listRecurringPlans(server.services, { customerId: otherId });
    expect(christmas!.upcoming[0]).toMatchObject({
      date: '2026-12-25',
      state: 'skipped',
      note: 'We are closed that day',
      can_skip: false,
    });
  });
});
