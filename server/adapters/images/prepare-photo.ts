import sharp from 'sharp';

/**
 * Photos as the site keeps them (decision 025): upright (the camera's EXIF orientation applied
 * to the pixels), at most 1600 px on their longer side (never enlarged), re-encoded as JPEG in
 * sRGB, and with no metadata at all: no EXIF (above all no GPS position, no camera serial
 * number, no time taken), no XMP, no IPTC, no ICC profile (the pixels are converted to sRGB,
 * which browsers assume without one).
 */

/** The longer side of a kept photo, in pixels. */
export const PHOTO_MAX_SIDE = 1600;
/** JPEG quality: photos of garments and doorsteps stay sharp at about a tenth of the bytes. */
const JPEG_QUALITY = 82;
/**
 * Largest image decoded, in pixels: what phones save by default fits (12 megapixels, 24 on
 * the newest, 5712 × 4284); a small file that claims to be larger (a decompression bomb, or a
 * 48-megapixel raw mode) is refused before it is decoded. A decoded image takes 3 bytes a pixel.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

// One photo decoded at a time, on one libvips thread, with no cache of decoded images: a photo
// is prepared once, and a burst of uploads (a driver's round synced at once) must not hold
// many decoded photos in memory together (issue 31, N5). Staff wait a moment longer instead.
sharp.concurrency(1);
sharp.cache(false);
let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` after every photo before it has been prepared. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => undefined);
  return turn;
}
/** What phones and browsers send; anything else is refused rather than guessed at. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export type PreparedPhoto = {
  bytes: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
};

/** The image could not be read as a photo (not an image, a damaged one, far too large). */
export class UnreadableImageError extends Error {}

export function preparePhoto(input: Buffer): Promise<PreparedPhoto> {
  return oneAtATime(() => prepare(input));
}

async function prepare(input: Buffer): Promise<PreparedPhoto> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch (error) {
    throw new UnreadableImageError((error as Error).message);
  }
  if (!format || !READABLE.has(format)) {
    throw new UnreadableImageError(`unsupported format ${format ?? 'unknown'}`);
  }
  try {
    // Resized as it is decoded where the format allows (JPEG and WebP shrink-on-load: a
    // 12-megapixel JPEG is read at an eighth, a quarter or a half of its size).
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // The first frame of an animation; a damaged tail of a phone photo is still a photo.
      pages: 1,
      failOn: 'none',
      sequentialRead: true,
    })
      .autoOrient()
      .resize({
        width: PHOTO_MAX_SIDE,
        height: PHOTO_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      // Transparent pixels (a PNG) on white rather than black.
      .flatten({ background: '#ffffff' })
      // sharp writes no metadata unless asked (keepMetadata, withExif …): none is asked for.
      .jpeg({ quality: JPEG_QUALITY, progressive: true, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    throw new UnreadableImageError((error as Error).message);
  }
}
