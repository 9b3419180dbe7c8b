import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_PIXELS, preparePhoto, UnreadableImageError } from './prepare-photo';

/** A small file that decodes to `width` × `height` pixels. */
const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('preparePhoto: decoded within bounds (issue 31, N5)', () => {
  it('takes what phones save by default, up to the newest 24-megapixel photos (5712 × 4284)', async () => {
    expect(5712 * 4284).toBeLessThanOrEqual(MAX_INPUT_PIXELS);
    const photo = await preparePhoto(await plain(5712, 4284));
    expect(photo.width).toBe(1600);
    expect(photo.contentType).toBe('image/jpeg');
  });

  it('refuses a file that claims more pixels before decoding it (48 or 64 megapixels)', async () => {
    await expect(preparePhoto(await plain(8000, 6000))).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
    await expect(preparePhoto(await plain(8000, 8000))).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
  });

  it('prepares photos one after another, and a refused one does not stop the next', async () => {
    const [small, bomb, other] = await Promise.all([
      plain(400, 300),
      plain(8000, 8000),
      plain(300, 400),
    ]);
    const results = await Promise.allSettled([
      preparePhoto(small),
      preparePhoto(bomb),
      preparePhoto(other),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
