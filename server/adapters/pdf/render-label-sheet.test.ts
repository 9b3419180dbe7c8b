import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../tests/helpers/pdf-text';
import { renderLabelSheet } from './render-label-sheet';

/*
 * The label sheet as a scanner sees it: each 62 × 29 mm page printed at 300 dpi (poppler's
 * pdftoppm) is read back by ZXing, a decoder we did not write, and gives the garment's tag.
 */

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

    const dir = mkdtempSync(path.join(tmpdir(), 'labels-'));
    try {
      writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
      execFileSync('pdftoppm', ['-r', '300', '-png', 'sheet.pdf', 'page'], { cwd: dir });
      const pages = ['page-1.png', 'page-2.png'].map((f) => readFileSync(path.join(dir, f)));
      const size = await sharp(pages[0]).metadata();
      // 62 × 29 mm at 300 dpi.
      expect(size.width).toBeGreaterThanOrEqual(730);
      expect(size.width).toBeLessThanOrEqual(734);
      expect(size.height).toBeGreaterThanOrEqual(341);
      expect(size.height).toBeLessThanOrEqual(344);
      expect(await decode(pages[0]!)).toBe('100042-01');
      expect(await decode(pages[1]!)).toBe('COAT-9');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
