import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfText } from '@tests/helpers/pdf-text';
import { renderTicketReceipt, type TicketReceipt } from './render-ticket-receipt';

/*
 * A counter ticket's receipt (issue 32, decision 049) as a thermal printer gets it: one page
 * 80 mm wide, the ticket number in text and as a Code 128 barcode that ZXing (a decoder we did
 * not write) reads back from the page printed at 300 dpi, the money, the promised time in
 * London and the spec's terms line.
 */

const receipt: TicketReceipt = {
  brandName: 'Maida Vale Dry Cleaners',
  branch: { name: 'Maida Vale', address: '48 Castellain Road, W9 1EX', phone: '(020) 7328 5621' },
  number: 'LD-100023',
  droppedAt: new Date('2026-11-27T22:10:00Z'),
  customerName: 'Wendy Walkin',
  lines: [
    { name: 'Trousers', quantity: 2, unitPricePence: 850, note: 'Missing top button' },
    {
      name: 'Wedding dress, a long name that wraps onto a second line',
      quantity: 1,
      unitPricePence: 15000,
      note: '',
    },
  ],
  totalPence: 16700,
  paidPence: 16700,
  tenderedPence: 20000,
  changePence: 3300,
  duePence: 0,
  // 30 November 2026 08:30 GMT.
  promisedReadyAt: new Date('2026-11-30T08:30:00Z'),
  invoiceNumber: 'INV-000001',
  terms: 'Items may be disposed of after 90 days undelivered.',
};

function rasterise(pdf: Buffer, dpi: number): Buffer[] {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const scale = mupdf.Matrix.scale(dpi / 72, dpi / 72);
  const pages: Buffer[] = [];
  for (let i = 0; i < document.countPages(); i++) {
    const pixmap = document.loadPage(i).toPixmap(scale, mupdf.ColorSpace.DeviceRGB, false, true);
    pages.push(Buffer.from(pixmap.asPNG()));
  }
  return pages;
}

async function decode(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

describe('counter ticket receipt', () => {
  it('is one 80 mm page with the ticket number as a barcode, the money, the time and the terms', async () => {
    const pdf = await renderTicketReceipt(receipt);
    const text = await pdfText(pdf);
    for (const words of [
      'Maida Vale Dry Cleaners',
      'Ticket LD-100023',
      '2 × Trousers',
      'Missing top button',
      '£167.00',
      '£200.00',
      '£33.00',
      'INV-000001',
      'Mon 30 Nov 2026, 08:30',
      'Items may be disposed of after 90 days undelivered.',
    ]) {
      expect(text).toContain(words);
    }
    const pages = rasterise(pdf, 300);
    expect(pages).toHaveLength(1);
    const size = await sharp(pages[0]).metadata();
    // 80 mm at 300 dpi.
    expect(size.width).toBeGreaterThanOrEqual(943);
    expect(size.width).toBeLessThanOrEqual(946);
    expect(await decode(pages[0]!)).toBe('LD-100023');
  });

  it('stays one page with many lines and notes (the roll is cut once)', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      name: `Item ${i + 1} with a name long enough to wrap onto another line of the roll`,
      quantity: 1,
      unitPricePence: 500,
      note: 'A note',
    }));
    const pdf = await renderTicketReceipt({ ...receipt, lines: many });
    expect(rasterise(pdf, 72)).toHaveLength(1);
  });
});
