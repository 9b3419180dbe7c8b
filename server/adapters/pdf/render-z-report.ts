import PDFDocument from 'pdfkit';
import {
  zEntry,
  zReportOpenedClosed,
  zReportRows,
  zReportTitle,
  type TillDayView,
} from '@shared/z-report';

/*
 * A till day's Z report as an A4 PDF (issue 32, decision 056): the page's figures and words
 * (shared/z-report.ts, from the same presenter), for the shop's files and its accountant. A4,
 * not the 80 mm roll: a thermal slip fades within months and is filed with nothing else.
 * pdfkit's built-in Helvetica, as the receipt and the invoices.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;
const BOTTOM = A4[1] - MARGIN;

export async function renderZReport(day: TillDayView, brandName: string): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: A4,
    margin: MARGIN,
    info: { Title: `Z report ${day.branch} ${day.day}`, Author: brandName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.fillColor('#000000').font('Helvetica-Bold').fontSize(10).text(brandName, MARGIN, MARGIN);
  pdf.fontSize(16).text(zReportTitle(day), MARGIN, pdf.y + 4, { width: WIDTH });
  pdf.font('Helvetica').fontSize(9.5).text(zReportOpenedClosed(day), { width: WIDTH });
  pdf.moveDown(1);

  const figures = zReportRows(day);
  for (const [label, value] of figures) {
    const y = pdf.y;
    const strong = label === 'Total takings' || label === 'Difference';
    pdf.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    pdf.text(label, MARGIN, y, { width: WIDTH - 120 });
    pdf.text(value, MARGIN + WIDTH - 120, y, { width: 120, align: 'right' });
    pdf.y = y + 18;
    pdf
      .moveTo(MARGIN, pdf.y - 4)
      .lineTo(MARGIN + WIDTH, pdf.y - 4)
      .lineWidth(0.4)
      .stroke('#999999');
  }
  if (day.note) {
    pdf.moveDown(0.5);
    pdf.font('Helvetica').fontSize(10).text(`Note: ${day.note}`, MARGIN, pdf.y, { width: WIDTH });
  }

  pdf.moveDown(1.2);
  pdf.font('Helvetica-Bold').fontSize(12).text('Entries', MARGIN, pdf.y);
  pdf.moveDown(0.3);
  const columns = [
    { x: MARGIN, w: 45 },
    { x: MARGIN + 50, w: 250 },
    { x: MARGIN + 305, w: 100 },
    { x: MARGIN + WIDTH - 75, w: 75 },
  ];
  const row = (cells: string[], bold = false) => {
    if (pdf.y > BOTTOM - 20) pdf.addPage();
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    let next = y;
    cells.forEach((cell, i) => {
      pdf.text(cell, columns[i]!.x, y, {
        width: columns[i]!.w,
        align: i === 3 ? 'right' : 'left',
      });
      next = Math.max(next, pdf.y);
    });
    pdf.y = next + 3;
  };
  if (day.entries.length === 0) {
    pdf.font('Helvetica').fontSize(10).text('No money moved that day.', MARGIN, pdf.y);
  } else {
    row(['Time', 'What', 'By', 'Amount'], true);
    for (const entry of day.entries) {
      const { time, what, amount } = zEntry(entry);
      row([time, what, entry.by, amount]);
    }
  }
  pdf.end();
  return done;
}
