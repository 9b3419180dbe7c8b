import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { customers, recurringOccurrences, recurringPlans } from '../../db/schema';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { eraseCustomer } from '../accounts/delete-account';
import { createRecurringPlan } from './create-plan';
import { runRecurringSchedule } from './run-schedule';

/*
 * The right to erasure (issue 18): deleting an account erases its repeat collections (the
 * address and habits they hold) and their occurrences; another customer's plan stays.
 */

const now = new Date('2026-11-23T12:00:00Z');
let world: UseCaseWorld;

beforeAll(async () => {
  world = await createUseCaseWorld(now);
});
afterAll(async () => {
  await world?.close();
});

test('erasing an account erases its plans and their occurrences', async () => {
  const db = world.database.db;
  const [other] = await db
    .insert(customers)
    .values({ name: 'Kept Customer', email: 'kept@example.com', phone: '07700900999' })
    .returning();
  const address = {
    door_number: 'Flat 1',
    line1: '7 Elgin Avenue',
    line2: '',
    town: 'London',
    postcode: 'W9 2HD',
    company: '',
    address_type: 'Residential',
  };
  const plan = {
    frequency: 'weekly' as const,
    weekday: 4,
    window_start: '09:00',
    delivery_start: '18:00',
    notes: '',
    address,
  };
  const mine = await createRecurringPlan(world.services, { customerId: world.customerId, plan });
  const kept = await createRecurringPlan(world.services, { customerId: other!.id, plan });
  expect((await runRecurringSchedule(world.services)).announced).toBe(2);

  await eraseCustomer(db, { customerId: world.customerId, now });

  expect(await db.select().from(recurringPlans).where(eq(recurringPlans.id, mine.id))).toEqual([]);
  expect(
    await db.select().from(recurringOccurrences).where(eq(recurringOccurrences.planId, mine.id)),
  ).toEqual([]);
  expect(await db.select().from(recurringPlans).where(eq(recurringPlans.id, kept.id))).toHaveLength(
    1,
  );
  expect(
    await db.select().from(recurringOccurrences).where(eq(recurringOccurrences.planId, kept.id)),
  ).toHaveLength(1);
});
