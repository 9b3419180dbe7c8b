import type { AppServices } from '../../server/services';
import { hashPassword } from '../../server/auth/passwords';
import { inArray } from 'drizzle-orm';
import { customers, orders } from '../../server/db/schema';
import { queueCollectionReminders } from '../../server/use-cases/messages/collection-reminders';
import { londonDayRange, londonToday } from '../../shared/london-time';
import { insertOrderRow } from '@tests/helpers/fixtures';

/**
 * Issue 17's browser test (text-history.spec.ts) starts, per Playwright project, from a
 * registered customer with a mobile phone and texts off, and an order collected tomorrow.
 * The test turns SMS on in the account, then asks the e2e server (POST /texts/reminders on
 * the mail port) to run the evening-before reminder, the real path on this branch that
 * writes a text for the order only when the customer takes texts.
 *
 * After issue 17 is merged, the booking-confirmed text of helper B's notifications can be
 * the text the test sees instead, with the order placed in the test.
 */
export const E2E_TEXT_CUSTOMERS = {
  desktop: 'texts-desktop@e2e.test',
  mobile: 'texts-mobile@e2e.test',
  'nojs-desktop': 'texts-nojs-desktop@e2e.test',
  'nojs-mobile': 'texts-nojs-mobile@e2e.test',
} as const;
export const E2E_TEXT_PASSWORD = 'Secret@123';
/** A UK mobile that can take texts. */
export const E2E_TEXT_PHONE = '07911123456';

export async function seedTextCustomers(services: Pick<AppServices, 'db' | 'now'>) {
  const { db } = services;
  const passwordHash = await hashPassword(E2E_TEXT_PASSWORD);
  const tomorrow = tenTomorrow(services.now());
  for (const email of Object.values(E2E_TEXT_CUSTOMERS)) {
    const [customer] = await db
      .insert(customers)
      .values({ name: 'Katherine Johnson', email, phone: E2E_TEXT_PHONE, passwordHash })
      .returning();
    await insertOrderRow(db, tomorrow, {
      customerId: customer!.id,
      customerName: 'Katherine Johnson',
      customerEmail: email,
      customerPhone: E2E_TEXT_PHONE,
    });
  }
}

/** 10:00 tomorrow in London: inside tomorrow's London day whatever the season. */
function tenTomorrow(now: Date): Date {
  return new Date(londonDayRange(londonToday(now)).to.getTime() + 10 * HOUR);
}
const HOUR = 3_600_000;

/** The evening-before reminder, as the scheduler runs it (the e2e server's /texts/reminders). */
export async function runCollectionReminders(
  services: Pick<AppServices, 'db' | 'config' | 'links' | 'now'>,
) {
  // The suite may pass London midnight after the server seeded the orders: they are collected
  // tomorrow as the run sees it.
  const pickup = tenTomorrow(services.now());
  await services.db
    .update(orders)
    .set({
      pickupStartsAt: pickup,
      pickupEndsAt: new Date(pickup.getTime() + HOUR),
      deliveryStartsAt: new Date(pickup.getTime() + 48 * HOUR),
      deliveryEndsAt: new Date(pickup.getTime() + 49 * HOUR),
    })
    .where(inArray(orders.customerEmail, Object.values(E2E_TEXT_CUSTOMERS)));
  return queueCollectionReminders(services);
}
