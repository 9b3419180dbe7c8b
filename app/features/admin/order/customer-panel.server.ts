import { formatGbp } from '@shared/money';
import type { AppServices } from '@server/services';
import { planOfOrder } from '~/server/recurring.server';

/**
 * What the customer panel shows beside the order's reply: the price cap and the amount
 * approved above it, in pounds for people, and the repeat collection the order came from
 * (issue 18), or null.
 */
export async function loadCustomerPanel(
  services: Pick<AppServices, 'db' | 'now'>,
  order: { id: string; priceCapPence: number | null; approvedPence: number | null },
) {
  return {
    cap: order.priceCapPence === null ? null : formatGbp(order.priceCapPence),
    approved: order.approvedPence === null ? null : formatGbp(order.approvedPence),
    repeat: await planOfOrder(services, { orderId: order.id }),
  };
}

export type CustomerPanelData = Awaited<ReturnType<typeof loadCustomerPanel>>;
