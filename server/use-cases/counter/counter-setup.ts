import { asc } from 'drizzle-orm';
import { COUNTER_SPEEDS, readyAtSpeed, speedLabel, surchargePercent } from '@shared/counter-speed';
import { promisedReadyAt } from '@shared/promised-ready';
import type { CurrentStaff } from '../../auth/staff';
import { priceCategories, services } from '../../db/schema';
import type { AppServices } from '../../services';
import { counterBranch } from './counter-branch';

/*
 * What the counter screen starts from (issue 32, decision 049): the session's counter branch,
 * the price list by category (the catalogue as it is; 0 is call for price), and when a ticket
 * raised now would be promised ready at each speed the branch offers (shared/counter-speed.ts).
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
  const hours = { week: branch.week, closures: branch.closures, droppedAt: now };
  // A standard ticket takes the branch's days or its slowest item's: each count's time, so the
  // screen shows the promise as items are added without asking again.
  const dayCounts = new Set([
    branch.offer.turnaroundDays,
    ...items.map((s) => s.turnaroundDays ?? 0).filter((d) => d > branch.offer.turnaroundDays),
  ]);
  return {
    branch: { id: branch.id, name: branch.name },
    offer: branch.offer,
    readyByDays: Object.fromEntries(
      [...dayCounts].map((workingDays) => [
        workingDays,
        promisedReadyAt({ ...hours, workingDays })?.toISOString() ?? null,
      ]),
    ) as Record<number, string | null>,
    // Each speed the branch offers, when a ticket of items of its standard turnaround would be
    // ready at it now, or why it cannot be had now (same day after the cut-off).
    speeds: COUNTER_SPEEDS.filter((speed) => surchargePercent(branch.offer, speed) !== null).map(
      (speed) => {
        const outcome = readyAtSpeed({ offer: branch.offer, ...hours, speed, items: [] });
        return {
          speed,
          label: speedLabel[speed],
          percent: surchargePercent(branch.offer, speed)!,
          readyAt: 'ready' in outcome ? (outcome.ready?.toISOString() ?? null) : null,
          refused: 'refused' in outcome ? outcome.refused.message : null,
        };
      },
    ),
    categories: categories
      .map((c) => ({
        id: c.id,
        name: c.name,
        items: items
          .filter((s) => s.categoryId === c.id)
          .map((s) => ({
            id: s.id,
            name: s.serviceName,
            pricePence: s.pricePence,
            turnaroundDays: s.turnaroundDays,
          })),
      }))
      .filter((c) => c.items.length > 0),
  };
}
