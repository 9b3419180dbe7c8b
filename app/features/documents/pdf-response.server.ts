import { data } from 'react-router';
import { AppError, httpStatusOf } from '~/server/errors.server';
import { COUNTER_RECEIPT, downloadOrderDocument } from '~/server/orders.server';
import { customerTicketReceiptPdf } from '~/server/counter.server';
import type { AppServices } from '@server/services';

/**
 * The reply of a document download: the PDF inline (the browser shows it, with a save
 * button), never cached by shared caches; a malformed or unknown id or number is a 404.
 */
export async function orderDocumentResponse(
  services: AppServices,
  input: { orderId: string; number: string },
): Promise<Response> {
  if (!/^[0-9a-f-]{36}$/i.test(input.orderId)) throw data('Not found', { status: 404 });
  try {
    // A counter ticket's 80 mm receipt (issue 32) is listed beside its VAT documents.
    const file =
      input.number === COUNTER_RECEIPT
        ? await counterReceipt(services, input.orderId)
        : await downloadOrderDocument(services, input);
    return new Response(new Uint8Array(file.content), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${file.filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: httpStatusOf(error) });
    throw error;
  }
}

/** The receipt of a counter ticket, for whoever the route found may see the order. */
async function counterReceipt(services: AppServices, orderId: string) {
  const receipt = await customerTicketReceiptPdf(services, { orderId });
  if (!receipt) throw data('Not found', { status: 404 });
  return { filename: receipt.filename, content: receipt.pdf };
}
