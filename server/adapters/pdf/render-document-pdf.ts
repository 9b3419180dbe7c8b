import PDFDocument from 'pdfkit';
import { DateTime } from 'luxon';
import { LONDON_ZONE } from '@shared/london-time';
import { formatGbp } from '@shared/money';
import { VAT_RATE_PERCENT } from '@shared/vat';
import type { FinancialDocument } from './financial-document';

const A4_WIDTH = 595.28;
const MARGIN = 50;
const CONTENT_WIDTH = A4_WIDTH - 2 * MARGIN;

const day = (iso: string) => DateTime.fromISO(iso, { zone: LONDON_ZONE }).toFormat('d LLLL yyyy');

function titleOf(doc: FinancialDocument): string {
  if (doc.kind === 'receipt') return 'Receipt';
  if (doc.kind === 'credit-note') return 'Credit note';
  return doc.vat.simplified ? 'Simplified VAT invoice' : 'VAT invoice';
}

/**
 * An invoice, receipt or credit note as an A4 PDF (pdfkit, its built-in Helvetica: no font
 * files to ship). What HMRC asks of a VAT invoice (VAT Notice 700, section 16): the seller's
 * name, address and VAT number, a unique sequential number, the date of issue and the tax
 * point, what was supplied, the VAT rate and the VAT; a full invoice (over £250) also the
 * customer's name and address and each line without VAT.
 */
export function renderDocumentPdf(doc: FinancialDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${titleOf(doc)} ${doc.number}`, Author: doc.seller.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  // The seller, left; what the document is, right.
  const top = MARGIN;
  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#0f172a')
    .text(doc.seller.name, MARGIN, top, {
      width: CONTENT_WIDTH / 2,
    });
  pdf.font('Helvetica').fontSize(9).fillColor('#334155');
  for (const line of doc.seller.address) pdf.text(line, { width: CONTENT_WIDTH / 2 });
  pdf.text(`${doc.seller.phone} · ${doc.seller.email}`, { width: CONTENT_WIDTH / 2 });
  pdf.text(`VAT registration number: ${doc.seller.vatNumber}`, { width: CONTENT_WIDTH / 2 });
  pdf.text(`Company number: ${doc.seller.companyNumber}`, { width: CONTENT_WIDTH / 2 });
  const sellerBottom = pdf.y;

  const right = MARGIN + CONTENT_WIDTH / 2;
  pdf.font('Helvetica-Bold').fontSize(16).fillColor('#0f172a');
  pdf.text(titleOf(doc), right, top, { width: CONTENT_WIDTH / 2, align: 'right' });
  pdf.font('Helvetica').fontSize(9).fillColor('#334155');
  const facts: [string, string][] = [
    [doc.kind === 'credit-note' ? 'Credit note number' : 'Invoice number', doc.number],
    ['Date of issue', day(doc.issuedAt)],
  ];
  if (doc.kind === 'invoice') facts.push(['Tax point', day(doc.issuedAt)]);
  if (doc.credits) facts.push(['Credits invoice', doc.credits.invoiceNumber]);
  facts.push(['Order', doc.orderNumber]);
  for (const [label, value] of facts) {
    pdf.text(`${label}: ${value}`, right, pdf.y, { width: CONTENT_WIDTH / 2, align: 'right' });
  }
  pdf.y = Math.max(sellerBottom, pdf.y) + 18;

  // The customer.
  pdf.font('Helvetica-Bold').fontSize(10).fillColor('#0f172a').text('Billed to', MARGIN, pdf.y);
  pdf.font('Helvetica').fontSize(9).fillColor('#334155');
  pdf.text(doc.buyer.name);
  for (const line of doc.buyer.address) pdf.text(line);
  pdf.text(doc.buyer.email);
  pdf.moveDown(1.2);

  // The lines: a full invoice shows each line without VAT and its VAT.
  const full = !doc.vat.simplified || doc.kind === 'credit-note';
  const columns = full
    ? [
        { label: 'Description', width: 185, align: 'left' as const },
        { label: 'Qty', width: 35, align: 'right' as const },
        { label: 'Unit price', width: 65, align: 'right' as const },
        { label: 'Net', width: 60, align: 'right' as const },
        { label: `VAT ${VAT_RATE_PERCENT}%`, width: 50, align: 'right' as const },
        { label: 'Amount', width: 100.28, align: 'right' as const },
      ]
    : [
        { label: 'Description', width: 295, align: 'left' as const },
        { label: 'Qty', width: 40, align: 'right' as const },
        { label: 'Unit price', width: 70, align: 'right' as const },
        { label: 'Amount', width: 90.28, align: 'right' as const },
      ];
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    let x = MARGIN;
    let bottom = y;
    pdf
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor('#0f172a');
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      pdf.text(cell, x, y, { width: column.width - 4, align: column.align });
      bottom = Math.max(bottom, pdf.y);
      x += column.width;
    });
    pdf.y = bottom + 4;
  };
  const rule = () => {
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + CONTENT_WIDTH, pdf.y)
      .strokeColor('#cbd5e1')
      .stroke();
    pdf.y += 4;
  };
  row(
    columns.map((c) => c.label),
    true,
  );
  rule();
  for (const line of doc.vat.lines) {
    const base = [line.description, String(line.quantity), formatGbp(line.unitGrossPence)];
    row(
      full
        ? [...base, formatGbp(line.netPence), formatGbp(line.vatPence), formatGbp(line.grossPence)]
        : [...base, formatGbp(line.grossPence)],
    );
  }
  rule();

  // Totals, right-aligned.
  const total = (label: string, pence: number, bold = false) => {
    pdf
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 9)
      .fillColor('#0f172a');
    const y = pdf.y;
    pdf.text(label, MARGIN, y, { width: CONTENT_WIDTH - 100, align: 'right' });
    pdf.text(formatGbp(pence), MARGIN + CONTENT_WIDTH - 100, y, { width: 100, align: 'right' });
    pdf.moveDown(0.3);
  };
  if (full) total('Total without VAT', doc.vat.netPence);
  total(`VAT at ${VAT_RATE_PERCENT}%${full ? '' : ' (included)'}`, doc.vat.vatPence);
  total(
    doc.kind === 'credit-note' ? 'Total credited (VAT included)' : 'Total (VAT included)',
    doc.vat.grossPence,
    true,
  );

  if (doc.payments?.length) {
    pdf.moveDown(1);
    pdf.font('Helvetica-Bold').fontSize(10).text('Payments received', MARGIN, pdf.y);
    pdf.font('Helvetica').fontSize(9);
    for (const p of doc.payments) {
      pdf.text(`${day(p.at)}  ${p.method}  ${formatGbp(p.amountPence)}`);
    }
    const paid = doc.payments.reduce((sum, p) => sum + p.amountPence, 0);
    pdf.text(`Paid in total: ${formatGbp(paid)}`);
  }
  if (doc.credits) {
    pdf.moveDown(1);
    pdf.font('Helvetica').fontSize(9).text(`Reason: ${doc.credits.reason}`, MARGIN, pdf.y);
  }

  pdf.moveDown(2);
  pdf.font('Helvetica').fontSize(8).fillColor('#64748b');
  pdf.text(
    `Prices include VAT at ${VAT_RATE_PERCENT}%. ${doc.seller.name}, ${doc.seller.address.join(', ')}. VAT registration number ${doc.seller.vatNumber}.`,
    MARGIN,
    pdf.y,
    { width: CONTENT_WIDTH },
  );
  pdf.end();
  return done;
}
