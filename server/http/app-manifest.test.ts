import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderAppIcon } from './app-manifest';

/* The app's icons drawn from the brand's logo with sharp (issue 33, decision 059). */

describe('app icons from the logo', () => {
  it("draws each kind at its size: regular (transparent corners kept), maskable and Apple's (opaque)", async () => {
    const logo = await readFile('public/images/brand/logo.svg');
    for (const [size, purpose] of [
      [192, 'any'],
      [512, 'maskable'],
      [180, 'apple'],
    ] as const) {
      const png = await renderAppIcon(logo, size, purpose, '#0f4c5c');
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
      // The top-left pixel: the logo's rounded corner is transparent; the others fill it.
      const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const alpha = data[3];
      expect(alpha, purpose).toBe(purpose === 'any' ? 0 : 255);
    }
  });

  it("another brand's logo makes other icons", async () => {
    const logo = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></svg>',
    );
    const png = await renderAppIcon(logo, 96, 'any', '#000000');
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
  });
});
