import { eq } from 'drizzle-orm';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { orders } from '../../server/db/schema';
import type { AppServices } from '../../server/services';
import { londonDayRange, londonToday } from '../../shared/london-time';
import { E2E_DRIVER_PROJECTS, e2eOfflineStops } from './e2e-driver';

/** Issue 33: today's stops of the offline round, per project (see e2e-driver.ts). */
export async function seedOfflineRound(services: AppServices) {
  const db = services.db;
  const today = londonDayRange(londonToday(services.now())).from.getTime();
  const hour = 3_600_000;
  for (const project of E2E_DRIVER_PROJECTS) {
    const stops = e2eOfflineStops(project);
    const person = (p: { name: string; email: string }) => ({
      customerName: p.name,
      customerEmail: p.email,
    });
    await insertOrderRow(db, new Date(today + 14 * hour), {
      ...person(stops.collect),
      postcode: 'W9 1QA',
      fullAddress: '12 Sutherland Avenue\nLondon\nW9 1QA',
    });
    await insertOrderRow(db, new Date(today - 48 * hour), {
      ...person(stops.deliver),
      status: 'out for delivery',
      postcode: 'W9 1QB',
      fullAddress: '14 Sutherland Avenue\nLondon\nW9 1QB',
      deliveryStartsAt: new Date(today + 15 * hour),
      deliveryEndsAt: new Date(today + 16 * hour),
    });
    await insertOrderRow(db, new Date(today + 16 * hour), {
      ...person(stops.notHome),
      postcode: 'W9 1QC',
      fullAddress: '16 Sutherland Avenue\nLondon\nW9 1QC',
    });
    await insertOrderRow(db, new Date(today + 17 * hour), {
      ...person(stops.changed),
      postcode: 'W9 1QD',
      fullAddress: '18 Sutherland Avenue\nLondon\nW9 1QD',
      customerNotes: 'Leave with the porter',
    });
  }
}

/** The office changes the notes of the order of `email` (as its order page would). */
export async function officeChangesNote(services: AppServices, email: string) {
  const changed = await services.db
    .update(orders)
    .set({ customerNotes: 'Porter away today: call the customer first' })
    .where(eq(orders.customerEmail, email))
    .returning({ id: orders.id });
  return changed.length;
}
