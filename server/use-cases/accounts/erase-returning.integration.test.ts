import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { carePreferences, customerAddresses, orders } from '../../db/schema';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { saveCarePreferences } from './care-preferences';
import { eraseCustomer } from './delete-account';
import { addAddress } from './save-address';

/*
 * Issue 18 and the right to erasure: deleting an account removes the address book (with its
 * flats, buildings and access notes) and the garment care preferences, and blanks the access
 * notes kept on the orders.
 */

const now = new Date('2026-11-24T10:00:00Z');
let world: UseCaseWorld;

beforeAll(async () => {
  world = await createUseCaseWorld(now);
});
afterAll(async () => {
  await world?.close();
});

test('erasing an account removes its addresses and care preferences and blanks access notes', async () => {
  const db = world.database.db;
  const customerId = world.customerId;
  await addAddress(world.services, {
    customerId,
    entry: {
      label: 'Home',
      door_number: 'Flat 2',
      building: 'Elgin Court',
      line1: '7 Elgin Avenue',
      line2: '',
      town: 'London',
      postcode: 'W9 2HD',
      company: '',
      address_type: 'Residential',
      access_notes: 'Gate code 1234',
    },
  });
  await saveCarePreferences(world.services, {
    customerId,
    shirts: 'hanger',
    starch: 'light',
    no_plastic_covers: true,
    return_hangers: false,
    detergent_notes: 'Non-bio',
    handover_notes: 'Leave with the concierge',
  });
  const order = await world.insertOrder(new Date('2026-11-25T09:00:00Z'));
  await db.update(orders).set({ accessNotes: 'Gate code 1234' }).where(eq(orders.id, order.id));

  await db.transaction((tx) => eraseCustomer(tx, { customerId, now }));

  const where = eq(customerAddresses.customerId, customerId);
  expect(await db.select().from(customerAddresses).where(where)).toEqual([]);
  expect(
    await db.select().from(carePreferences).where(eq(carePreferences.customerId, customerId)),
  ).toEqual([]);
  const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
  expect(kept!.accessNotes).toBe('');
});
