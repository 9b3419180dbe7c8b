import type { AppServices } from '../../services';
import { documentsOfOrders, type OrderDocumentRef } from './vat-documents';

/** One order's VAT documents, newest first (documentLinks presents them). */
export async function listOrderDocuments(
  deps: Pick<AppServices, 'db'>,
  input: { orderId: string },
): Promise<OrderDocumentRef[]> {
  const byOrder = await documentsOfOrders(deps.db, [input.orderId]);
  return byOrder.get(input.orderId) ?? [];
}
