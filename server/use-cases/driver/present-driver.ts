import { DateTime } from 'luxon';
import type { Brand } from '@shared/brand';
import { LONDON_ZONE } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';

/*
 * The driver's view's words (issue 16): the day a list is for and what an action did. A stop
 * itself is presented by the one presenter of orders (orders/present-order.ts,
 * driverStopView).
 */

/** "Tuesday 24 November", the day a list is for. */
export function driverDayLabel(date: string): string {
  return DateTime.fromISO(date, { zone: LONDON_ZONE }).toFormat('cccc d LLLL');
}

/** The reply of an action: what happened, and the stop as it stands now. */
export function stopActionText(
  brand: Brand,
  result: { orderNo: number; outcome: 'collected' | 'not-home' | 'delivered'; bags: number | null },
): string {
  const number = orderNumber(brand, result.orderNo);
  if (result.outcome === 'collected') {
    return `${number} collected (${result.bags} bag${result.bags === 1 ? '' : 's'}).`;
  }
  if (result.outcome === 'delivered') return `${number} delivered.`;
  return `${number}: not home. The customer has been e-mailed a link to choose a new time.`;
}
