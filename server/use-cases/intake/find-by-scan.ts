import { orderNoIn } from '@shared/order-number';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { findTag } from './find-tag';
import type { Scanner } from './garment-scans';
import { listOrders } from '../orders/list-orders';

/**
 * What the board's scan box opens (walkthrough 20): a garment's tag opens that garment on its
 * order; an order number opens the order; anything else (a name, an e-mail, a postcode) is a
 * search of the orders list, which the caller shows. Returns the page to open, or null.
 */
export async function findByScan(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: { actor: Scanner; typed: string },
): Promise<string | null> {
  const typed = input.typed.trim();
  if (!typed) return null;
  try {
    const garment = await findTag(deps, { actor: input.actor, tag: typed });
    return `/admin/orders/${garment.orderId}#garment-${garment.orderGarmentId}`;
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  if (orderNoIn(deps.config.brand, typed) === null) return null;
  const [only, another] = await listOrders(deps, { search: typed, limit: 2 });
  return only && !another ? `/admin/orders/${only.id}` : null;
}
