import { londonDate } from '@shared/london-time';
import type { OrderDocumentRef } from './vat-documents';

/**
 * An order's documents as a page or a reply lists them: a title for people and the address
 * of the PDF under `base` (the account's or the back office's order path), with the signed
 * payment token of a guest's link when there is one.
 */
export function documentLinks(
  base: string,
  refs: OrderDocumentRef[],
  paymentToken?: string | null,
) {
  const query = paymentToken ? `?t=${encodeURIComponent(paymentToken)}` : '';
  return refs.map((d) => ({
    kind: d.kind,
    number: d.number,
    title:
      d.kind === 'ticket'
        ? `Counter receipt (ticket), ${londonDate(d.issuedAt)}`
        : d.kind === 'receipt'
          ? `Receipt, ${londonDate(d.issuedAt)}`
          : `${d.kind === 'invoice' ? 'VAT invoice' : 'Credit note'} ${d.number}, ${londonDate(d.issuedAt)}`,
    url: `${base}/documents/${encodeURIComponent(d.number)}${query}`,
  }));
}

export type DocumentLink = ReturnType<typeof documentLinks>[number];
