import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { NotFoundError } from '../../errors';

export type OrderRow = typeof orders.$inferSelect;

/** One order by id, locked for update inside a transaction when `lock`; 404 when unknown. */
export async function findOrder(db: DbOrTx, id: string, lock = false) {
  const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new NotFoundError('We could not find that order.');
  return order;
}
