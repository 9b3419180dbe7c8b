import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../../auth/staff';
import { auditLog, customers } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { demoAddress, MONDAY_6AM } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { pauseRecurringPlan, skipRecurringDate, stopRecurringPlan } from '../recurring/change-plan';
import { createRecurringPlan } from '../recurring/create-plan';
import { runRecurringSchedule } from '../recurring/run-schedule';
import { customerList, customerRepeatPlans, pauseRepeatPlanForCustomer } from './repeat-customers';

/*
 * The back office's customers page sees repeat customers (issue 18, decision 036): each
 * customer's live plans (stopped ones left out) with rule, state and next collection, and the
 * "repeat customers" filter lists only those with one. Pinned clock: Monday 23 November 2026.
 */

describe('repeat customers for staff', () => {
  let server: TestServer;
  const ids: Record<string, string> = {};
  const address = {
    ...demoAddress,
    line2: '',
    town: 'London',
    company: '',
    address_type: 'Residential' as const,
  };

  beforeAll(async () => {
    server = await startTestServer({ now: () => MONDAY_6AM });
    for (const [key, name] of [
      ['rita', 'Rita Repeat'],
      ['paul', 'Paul Paused'],
      ['nora', 'Nora None'],
    ] as const) {
      const [row] = await server.services.db
        .insert(customers)
        .values({ name, email: `${key}@example.com`, phone: '07700900150' })
        .returning();
      ids[key] = row!.id;
    }
    const plan = (customerId: string, frequency: 'weekly' | 'fortnightly', weekday: number) =>
      createRecurringPlan(server.services, {
        customerId,
        plan: {
          frequency,
          weekday,
          window_start: '10:00',
          delivery_start: '18:00',
          address,
          notes: '',
        },
      });
    await plan(ids.rita!, 'weekly', 5);
    const stopped = await plan(ids.rita!, 'weekly', 3);
    await stopRecurringPlan(server.services, {
      access: { kind: 'customer', customerId: ids.rita! },
      planId: stopped.id,
    });
    const paused = await plan(ids.paul!, 'fortnightly', 2);
    await pauseRecurringPlan(server.services, {
      access: { kind: 'customer', customerId: ids.paul! },
      planId: paused.id,
      until: '2026-12-20',
    });
    await runRecurringSchedule(server.services);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a search shows each customer’s live plans: rule, state, next collection', async () => {
    const list = await customerList(server.services, { query: 'example.com', repeatOnly: false });
    const byName = Object.fromEntries(list.map((c) => [c.name, c.repeat_plans]));
    expect(byName['Nora None']).toEqual([]);
    expect(byName['Rita Repeat']).toEqual([
      expect.objectContaining({
        summary: 'Every week on Friday, collected from 10:00',
        frequency_label: 'Every week',
        weekday_label: 'Friday',
        window_start: '10:00',
        status: 'active',
        paused_note: null,
        next: { date: '2026-11-27', display: 'Fri 27 Nov', state: 'announced' },
      }),
    ]);
    expect(byName['Paul Paused']).toEqual([
      expect.objectContaining({
        frequency_label: 'Every two weeks',
        weekday_label: 'Tuesday',
        status: 'paused',
        paused_note: 'Paused until Sun 20 Dec',
        next: { date: '2026-12-29', display: 'Tue 29 Dec', state: 'due' },
      }),
    ]);
  });

  it('the repeat customers filter lists only customers with a live plan, by name', async () => {
    const list = await customerList(server.services, { query: '', repeatOnly: true });
    expect(list.map((c) => c.name)).toEqual(['Paul Paused', 'Rita Repeat']);
    expect(await customerList(server.services, { query: '', repeatOnly: false })).toEqual([]);
  });

  it('a skipped date is not the next one; a customer whose plans all stopped is not listed', async () => {
    const [rita] = await customerRepeatPlans(server.services, { customerId: ids.rita! });
    await skipRecurringDate(server.services, {
      access: { kind: 'customer', customerId: ids.rita! },
      planId: rita!.id,
      date: '2026-11-27',
    });
    expect(
      (await customerRepeatPlans(server.services, { customerId: ids.rita! }))[0]!.next,
    ).toEqual({ date: '2026-12-04', display: 'Fri 4 Dec', state: 'due' });
    await stopRecurringPlan(server.services, {
      access: { kind: 'customer', customerId: ids.rita! },
      planId: rita!.id,
    });
    const list = await customerList(server.services, { query: '', repeatOnly: true });
    expect(list.map((c) => c.name)).toEqual(['Paul Paused']);
    expect(await customerRepeatPlans(server.services, { customerId: ids.rita! })).toEqual([]);
  });

  it('staff pause a plan for the customer, audited; a bad date or plan is refused', async () => {
    const plan = await createRecurringPlan(server.services, {
      customerId: ids.nora!,
      plan: {
        frequency: 'weekly',
        weekday: 4,
        window_start: '10:00',
        delivery_start: '18:00',
        address,
        notes: '',
      },
    });
    const sam = await createStaffUser(server.services.db, {
      email: 'sam@shop.test',
      name: 'Sam',
      role: 'staff',
      password: 'a-long-staff-password',
    });
    const actor = { id: sam.id, name: 'Sam', role: 'staff' as const };
    await expect(
      pauseRepeatPlanForCustomer(server.services, { actor, planId: plan.id, until: '2026-11-01' }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      pauseRepeatPlanForCustomer(server.services, {
        actor,
        planId: '00000000-0000-4000-8000-000000000000',
        until: '2026-12-20',
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const paused = await pauseRepeatPlanForCustomer(server.services, {
      actor,
      planId: plan.id,
      until: '2026-12-20',
    });
    expect(paused).toMatchObject({
      status: 'paused',
      paused_note: 'Paused until Sun 20 Dec',
      next: { date: '2026-12-24', state: 'due' },
    });
    const [entry] = await server.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, plan.id));
    expect(entry).toMatchObject({
      action: 'recurring.pause',
      entity: 'recurring_plan',
      after: { status: 'paused', paused_until: '2026-12-20' },
    });
  });
});
