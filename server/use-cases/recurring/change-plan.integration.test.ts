import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, outbox, recurringOccurrences } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { demoAddress, MONDAY_6AM } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { editRecurringPlan, planChangedMessage, stopRecurringPlan } from './change-plan';
import { createRecurringPlan } from './create-plan';
import { BOOKED_BEFORE_CHANGE } from './present-recurring';
import { runRecurringSchedule } from './run-schedule';

/*
 * Changing a repeat collection (issue 18, decision 036) on a pinned clock from Monday 23
 * November 2026: a new window keeps the plan's weeks and re-announces a date announced under
 * the old one; a new day and frequency leave the booked collection as it is and the schedule
 * announces and books the next one on the new day, in the new window, with the new notes.
 */

const at = (iso: string) => new Date(iso);

describe('changing a repeat collection', () => {
  let server: TestServer;
  let clock = MONDAY_6AM;
  let customerId: string;
  let otherId: string;
  let planId: string;

  beforeAll(async () => {
    server = await startTestServer({ now: () => clock });
    const [customer] = await server.services.db
      .insert(customers)
      .values({ name: 'Chloe Change', email: 'chloe@example.com', phone: '07700900133' })
      .returning();
    const [other] = await server.services.db
      .insert(customers)
      .values({ name: 'Otto Other', email: 'otto@example.com', phone: '07700900134' })
      .returning();
    customerId = customer!.id;
    otherId = other!.id;
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
  });
  afterAll(async () => {
    await server?.stop();
  });

  const occurrences = () =>
    server.services.db
      .select()
      .from(recurringOccurrences)
      .where(eq(recurringOccurrences.planId, planId))
      .orderBy(recurringOccurrences.collectionDate);
  const announcements = () =>
    server.services.db.select().from(outbox).where(eq(outbox.template, 'recurring-announced'));
  const change = {
    frequency: 'weekly' as const,
    weekday: 5,
    window_start: '10:00',
    delivery_start: '18:00',
  };

  it('a new window keeps the weeks; a date announced under the old one is announced again', async () => {
    expect(await runRecurringSchedule(server.services)).toMatchObject({ announced: 1 });
    clock = at('2026-11-23T10:00:00Z');
    const plan = await editRecurringPlan(server.services, { customerId, planId, plan: change });
    expect(plan).toMatchObject({
      summary: 'Every week on Friday, collected from 10:00',
      window_start: '10:00',
    });
    expect(plan.upcoming.slice(0, 2).map((d) => [d.date, d.state])).toEqual([
      ['2026-11-27', 'due'],
      ['2026-12-04', 'due'],
    ]);
    expect(await occurrences()).toEqual([]);
    expect(await runRecurringSchedule(server.services)).toMatchObject({ announced: 1 });
    const mails = await announcements();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.textBody).toContain('from 10:00');
  });

  it('a date that could not be booked (its windows full) is tried again after a change', async () => {
    const [failed] = await server.services.db
      .insert(recurringOccurrences)
      .values({ planId, collectionDate: '2026-12-04', status: 'failed', announcedAt: clock })
      .returning();
    expect(failed!.status).toBe('failed');
    await editRecurringPlan(server.services, {
      customerId,
      planId,
      plan: { ...change, window_start: '11:00' },
    });
    expect((await occurrences()).some((o) => o.collectionDate === '2026-12-04')).toBe(false);
    // Back to the window the first test set, for the tests after this one.
    await editRecurringPlan(server.services, { customerId, planId, plan: change });
  });

  it('refuses a window the day does not have, with the set-up’s field message', async () => {
    await expect(
      editRecurringPlan(server.services, {
        customerId,
        planId,
        plan: { ...change, window_start: '05:00' },
      }),
    ).rejects.toMatchObject({ errors: { window_start: ['Please choose a collection window'] } });
    await expect(
      editRecurringPlan(server.services, {
        customerId,
        planId,
        plan: { ...change, address_id: '00000000-0000-4000-8000-000000000000' },
      }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('another customer’s plan is not found', async () => {
    await expect(
      editRecurringPlan(server.services, { customerId: otherId, planId, plan: change }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a new day and frequency: the booked collection stays, the next follow the new rule', async () => {
    clock = at('2026-11-25T06:00:00Z');
    expect(await runRecurringSchedule(server.services)).toMatchObject({ booked: 1 });
    clock = at('2026-11-25T10:00:00Z');
    const plan = await editRecurringPlan(server.services, {
      customerId,
      planId,
      plan: {
        frequency: 'fortnightly',
        weekday: 2,
        window_start: '11:00',
        delivery_start: '18:00',
        notes: 'Knock twice',
      },
    });
    expect(plan.summary).toBe('Every two weeks on Tuesday, collected from 11:00');
    expect(plan.upcoming.slice(0, 3)).toEqual([
      {
        date: '2026-11-27',
        display: 'Fri 27 Nov',
        state: 'booked',
        note: BOOKED_BEFORE_CHANGE,
        can_skip: false,
      },
      { date: '2026-12-01', display: 'Tue 1 Dec', state: 'due', note: null, can_skip: true },
      { date: '2026-12-15', display: 'Tue 15 Dec', state: 'due', note: null, can_skip: true },
    ]);
    expect(planChangedMessage(plan)).toBe(
      'Your repeat collection is changed: every two weeks on Tuesday, collected from 11:00. Collections already booked stay as they are.',
    );
    const [booked] = await server.services.db
      .select()
      .from(orders)
      .where(eq(orders.customerId, customerId));
    expect(booked!.status).toBe('pending');
    expect(booked!.pickupStartsAt.toISOString()).toBe('2026-11-27T10:00:00.000Z');

    // The schedule announces Tuesday 1 December and books it in the new window.
    clock = at('2026-11-26T06:00:00Z');
    expect(await runRecurringSchedule(server.services)).toMatchObject({ announced: 1 });
    clock = at('2026-11-29T06:00:00Z');
    expect(await runRecurringSchedule(server.services)).toMatchObject({ booked: 1 });
    const [tuesday] = await server.services.db
      .select()
      .from(recurringOccurrences)
      .where(
        and(
          eq(recurringOccurrences.planId, planId),
          eq(recurringOccurrences.collectionDate, '2026-12-01'),
        ),
      );
    expect(tuesday!.status).toBe('booked');
    const [order] = await server.services.db
      .select()
      .from(orders)
      .where(eq(orders.id, tuesday!.orderId!));
    expect(order!.pickupStartsAt.toISOString()).toBe('2026-12-01T11:00:00.000Z');
    expect(order!.customerNotes).toBe('Knock twice');
    // No Friday any more.
    clock = at('2026-12-01T06:00:00Z');
    await runRecurringSchedule(server.services);
    expect((await occurrences()).map((o) => [o.collectionDate, o.status])).toEqual([
      ['2026-11-27', 'booked'],
      ['2026-12-01', 'booked'],
    ]);
  });

  it('a stopped plan cannot be changed', async () => {
    await stopRecurringPlan(server.services, {
      access: { kind: 'customer', customerId },
      planId,
    });
    await expect(
      editRecurringPlan(server.services, { customerId, planId, plan: change }),
    ).rejects.toBeInstanceOf(ConflictError);
  });
});
