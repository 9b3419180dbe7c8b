import PDFDocument from 'pdfkit';
import { DateTime } from 'luxon';
import { LONDON_ZONE } from '@shared/london-time';
import { formatGbp } from '@shared/money';
import { tagBarcodePng } from './render-label-sheet';

/** What a counter ticket's receipt shows (issue 32, decision 049): pence and instants. */
export type TicketReceipt = {
  brandName: string;
  branch: { name: string; address: string; phone: string };
  number: string;
  droppedAt: Date;
  customerName: string;
  lines: { name: string; quantity: number; unitPricePence: number; note: string }[];
  totalPence: number;
  paidPence: number;
  tenderedPence: number | null;
  changePence: number | null;
  duePence: number;
  promisedReadyAt: Date;
  invoiceNumber: string | null;
  terms: string;
};

const MM = 72 / 25.4;
/** An 80 mm thermal roll; 4 mm margins leave the 72 mm most such printers print. */
export const RECEIPT_WIDTH_MM = 80;
const WIDTH = RECEIPT_WIDTH_MM * MM;
const MARGIN = 4 * MM;
const INNER = WIDTH - 2 * MARGIN;

const when = (at: Date) =>
  DateTime.fromJSDate(at, { zone: LONDON_ZONE }).toFormat('ccc d LLL yyyy, HH:mm');

/**
 * The page's height: the roll is cut after the last line, so the page is as long as its text.
 * The items are measured in the fonts they are drawn in (a long name wraps).
 */
function heightOf(receipt: TicketReceipt): number {
  const measure = new PDFDocument({ size: [WIDTH, 10_000], margin: MARGIN });
  let items = 0;
  for (const line of receipt.lines) {
    measure.font('Helvetica').fontSize(9);
    items += measure.heightOfString(`${line.quantity} × ${line.name}`, { width: INNER - 50 });
    if (line.note) {
      measure.fontSize(7.5);
      items += measure.heightOfString(`   ${line.note}`, { width: INNER });
    }
  }
  measure.end();
  const money = 3 + (receipt.tenderedPence !== null ? 2 : 0) + (receipt.invoiceNumber ? 1 : 0);
  return 92 * MM + items + money * 5.5 * MM;
}

/**
 * A counter ticket's receipt for an 80 mm thermal printer: the branch, the ticket number in
 * text and as a Code 128 barcode (bwip-js, as the garment labels), the items, the total, what
 * was paid and what is due, the promised-ready time (London) and the terms. pdfkit's built-in
 * Helvetica, black on white.
 */
export async function renderTicketReceipt(receipt: TicketReceipt): Promise<Buffer> {
  const height = heightOf(receipt);
  const pdf = new PDFDocument({
    size: [WIDTH, height],
    margin: MARGIN,
    info: { Title: `Ticket ${receipt.number}`, Author: receipt.brandName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const centred = { width: INNER, align: 'center' as const };
  pdf.fillColor('#000000').font('Helvetica-Bold').fontSize(13);
  pdf.text(receipt.brandName, MARGIN, MARGIN, centred);
  pdf.font('Helvetica').fontSize(8.5);
  pdf.text(receipt.branch.name, centred);
  pdf.text(receipt.branch.address, centred);
  pdf.text(receipt.branch.phone, centred);
  pdf.moveDown(0.6);
  pdf.font('Helvetica-Bold').fontSize(16).text(`Ticket ${receipt.number}`, centred);
  const barcode = await tagBarcodePng(receipt.number);
  const barTop = pdf.y + 2;
  pdf.image(barcode, MARGIN + INNER * 0.1, barTop, {
    fit: [INNER * 0.8, 16 * MM],
    align: 'center',
  });
  pdf.y = barTop + 16 * MM + 4;
  pdf.font('Helvetica').fontSize(8.5);
  pdf.text(`Customer: ${receipt.customerName}`, MARGIN);
  pdf.text(`Handed in: ${when(receipt.droppedAt)}`, MARGIN);
  rule(pdf);
  for (const line of receipt.lines) {
    const y = pdf.y;
    pdf.font('Helvetica').fontSize(9);
    pdf.text(`${line.quantity} × ${line.name}`, MARGIN, y, { width: INNER - 50 });
    const after = pdf.y;
    pdf.text(formatGbp(line.quantity * line.unitPricePence), MARGIN + INNER - 50, y, {
      width: 50,
      align: 'right',
    });
    pdf.y = after;
    if (line.note) pdf.fontSize(7.5).text(`   ${line.note}`, MARGIN, pdf.y, { width: INNER });
  }
  rule(pdf);
  const row = (label: string, pence: number, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
    pdf.text(label, MARGIN, y, { width: INNER - 60 });
    pdf.text(formatGbp(pence), MARGIN + INNER - 60, y, { width: 60, align: 'right' });
  };
  row('Total', receipt.totalPence, true);
  if (receipt.tenderedPence !== null) row('Cash tendered', receipt.tenderedPence);
  if (receipt.changePence !== null) row('Change given', receipt.changePence);
  row('Paid', receipt.paidPence);
  row(
    receipt.duePence > 0 ? 'To pay at collection' : 'Due',
    receipt.duePence,
    receipt.duePence > 0,
  );
  if (receipt.invoiceNumber) {
    pdf.font('Helvetica').fontSize(8).text(`VAT invoice ${receipt.invoiceNumber}`, MARGIN);
  }
  rule(pdf);
  pdf.font('Helvetica-Bold').fontSize(10).text('Ready from', centred);
  pdf.fontSize(12).text(when(receipt.promisedReadyAt), centred);
  pdf.moveDown(0.6);
  pdf.font('Helvetica').fontSize(7.5).text(receipt.terms, centred);
  pdf.text('Please bring this ticket when you collect.', centred);
  pdf.end();
  return done;
}

function rule(pdf: PDFKit.PDFDocument) {
  pdf.moveDown(0.4);
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + INNER, pdf.y)
    .lineWidth(0.5)
    .dash(2, { space: 2 })
    .stroke('#000000')
    .undash();
  pdf.moveDown(0.4);
}
