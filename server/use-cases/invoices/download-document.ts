import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { orderDocumentPdf } from './vat-documents';

/**
 * One of an order's VAT documents as a PDF file ('INV-000012', 'CN-000003' or 'receipt'),
 * for whoever the caller has already found may see the order.
 */
export async function downloadOrderDocument(
  deps: Pick<AppServices, 'db'>,
  input: { orderId: string; number: string },
) {
  const number = input.number.slice(0, 40);
  const file = await orderDocumentPdf(deps.db, input.orderId, number);
  if (!file) throw new NotFoundError('We could not find that document.');
  return file;
}
