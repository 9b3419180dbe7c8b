import { asc } from 'drizzle-orm';
import { COUNTER_TURNAROUND_WORKING_DAYS, promisedReadyAt } from '@shared/promised-ready';
import type { CurrentStaff } from '../../auth/staff';
import { priceCategories, services } from '../../db/schema';
import type { AppServices } from '../../services';
import { counterBranch } from './counter-branch';

/*
 * What the counter screen starts from (issue 32, decision 049): the session's counter branch,
 * the price list by category (the catalogue as it is; 0 is call for price), and when a ticket
 * raised now would be promised ready.
 */
export async function counterSetup(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { staff: Pick<CurrentStaff, 'id' | 'role' | 'sessionBranchId'> },
) {
  const now = deps.now();
  const branch = await counterBranch(deps.db, { staff: input.staff, now });
  const categories = await deps.db
    .select()
    .from(priceCategories)
    .orderBy(asc(priceCategories.sortOrder), asc(priceCategories.id));
  const items = await deps.db
    .select()
    .from(services)
    .orderBy(asc(services.sortOrder), asc(services.id));
  return {
    branch: { id: branch.id, name: branch.name },
    turnaroundDays: COUNTER_TURNAROUND_WORKING_DAYS,
    promisedReadyAt: promisedReadyAt({
      week: branch.week,
      closures: branch.closures,
      droppedAt: now,
    }),
    categories: categories
      .map((c) => ({
        id: c.id,
        name: c.name,
        items: items
          .filter((s) => s.categoryId === c.id)
          .map((s) => ({ id: s.id, name: s.serviceName, pricePence: s.pricePence })),
      }))
      .filter((c) => c.items.length > 0),
  };
}
