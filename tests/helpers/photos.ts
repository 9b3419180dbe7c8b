import sharp from 'sharp';

/*
 * Photos for tests of issue 16: a phone-like JPEG that carries a GPS position and an EXIF
 * orientation, and a reader of the GPS tags a JPEG's EXIF holds.
 */

/**
 * A JPEG of `width` × `height` stored pixels, red in its top quarter and blue below, with EXIF
 * naming a camera, a GPS position (Maida Vale) and orientation 6 (shown turned a quarter
 * clockwise: what a phone held upright writes), so the red is on the right once upright.
 */
export async function phonePhotoWithGps(width = 2400, height = 1200): Promise<Buffer> {
  const red = await sharp({
    create: { width, height: Math.round(height / 4), channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, top: 0, left: 0 }])
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 31/1 3000/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 11/1 2000/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The tag numbers of the GPS section of an EXIF block (sharp's `metadata().exif`); [] if none. */
export function gpsTagsOf(exif: Buffer | undefined): number[] {
  if (!exif) return [];
  const start = exif.indexOf('Exif\0\0');
  const tiff = exif.subarray(start >= 0 ? start + 6 : 0);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (ifd: number) =>
    Array.from({ length: u16(ifd) }, (_, i) => ({
      tag: u16(ifd + 2 + i * 12),
      value: u32(ifd + 2 + i * 12 + 8),
    }));
  const gps = entries(u32(4)).find((e) => e.tag === 0x8825);
  return gps ? entries(gps.value).map((e) => e.tag) : [];
}

/** The colour of one pixel of an image, as [r, g, b]. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}
