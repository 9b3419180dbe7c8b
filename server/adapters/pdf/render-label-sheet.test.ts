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
import { renderLabelSheet } from './render-label-sheet';

/*
 * The label sheet as a scanner sees it: each 62 × 29 mm page printed at 300 dpi (MuPDF, the
 * `mupdf` package's WebAssembly build: nothing to install beside npm, where poppler's pdftoppm
 * was a system package a fresh machine lacks) is read back by ZXing, a decoder we did not
 * write, and gives the garment's tag.
 */

/** Each page of a PDF as a PNG at `dpi`. */
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
  const luminance = new Uint8ClampedArray(data);
  const source = new RGBLuminanceSource(luminance, info.width, info.height);
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

describe('garment label sheet', () => {
  it('prints one label per garment whose barcode reads back as its tag', async () => {
    const labels = [
      { tag: '100042-01', orderNumber: 'LD-100042', itemName: 'Shirt on hanger' },
      { tag: 'COAT-9', orderNumber: 'LD-100042', itemName: 'Suit jacket / blazer' },
    ];
    const pdf = await renderLabelSheet(labels, { title: 'Labels', author: 'Shop' });
    const text = await pdfText(pdf);
    for (const l of labels) expect(text).toContain(l.tag);
    expect(text).toContain('LD-100042 · Suit jacket / blazer');

    const pages = rasterise(pdf, 300);
    expect(pages).toHaveLength(2);
    const size = await sharp(pages[0]).metadata();
    // 62 × 29 mm at 300 dpi.
    expect(size.width).toBeGreaterThanOrEqual(730);
    expect(size.width).toBeLessThanOrEqual(734);
    expect(size.height).toBeGreaterThanOrEqual(341);
    expect(size.height).toBeLessThanOrEqual(344);
    expect(await decode(pages[0]!)).toBe('100042-01');
    expect(await decode(pages[1]!)).toBe('COAT-9');
  });
});

describe('a large label sheet', () => {
  it('lets the event loop turn after each label: other requests are answered while it is drawn', async () => {
    const labels = Array.from({ length: 200 }, (_, i) => ({
      tag: `100042-${String(i + 1).padStart(2, '0')}`,
      orderNumber: 'LD-100042',
      itemName: 'Shirt on hanger',
    }));
    // Another piece of work asking for a turn of the event loop again and again meanwhile.
    let turns = 0;
    let drawing = true;
    const other = (async () => {
      while (drawing) {
        turns += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const pdf = await renderLabelSheet(labels, { title: 'Labels', author: 'Shop' });
    drawing = false;
    await other;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(turns).toBeGreaterThanOrEqual(labels.length);
  });
});
