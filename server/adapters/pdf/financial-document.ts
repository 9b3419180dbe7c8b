import type { VatBreakdown } from '@shared/vat';

/**
 * What an invoice, a receipt or a credit note says, as issued (issue 15). An invoice or a
 * credit note is kept exactly so in the database (`financial_documents.snapshot`): a VAT
 * document is never recomputed from data that may have changed since. A receipt is its
 * invoice with the payments made against it.
 */
export type FinancialDocument = {
  kind: 'invoice' | 'receipt' | 'credit-note';
  /** 'INV-000012' (a receipt carries its invoice's number), 'CN-000003'. */
  number: string;
  /** When it was issued; for an invoice also the tax point (ISO instant). */
  issuedAt: string;
  orderNumber: string;
  seller: {
    name: string;
    address: string[];
    vatNumber: string;
    companyNumber: string;
    email: string;
    phone: string;
  };
  buyer: { name: string; address: string[]; email: string };
  vat: VatBreakdown;
  /** A receipt: what was paid, when and how. */
  payments?: { at: string; method: string; amountPence: number }[];
  /** A credit note: the invoice it credits and why. */
  credits?: { invoiceNumber: string; reason: string; cashRefund?: boolean };
};

/** The file name a document is downloaded or attached as. */
export function documentFileName(doc: Pick<FinancialDocument, 'kind' | 'number'>): string {
  const what =
    doc.kind === 'receipt' ? 'receipt' : doc.kind === 'credit-note' ? 'credit-note' : 'invoice';
  return `${what}-${doc.number}.pdf`;
}
