import type { AppServices } from '@server/services';
import { documentLinks, listOrderDocuments } from '~/server/orders.server';

/** The order's invoices, receipts and credit notes, as links under the staff order page. */
export async function loadOrderDocuments(services: Pick<AppServices, 'db'>, orderId: string) {
  return documentLinks(`/admin/orders/${orderId}`, await listOrderDocuments(services, { orderId }));
}
