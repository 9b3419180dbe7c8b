import { describe, expect, test } from 'vitest';
import { vatBreakdown } from '@shared/vat';
import { pdfText } from '@tests/helpers/pdf-text';
import type { FinancialDocument } from './financial-document';
import { renderDocumentPdf } from './render-document-pdf';

const seller = {
  name: 'Maida Vale Dry Cleaners',
  address: ['112 Elgin Avenue', 'London', 'W9 2HD'],
  vatNumber: 'GB 712 3456 78',
  companyNumber: '03412345',
  email: 'hello@maidavale-cleaners.co.uk',
  phone: '(020) 7328 5621',
};
const buyer = {
  name: 'Ada Lovelace',
  address: ['31 Warrington Crescent', 'London', 'W9 1ED'],
  email: 'ada@example.com',
};

function invoice(
  lines: { description: string; quantity: number; unitGrossPence: number }[],
): FinancialDocument {
  return {
    kind: 'invoice',
    number: 'INV-000042',
    issuedAt: '2026-11-24T10:30:00.000Z',
    orderNumber: 'LD-1042',
    seller,
    buyer,
    vat: vatBreakdown(lines),
  };
}

describe('invoice, receipt and credit note PDFs', () => {
  test('a simplified VAT invoice (up to £250): number, VAT number, lines, VAT included, totals', async () => {
    const bytes = await renderDocumentPdf(
      invoice([
        { description: 'Shirt', quantity: 3, unitGrossPence: 350 },
        { description: 'Two-piece suit', quantity: 1, unitGrossPence: 1595 },
      ]),
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Simplified VAT invoice');
    expect(text).toContain('Invoice number: INV-000042');
    expect(text).toContain('VAT registration number: GB 712 3456 78');
    expect(text).toContain('Date of issue: 24 November 2026');
    expect(text).toContain('Tax point: 24 November 2026');
    expect(text).toMatch(/Shirt 3 £3\.50 £10\.50/);
    expect(text).toMatch(/Two-piece suit 1 £15\.95 £15\.95/);
    expect(text).toMatch(/VAT at 20% \(included\) £4\.41/);
    expect(text).toMatch(/Total \(VAT included\) £26\.45/);
    expect(text).toContain('Ada Lovelace');
  });

  test('a full VAT invoice above £250: each line without VAT, its VAT, and the net total', async () => {
    const text = await pdfText(
      await renderDocumentPdf(
        invoice([{ description: 'Wedding dress', quantity: 1, unitGrossPence: 30_000 }]),
      ),
    );
    expect(text).toMatch(/Cleaners VAT invoice\n/);
    expect(text).not.toContain('Simplified');
    expect(text).toMatch(/Wedding dress 1 £300\.00 £250\.00 £50\.00 £300\.00/);
    expect(text).toMatch(/Total without VAT £250\.00/);
    expect(text).toMatch(/VAT at 20% £50\.00/);
    expect(text).toContain('31 Warrington Crescent');
  });

  test('a receipt lists the payments; a credit note names the invoice it credits and why', async () => {
    const base = invoice([{ description: 'Shirt', quantity: 2, unitGrossPence: 350 }]);
    const receipt = await pdfText(
      await renderDocumentPdf({
        ...base,
        kind: 'receipt',
        payments: [
          { at: '2026-11-25T09:00:00.000Z', method: 'Visa ending 4242', amountPence: 700 },
        ],
      }),
    );
    expect(receipt).toMatch(/Cleaners Receipt\n/);
    expect(receipt).toMatch(/25 November 2026 Visa ending 4242 £7\.00/);
    expect(receipt).toContain('Paid in total: £7.00');
    const credit = await pdfText(
      await renderDocumentPdf({
        ...base,
        kind: 'credit-note',
        number: 'CN-000003',
        vat: vatBreakdown([
          { description: 'Refund: shirt not cleaned', quantity: 1, unitGrossPence: 350 },
        ]),
        credits: { invoiceNumber: 'INV-000042', reason: 'A shirt came back uncleaned.' },
      }),
    );
    expect(credit).toContain('Credit note number: CN-000003');
    expect(credit).toContain('Credits invoice: INV-000042');
    expect(credit).toMatch(/Total credited \(VAT included\) £3\.50/);
    expect(credit).toContain('Reason: A shirt came back uncleaned.');
  });
});
