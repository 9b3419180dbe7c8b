import { inArray } from 'drizzle-orm';
import { londonDayRange, londonToday } from '@shared/london-time';
import { createStaffUser } from '../../server/auth/staff';
import { branches, branchStaff } from '../../server/db/schema';
import type { AppServices } from '../../server/services';
import { insertOrderRow } from '../helpers/fixtures';
import { E2E_BRANCH_ORDERS, E2E_OWNER, E2E_TWO_BRANCHES } from './e2e-staff';

/**
 * The branches spec (issue 32) starts from an owner, a member of staff in Maida Vale and West
 * Hampstead, and a collection at noon five days ahead in each of the two branches (a day no
 * other spec's board or driver's list looks at).
 */
export async function seedBranches(services: AppServices) {
  const { db } = services;
  await createStaffUser(db, { ...E2E_OWNER, name: 'Olive Owner', role: 'owner' });
  const bo = await createStaffUser(db, { ...E2E_TWO_BRANCHES, name: 'Bo Both', role: 'staff' });
  const rows = await db
    .select()
    .from(branches)
    .where(inArray(branches.slug, Object.keys(E2E_BRANCH_ORDERS)));
  const noon = new Date(
    londonDayRange(londonToday(services.now())).from.getTime() + (5 * 24 + 12) * 3_600_000,
  );
  for (const branch of rows) {
    await db.insert(branchStaff).values({ branchId: branch.id, staffId: bo.id });
    await insertOrderRow(db, noon, {
      customerName: E2E_BRANCH_ORDERS[branch.slug as keyof typeof E2E_BRANCH_ORDERS],
      customerEmail: `${branch.slug}@e2e.test`,
      branchId: branch.id,
    });
  }
}
