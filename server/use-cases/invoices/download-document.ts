import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { customerTicketReceiptPdf } from '../counter/ticket';
import { COUNTER_RECEIPT, orderDocumentPdf } from './vat-documents';

/**
 * One of an order's VAT documents as a PDF file ('INV-000012', 'CN-000003' or 'receipt'), or
 * a counter ticket's receipt ('ticket'),
 * for whoever the caller has already found may see the order.
 */
export async function downloadOrderDocument(
  deps: Pick<AppServices, 'db' | 'config'>,
  input: { orderId: string; number: string },
) {
  const number = input.number.slice(0, 40);
  // A counter ticket's 80 mm receipt (issue 32), listed beside its VAT documents.
  if (number === COUNTER_RECEIPT) {
    const receipt = await customerTicketReceiptPdf(deps, { orderId: input.orderId });
    if (!receipt) throw new NotFoundError('We could not find that document.');
    return { filename: receipt.filename, contentType: 'application/pdf', content: receipt.pdf };
  }
  const file = await orderDocumentPdf(deps.db, input.orderId, number);
  if (!file) throw new NotFoundError('We could not find that document.');
  return file;
}
