import { setImmediate as nextTurn } from 'node:timers/promises';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

/** One garment's label: its tag as a barcode and in text, the order and the item. */
export type GarmentLabel = { tag: string; orderNumber: string; itemName: string };

const MM = 72 / 25.4;
/** Brother QL-style continuous 62 mm roll, cut at 29 mm: one label per page. */
export const LABEL_WIDTH_MM = 62;
export const LABEL_HEIGHT_MM = 29;
const WIDTH = LABEL_WIDTH_MM * MM;
const HEIGHT = LABEL_HEIGHT_MM * MM;
const MARGIN = 2.5 * MM;

/**
 * The tag as a Code 128 barcode (bwip-js), PNG: black bars on white with a quiet zone around
 * them (`padding`, `backgroundcolor`), or scanners cannot read it off the label.
 */
export function tagBarcodePng(tag: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text: tag,
    scale: 3,
    height: 9,
    includetext: false,
    padding: 6,
    backgroundcolor: 'FFFFFF',
  });
}

/**
 * A sheet of garment labels for a small label printer (decision 027): 62 × 29 mm pages, one
 * label each, the barcode across the top and the tag, order number and item below it in text
 * (pdfkit's built-in Helvetica). Drawn one label at a time with a turn of the event loop after
 * each: a sheet of 200 labels takes a second of CPU, and the other requests of the instance are
 * answered in between (issue 31, N4).
 */
export async function renderLabelSheet(
  labels: readonly GarmentLabel[],
  info: { title: string; author: string },
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    autoFirstPage: false,
    info: { Title: info.title, Author: info.author },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (const label of labels) {
    const barcode = await tagBarcodePng(label.tag);
    pdf.addPage({ size: [WIDTH, HEIGHT], margin: 0 });
    const inner = WIDTH - 2 * MARGIN;
    pdf.image(barcode, MARGIN, MARGIN, { fit: [inner, HEIGHT * 0.5], align: 'center' });
    const textTop = MARGIN + HEIGHT * 0.5 + 1;
    pdf
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#000000')
      .text(label.tag, MARGIN, textTop, { width: inner, align: 'center', lineBreak: false });
    pdf
      .font('Helvetica')
      .fontSize(7)
      .text(`${label.orderNumber} · ${label.itemName}`, MARGIN, textTop + 13, {
        width: inner,
        align: 'center',
        lineBreak: false,
        ellipsis: true,
        height: 9,
      });
    await nextTurn();
  }
  if (!labels.length) pdf.addPage({ size: [WIDTH, HEIGHT], margin: 0 });
  pdf.end();
  return done;
}
