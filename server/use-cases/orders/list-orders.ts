import { and, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { orderNoIn, type OrderNumbering } from '@shared/order-number';
import type { OrderStatus } from '@shared/order-status';
import type { AppServices } from '../../services';
import { escapeLike } from '../../db/sql';
import { orders } from '../../db/schema';

/** Orders in one status (or all), newest collection first; for the board's status tabs. Rows. */
export async function listOrders(
  deps: Pick<AppServices, 'db' | 'config'>,
  filter: {
    status?: OrderStatus;
    search?: string;
    limit?: number;
    /** Issue 32: orders of these branches and those of none; absent or null: every order. */
    branchIds?: number[] | null;
  },
) {
  const { db } = deps;
  /** How order numbers are typed in a search (the brand's prefix). */
  const numbering: OrderNumbering = deps.config.brand;
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(orders.status, filter.status) : undefined,
    ofBranches(filter.branchIds),
  ];
  const search = filter.search?.trim();
  if (search) {
    const no = orderNoIn(numbering, search);
    conditions.push(
      no !== null
        ? eq(orders.orderNo, no)
        : or(
            eq(orders.postcode, search.toUpperCase()),
            ilike(orders.customerName, `%${escapeLike(search)}%`),
            ilike(orders.customerEmail, `%${escapeLike(search)}%`),
          ),
    );
  }
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.pickupStartsAt))
    .limit(Math.min(filter.limit ?? 100, 300));
}

/** The orders a branch scope shows (issue 32): its branches' and those no branch serves. */
export function ofBranches(branchIds: number[] | null | undefined): SQL | undefined {
  if (!branchIds) return undefined;
  return branchIds.length === 0
    ? isNull(orders.branchId)
    : or(inArray(orders.branchId, branchIds), isNull(orders.branchId));
}
