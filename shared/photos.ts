/** Photos of an order (issue 16, decision 025): what they show, and how large an upload may be. */

export const photoKinds = ['collection', 'delivery', 'garment', 'damage'] as const;
export type PhotoKind = (typeof photoKinds)[number];

/** Largest photo upload, in bytes (a phone camera's JPEG is 2–8 MB). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The refusal of a photo over PHOTO_MAX_BYTES (said by the page before it sends one). */
export const PHOTO_TOO_LARGE = 'The photo is larger than 10 MB: please choose a smaller one.';

/** The image types the upload accepts (the bytes decide; this is what the browser sends). */
export const photoContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
